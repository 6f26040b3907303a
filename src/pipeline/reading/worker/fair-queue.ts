import { ReadingCapacityError } from '../../model/errors.js';

/**
 * Admission to the reading pool's threads: who runs next when a thread frees up, and how long
 * work may wait for one (issue 10: one organization's 100 OCR pages stalled another's 1-page
 * statement for up to a minute, and under overload every call waited its whole deadline and
 * ended 500).
 *
 * Fair share: one queue per share key (the organization), served round-robin; inside an
 * organization, its oldest read first, and each read's own tasks in order. So another
 * organization's text-layer statement waits for at most the tasks already running, never for
 * someone else's queue of pages. Oldest first inside an organization (not turns between its
 * reads) because under overload turns would spread the thread over every waiting read: each
 * would finish late or be refused after part of its work was done (a first run showed 200s
 * after 40 s and refusals after their text layer had been read); oldest first finishes what
 * was started and refuses the newest.
 *
 * Bounded wait: a task that waits `waitBoundMs` while its read makes no progress — no task of
 * that read running, none started or finished in that time — is refused with
 * ReadingCapacityError (the API answers 503 with Retry-After), and so is one still waiting when
 * the read's deadline passes while none of its tasks runs. A long document whose pages keep running is never refused here
 * (its deadline bounds it), however many of its pages still wait.
 */
export interface ReadTicket {
  /** Whose turn this counts against: the organization. */
  readonly shareKey: string;
  /** Arrival order of the read: inside an organization the oldest read is served first. */
  readonly seq: number;
  /** Tasks of this read running now. */
  running: number;
  /** When a task of this read last started or finished (ms, performance.now()). */
  lastProgressAt: number;
}

let ticketSeq = 0;

export function newTicket(shareKey: string): ReadTicket {
  return { shareKey, seq: ticketSeq++, running: 0, lastProgressAt: performance.now() };
}

interface Waiting {
  ticket: ReadTicket;
  enqueuedAt: number;
  start: () => void;
  refuse: (err: Error) => void;
}

export interface FairQueueStats {
  /** Tasks waiting for a thread. */
  waiting: number;
  /** Tasks holding a thread. */
  active: number;
  /** Tasks refused because they waited too long. */
  refused: number;
}

export class FairQueue {
  /** share key → ticket → its waiting tasks, in arrival order (Map order is the round-robin ring). */
  readonly #queues = new Map<string, Map<ReadTicket, Waiting[]>>();
  #lastShare: string | undefined;
  #active = 0;
  #waiting = 0;
  #refused = 0;

  constructor(
    private readonly slots: number,
    private readonly waitBoundMs: number,
  ) {}

  /**
   * Waits for a slot for one task of `ticket`'s read; resolves with a release function once it
   * holds one. Rejects with ReadingCapacityError when the wait bound passes without progress,
   * and when `signal` aborts while still waiting (with its reason, or with ReadingCapacityError
   * when `deadlineIsCapacity(reason)`: the read's time ran out while it only waited).
   */
  acquire(ticket: ReadTicket, signal: AbortSignal, deadlineIsCapacity: (reason: unknown) => boolean): Promise<() => void> {
    signal.throwIfAborted();
    return new Promise<() => void>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const cleanup = () => {
        if (timer) clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
      };
      const item: Waiting = {
        ticket,
        enqueuedAt: performance.now(),
        start: () => {
          cleanup();
          this.#active++;
          ticket.running++;
          ticket.lastProgressAt = performance.now();
          let released = false;
          resolve(() => {
            if (released) return;
            released = true;
            this.#active--;
            ticket.running--;
            ticket.lastProgressAt = performance.now();
            this.#dispatch();
          });
        },
        refuse: (err) => {
          cleanup();
          reject(err);
        },
      };
      const onAbort = () => {
        if (!this.#remove(item)) return;
        const reason: unknown = signal.reason;
        // The deadline is a lack of capacity only when the read was waiting, not running: with a
        // task of it on a thread, the deadline is the processing's own (its reason stands).
        const starved = ticket.running === 0 && deadlineIsCapacity(reason);
        item.refuse(starved ? capacityError(this.waitBoundMs) : (reason as Error));
      };
      const check = () => {
        const idle = ticket.running > 0 ? 0 : performance.now() - Math.max(item.enqueuedAt, ticket.lastProgressAt);
        if (idle >= this.waitBoundMs) {
          if (this.#remove(item)) {
            this.#refused++;
            item.refuse(capacityError(this.waitBoundMs));
          }
          return;
        }
        timer = setTimeout(check, Math.max(10, this.waitBoundMs - idle));
        timer.unref?.();
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.#enqueue(item);
      this.#dispatch();
      if (this.#contains(item)) check();
    });
  }

  stats(): FairQueueStats {
    return { waiting: this.#waiting, active: this.#active, refused: this.#refused };
  }

  #enqueue(item: Waiting): void {
    let share = this.#queues.get(item.ticket.shareKey);
    if (!share) this.#queues.set(item.ticket.shareKey, (share = new Map()));
    const list = share.get(item.ticket);
    if (list) list.push(item);
    else share.set(item.ticket, [item]);
    this.#waiting++;
  }

  #contains(item: Waiting): boolean {
    return this.#queues.get(item.ticket.shareKey)?.get(item.ticket)?.includes(item) ?? false;
  }

  #remove(item: Waiting): boolean {
    const share = this.#queues.get(item.ticket.shareKey);
    const list = share?.get(item.ticket);
    const at = list?.indexOf(item) ?? -1;
    if (!share || !list || at < 0) return false;
    list.splice(at, 1);
    if (list.length === 0) share.delete(item.ticket);
    if (share.size === 0) this.#queues.delete(item.ticket.shareKey);
    this.#waiting--;
    return true;
  }

  #dispatch(): void {
    while (this.#active < this.slots && this.#waiting > 0) {
      const shareKey = nextAfter(this.#queues.keys(), this.#lastShare)!;
      const share = this.#queues.get(shareKey)!;
      let ticket: ReadTicket | undefined;
      for (const t of share.keys()) if (!ticket || t.seq < ticket.seq) ticket = t;
      const item = share.get(ticket!)![0]!;
      this.#remove(item);
      this.#lastShare = shareKey;
      item.start();
    }
  }
}

/**
 * Round-robin over a Map's keys in insertion order (the ring): the key after the one served
 * last, wrapping to the first. A queue that empties leaves the ring and rejoins at its end.
 */
function nextAfter<K>(keys: IterableIterator<K>, last: K | undefined): K | undefined {
  let first: K | undefined;
  let sawLast = false;
  for (const k of keys) {
    if (first === undefined) first = k;
    if (sawLast) return k;
    if (k === last) sawLast = true;
  }
  return first;
}

function capacityError(waitBoundMs: number): ReadingCapacityError {
  return new ReadingCapacityError(waitBoundMs);
}
