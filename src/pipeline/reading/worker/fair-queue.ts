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
 * Light lane (issue 20): besides its `slots` for any work, the queue can have `lightSlots` that
 * only light work (a PDF's text pass) may take, and that OCR never occupies. A light task takes
 * a light slot when one is free, else a free slot of the others; heavy work (OCR of a page) only
 * the others. So another organization's text statement never waits for a long scan's pages,
 * which hold every other thread for seconds each (measured in docs/reading.md, "Sharing the
 * pool"); with `lightSlots` 0 every task is alike.
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

/** Light: a PDF's text pass (milliseconds a page); heavy: rendering and OCR of a page (seconds). */
export type TaskWeight = 'light' | 'heavy';

/** Which of the queue's slots a task was given: the light lane's or the others'. */
export type Lane = 'main' | 'light';

/** A granted slot: call it to release the slot; `lane` says which kind of slot it is. */
export type Grant = (() => void) & { readonly lane: Lane };

interface Waiting {
  ticket: ReadTicket;
  weight: TaskWeight;
  enqueuedAt: number;
  start: (lane: Lane) => void;
  refuse: (err: Error) => void;
}

export interface FairQueueStats {
  /** Tasks waiting for a thread. */
  waiting: number;
  /** Tasks holding a thread (either lane). */
  active: number;
  /** Tasks refused because they waited too long. */
  refused: number;
}

export class FairQueue {
  /** share key → ticket → its waiting tasks, in arrival order (Map order is the round-robin ring). */
  readonly #queues = new Map<string, Map<ReadTicket, Waiting[]>>();
  #lastShare: string | undefined;
  #active = 0;
  #activeLight = 0;
  #waiting = 0;
  #refused = 0;

  constructor(
    private readonly slots: number,
    private readonly waitBoundMs: number,
    private readonly lightSlots = 0,
  ) {}

  /**
   * Waits for a slot for one task of `ticket`'s read; resolves with a release function once it
   * holds one. Rejects with ReadingCapacityError when the wait bound passes without progress,
   * and when `signal` aborts while still waiting (with its reason, or with ReadingCapacityError
   * when `deadlineIsCapacity(reason)`: the read's time ran out while it only waited).
   */
  acquire(
    ticket: ReadTicket,
    signal: AbortSignal,
    deadlineIsCapacity: (reason: unknown) => boolean,
    weight: TaskWeight = 'heavy',
  ): Promise<Grant> {
    signal.throwIfAborted();
    return new Promise<Grant>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const cleanup = () => {
        if (timer) clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
      };
      const item: Waiting = {
        ticket,
        weight,
        enqueuedAt: performance.now(),
        start: (lane) => {
          cleanup();
          if (lane === 'light') this.#activeLight++;
          else this.#active++;
          ticket.running++;
          ticket.lastProgressAt = performance.now();
          let released = false;
          const release = () => {
            if (released) return;
            released = true;
            if (lane === 'light') this.#activeLight--;
            else this.#active--;
            ticket.running--;
            ticket.lastProgressAt = performance.now();
            this.#dispatch();
          };
          resolve(Object.assign(release, { lane }));
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
    return { waiting: this.#waiting, active: this.#active + this.#activeLight, refused: this.#refused };
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

  /** The lane a task of this weight would get now, or null when it has to wait. */
  #laneFor(weight: TaskWeight): Lane | null {
    if (weight === 'light' && this.#activeLight < this.lightSlots) return 'light';
    return this.#active < this.slots ? 'main' : null;
  }

  #dispatch(): void {
    while (this.#waiting > 0) {
      // Organizations in turn, from the one after the last served; in each, its oldest read's
      // first task that can start now (a light task can while the heavy ones cannot).
      let next: { item: Waiting; lane: Lane } | undefined;
      for (const shareKey of ringFrom(this.#queues.keys(), this.#lastShare)) {
        const tickets = [...this.#queues.get(shareKey)!.entries()].sort(([a], [b]) => a.seq - b.seq);
        for (const [, items] of tickets) {
          for (const item of items) {
            const lane = this.#laneFor(item.weight);
            if (lane) {
              next = { item, lane };
              break;
            }
          }
          if (next) break;
        }
        if (next) break;
      }
      if (!next) return;
      this.#remove(next.item);
      this.#lastShare = next.item.ticket.shareKey;
      next.item.start(next.lane);
    }
  }
}

/**
 * Round-robin over a Map's keys in insertion order (the ring): every key once, starting with
 * the one after the key served last and wrapping around. A queue that empties leaves the ring
 * and rejoins at its end.
 */
function ringFrom<K>(keys: IterableIterator<K>, last: K | undefined): K[] {
  const all = [...keys];
  const at = last === undefined ? -1 : all.indexOf(last);
  return [...all.slice(at + 1), ...all.slice(0, at + 1)];
}

function capacityError(waitBoundMs: number): ReadingCapacityError {
  return new ReadingCapacityError(waitBoundMs);
}
