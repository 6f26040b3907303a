import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { ProcessingTimeoutError } from '../../src/pipeline/model/errors.js';
import { availableEngines } from './ocr-engines.js';
import { readFixture, testReader } from './helpers.js';

/**
 * CPU ticks (user + system) a process has used so far, or -1 once it has ended: gone, or a
 * zombie (state Z) — a killed process may still use CPU to exit, but it holds no page.
 */
function cpuTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z') return -1;
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return -1;
  }
}

/**
 * Tesseract children still working: native tesseract runs one long-lived process per pool thread
 * (adapters/ocr/tesseract-native-stream.ts), so a thread that was idle keeps its process, waiting
 * for the next page; the aborted pages' processes are killed. A process that uses no CPU for
 * half a second holds no page.
 */
async function busyTesseractChildren(): Promise<number[]> {
  const before = tesseractChildren().map((pid) => ({ pid, ticks: cpuTicks(pid) }));
  await sleep(500);
  return before.filter(({ pid, ticks }) => {
    const now = cpuTicks(pid);
    return now !== -1 && now !== ticks;
  }).map(({ pid }) => pid);
}

/** Child processes of this process whose command is `tesseract` (native engine only). */
function tesseractChildren(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/u.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (comm === 'tesseract' && ppid === process.pid) pids.push(Number(entry));
    } catch {
      // process ended while listing
    }
  }
  return pids;
}

for (const engine of availableEngines()) {
  describe(`abort with ${engine}`, () => {
    const reader = testReader({ ocrEngine: engine });
    after(() => reader.close());

    it('a deadline during OCR rejects with its reason and leaves nothing running', async () => {
      // Warm the pool so the abort lands in OCR, not in worker start-up.
      await readFixture(reader, 'rotated180');
      const controller = new AbortController();
      const reading = readFixture(reader, 'scan3', { signal: controller.signal });
      // Wait until page tasks are actually running, then let the deadline pass.
      while (reader.stats().running < 2) await sleep(10);
      await sleep(200);
      const deadline = new ProcessingTimeoutError(1000);
      controller.abort(deadline);
      await assert.rejects(reading, (err: unknown) => err === deadline);
      assert.deepEqual(reader.stats().running, 0, 'no task still running when read() has rejected');
      assert.equal(reader.stats().queued, 0);
      assert.deepEqual(await busyTesseractChildren(), [], 'no tesseract process left working');
      assert.ok(tesseractChildren().length <= reader.stats().threads, 'at most one idle tesseract per thread');
    });

    it('the pool reads normally after an abort', async () => {
      const doc = await readFixture(reader, 'mixed');
      assert.deepEqual(doc.pages.map((p) => p.source), ['pdf', 'ocr', 'ocr']);
      assert.equal(reader.stats().running, 0);
    });

    it('an already aborted signal is refused before any work', async () => {
      const before = reader.stats().completed;
      const reason = new ProcessingTimeoutError(1);
      await assert.rejects(readFixture(reader, 'scan3', { signal: AbortSignal.abort(reason) }), (err: unknown) => err === reason);
      assert.equal(reader.stats().completed, before);
    });
  });
}
