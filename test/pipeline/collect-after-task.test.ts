import assert from 'node:assert/strict';
import { once } from 'node:events';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { watchTaskMemory } from '../../src/pipeline/reading/worker/collect-after-task.js';

const MB = 1024 * 1024;

/** Runs test/support/task-memory-worker.ts in a thread of its own and returns what it reports. */
async function idleThreadAfterTask(watch: boolean): Promise<{ during: number; after: number }> {
  // tsx's loader is registered in the thread before the TypeScript entry is imported.
  const entry = new URL('../support/task-memory-worker.ts', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const worker = new Worker(`import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(entry)}); });`, {
    eval: true,
    workerData: { mb: 192, watch, idleMs: 1500 },
  });
  try {
    const [report] = (await once(worker, 'message')) as [{ during: number; after: number }];
    return report;
  } finally {
    await worker.terminate();
  }
}

describe('a pool thread gives back the memory of a large task (issue 10: deflate bomb)', { timeout: 60_000 }, () => {
  test('an idle thread keeps a finished task’s buffers unless the task is collected after it ends', async () => {
    const kept = await idleThreadAfterTask(false);
    const given = await idleThreadAfterTask(true);
    assert.ok(kept.during >= 192 * MB && given.during >= 192 * MB, 'both tasks held their 192 MB');
    // Without the watch V8 has no reason to collect an idle thread: the buffers stay.
    assert.ok(kept.after >= 128 * MB, `unwatched: ${Math.round(kept.after / MB)} MB still held`);
    assert.ok(given.after <= 32 * MB, `watched: ${Math.round(given.after / MB)} MB still held`);
  });

  test('the collection runs after the task has answered, and only when the task grew past the threshold', async () => {
    let runs = 0;
    const collect = () => {
      runs++;
    };
    const small = watchTaskMemory(64 * MB, collect);
    let kept: Uint8Array[] | undefined = [new Uint8Array(16 * MB).fill(1)];
    small.end();
    await nextTurn();
    await nextTurn();
    assert.equal(runs, 0, 'a task that grew by 16 MB is not collected');

    const large = watchTaskMemory(64 * MB, collect);
    kept = Array.from({ length: 6 }, () => new Uint8Array(16 * MB).fill(1));
    large.end();
    assert.equal(runs, 0, 'not on the task’s own time');
    await nextTurn();
    await nextTurn();
    assert.equal(runs, 1, 'a task that grew by 96 MB is collected once');
    assert.equal(kept.length, 6);
    kept = undefined;
  });
});
