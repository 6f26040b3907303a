/**
 * The reading pool's admission (issue 10 items 2 and 4): threads are shared round-robin between
 * organizations, and work that cannot get a thread within the wait bound — or before its
 * deadline — is refused with ReadingCapacityError (503 at the API) instead of waiting it out.
 * FairQueue is the scheduler in front of the threads; here its slots are held by plain timers.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { ProcessingTimeoutError, ReadingCapacityError } from '../../src/pipeline/model/errors.js';
import { FairQueue, newTicket, type ReadTicket } from '../../src/pipeline/reading/worker/fair-queue.js';

const never = new AbortController().signal;
const deadlineIsCapacity = (reason: unknown) => reason instanceof ProcessingTimeoutError;

/** Takes a slot for `ticket`, holds it `ms`, and records `label` when it got the slot. */
async function task(queue: FairQueue, ticket: ReadTicket, ms: number, order: string[], label: string, signal = never): Promise<void> {
  const release = await queue.acquire(ticket, signal, deadlineIsCapacity);
  order.push(label);
  await sleep(ms);
  release();
}

describe('FairQueue', () => {
  it('a second organization is served before the first one\'s long queue drains', async () => {
    const queue = new FairQueue(1, 60_000);
    const order: string[] = [];
    const big = newTicket('org-a');
    const pages = Array.from({ length: 20 }, (_, i) => task(queue, big, 20, order, `a${i + 1}`));
    await sleep(5); // a1 holds the slot, a2…a20 wait
    const small = task(queue, newTicket('org-b'), 1, order, 'b');
    await Promise.all([...pages, small]);
    assert.equal(order.indexOf('b'), 1, `b right after the running a1: ${order.join(' ')}`);
  });

  it('organizations take turns; inside one, its oldest read goes first and each read keeps its order', async () => {
    const queue = new FairQueue(1, 60_000);
    const order: string[] = [];
    const blocker = task(queue, newTicket('org-z'), 30, order, 'z');
    await sleep(5);
    const a1 = newTicket('org-a');
    const a2 = newTicket('org-a');
    const b = newTicket('org-b');
    const all = [
      task(queue, a2, 1, order, 'a2.1'), // queued first, but a1 is the older read
      task(queue, a1, 1, order, 'a1.1'),
      task(queue, a1, 1, order, 'a1.2'),
      task(queue, a1, 1, order, 'a1.3'),
      task(queue, b, 1, order, 'b.1'),
      task(queue, b, 1, order, 'b.2'),
    ];
    await Promise.all([blocker, ...all]);
    assert.deepEqual(order, ['z', 'a1.1', 'b.1', 'a1.2', 'b.2', 'a1.3', 'a2.1']);
  });

  it('work that waits the bound without progress is refused with ReadingCapacityError; the running read is not', async () => {
    const queue = new FairQueue(1, 200);
    const order: string[] = [];
    const long = newTicket('org-a');
    // One read of two 400 ms tasks: its second waits 400 ms, but behind its own running task.
    const own = Promise.all([task(queue, long, 400, order, 'a1'), task(queue, long, 10, order, 'a2')]);
    await sleep(5);
    const startedAt = performance.now();
    const refused = await task(queue, newTicket('org-b'), 10, order, 'b').then(
      () => null,
      (err: unknown) => err,
    );
    const waited = performance.now() - startedAt;
    assert.ok(refused instanceof ReadingCapacityError, `refused: ${String(refused)}`);
    assert.ok(waited >= 190, `not before the bound (${waited.toFixed(0)} ms)`);
    assert.deepEqual(order, ['a1'], 'refused while a1 still ran (the bound, not the end of the queue)');
    await own;
    assert.deepEqual(order, ['a1', 'a2']);
    assert.deepEqual(queue.stats(), { waiting: 0, active: 0, refused: 1 });
  });

  it('a deadline that passes while waiting is a lack of capacity; a cancellation keeps its reason', async () => {
    const queue = new FairQueue(1, 60_000);
    const order: string[] = [];
    const running = task(queue, newTicket('org-a'), 300, order, 'a');
    await sleep(5);
    const deadline = new AbortController();
    const timedOut = task(queue, newTicket('org-b'), 1, order, 'b', deadline.signal);
    const cancel = new AbortController();
    const cancelled = task(queue, newTicket('org-c'), 1, order, 'c', cancel.signal);
    const gone = new Error('client gone');
    deadline.abort(new ProcessingTimeoutError(100));
    cancel.abort(gone);
    await assert.rejects(timedOut, ReadingCapacityError);
    await assert.rejects(cancelled, (err: unknown) => err === gone);
    await running;
    assert.deepEqual(order, ['a']);
    assert.equal(queue.stats().waiting, 0);
  });
  it('light lane: a text pass starts while OCR holds every other slot; OCR never takes the light slot; a text pass takes a free other slot when the light one is busy', async () => {
    const queue = new FairQueue(2, 60_000, 1);
    const lanes: string[] = [];
    const hold = async (ticket: ReadTicket, weight: 'light' | 'heavy', ms: number, label: string) => {
      const grant = await queue.acquire(ticket, never, deadlineIsCapacity, weight);
      lanes.push(`${label}:${grant.lane}`);
      await sleep(ms);
      grant();
    };
    const scan = newTicket('org-a');
    // Three OCR pages of A: two run, the third waits — it does not take the light slot.
    const pages = [hold(scan, 'heavy', 150, 'a1'), hold(scan, 'heavy', 150, 'a2'), hold(scan, 'heavy', 10, 'a3')];
    await sleep(5);
    assert.deepEqual(queue.stats(), { waiting: 1, active: 2, refused: 0 });
    // B's text pass starts at once, on the light slot, while A's pages hold the others.
    const text = hold(newTicket('org-b'), 'light', 50, 'b');
    await sleep(5);
    assert.deepEqual(lanes, ['a1:main', 'a2:main', 'b:light']);
    assert.deepEqual(queue.stats(), { waiting: 1, active: 3, refused: 0 });
    await Promise.all([...pages, text]);
    assert.deepEqual(lanes, ['a1:main', 'a2:main', 'b:light', 'a3:main']);
    // Light slot busy, another slot free: the second text pass takes the free one.
    lanes.length = 0;
    const busy = hold(newTicket('org-c'), 'light', 60, 'c');
    const other = hold(newTicket('org-d'), 'light', 10, 'd');
    await Promise.all([busy, other]);
    assert.deepEqual(lanes, ['c:light', 'd:main']);
  });

  it('without a light lane every task is alike: a text pass waits for a slot like OCR does', async () => {
    const queue = new FairQueue(1, 60_000);
    const order: string[] = [];
    const page = task(queue, newTicket('org-a'), 60, order, 'a');
    await sleep(5);
    const text = queue.acquire(newTicket('org-b'), never, deadlineIsCapacity, 'light').then((grant) => {
      order.push(`b:${grant.lane}`);
      grant();
    });
    await Promise.all([page, text]);
    assert.deepEqual(order, ['a', 'b:main']);
  });
});
