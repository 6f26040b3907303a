/**
 * Native tesseract as one long-lived process (adapters/ocr/tesseract-native-stream.ts): a real
 * tesseract reads pages in sequence through one process and gives the words one process per
 * call gives; a killed process is replaced on the next page, also when it died while idle and
 * Node has not noticed yet; an abort, a caller's deadline over a hung process or a page
 * timeout mid-page kills the process and leaves none behind; where the process cannot be used the
 * per-call engine reads. Needs native tesseract with deu (skips otherwise).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { descendantsOf } from '../../bench/load/rss.js';
import { createNativeTesseractEngine } from '../../src/adapters/ocr/tesseract-native.js';
import { createStreamingTesseractEngine } from '../../src/adapters/ocr/tesseract-native-stream.js';
import { warmUpPagePdf } from '../../src/pipeline/reading/ocr/warm-up.js';
import { renderPageGrey } from '../../src/pipeline/reading/pdf-page-image.js';
import { openPdf } from '../../src/pipeline/reading/pdf-text.js';
import type { GreyImage, OcrEngine, OcrResult } from '../../src/ports/ocr-engine.js';
import { availableEngines } from '../pipeline/ocr-engines.js';

const native = availableEngines().includes('native');
const request = { languages: ['deu'], dpi: 300 };

function tesseracts(): number[] {
  return descendantsOf(process.pid)
    .filter((d) => d.name === 'tesseract')
    .map((d) => d.pid);
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 10));
  }
  return check();
}

/** Waits until no tesseract of an earlier test is left (a closed engine's process may still be exiting),
 *  so that "the process started" below means this test's process. */
async function noEarlierProcess(): Promise<void> {
  assert.ok(await until(() => tesseracts().length === 0, 15_000), 'no tesseract left from an earlier test');
}

/** Spins (no event-loop turn) until `pid` is a zombie: ended, not yet reaped by Node. */
function waitForZombie(pid: number, ms: number): boolean {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return true;
  }
  return false;
}

/** user + system clock ticks of `pid` (/proc/<pid>/stat fields 14 and 15). */
function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** A stand-in per-call engine that counts the pages it is given. */
function countingFallback(): OcrEngine & { calls: number; closed: boolean } {
  const f = {
    name: 'native' as const,
    calls: 0,
    closed: false,
    async recognize(): Promise<OcrResult> {
      f.calls++;
      return { words: [{ text: 'fallback', x: 0, y: 0, width: 1, height: 1, confidence: 1 }] };
    },
    async close() {
      f.closed = true;
    },
  };
  return f;
}

describe('native tesseract, one long-lived process', { skip: native ? false : 'native tesseract is not installed', timeout: 180_000 }, () => {
  let page: GreyImage;
  let upper: GreyImage;

  before(async () => {
    const doc = await openPdf(await warmUpPagePdf());
    page = (await renderPageGrey(doc, 1, { dpi: 300, maxPixels: 4_000_000 })).image;
    // The top half of the page: a second, different image.
    const h = Math.floor(page.height / 2);
    upper = { data: page.data.slice(0, h * page.width), width: page.width, height: h };
  });
  after(() => {
    assert.deepEqual(tesseracts(), [], 'no tesseract process outlives the tests');
  });

  test('reads two pages in sequence through one process, as one process per call reads them', async () => {
    const engine = createStreamingTesseractEngine({ fallback: countingFallback() });
    const perCall = createNativeTesseractEngine();
    try {
      const first = await engine.recognize(page, request);
      const pids = tesseracts();
      assert.equal(pids.length, 1, 'one process, alive between pages');
      // Two calls at once queue behind each other on the one process.
      const [second, third] = await Promise.all([engine.recognize(upper, request), engine.recognize(page, request)]);
      assert.deepEqual(tesseracts(), pids, 'the same process read the next pages');
      assert.deepEqual(first.words, (await perCall.recognize(page, request)).words);
      assert.deepEqual(second.words, (await perCall.recognize(upper, request)).words);
      assert.deepEqual(third.words, first.words);
      const text = first.words.map((w) => w.text).join(' ');
      assert.ok(text.includes('Kontoauszug') && text.includes('2.450,17'), text);
      assert.ok(second.words.length < first.words.length, 'the second image is the other one');
    } finally {
      await engine.close();
      await perCall.close();
    }
    assert.ok(await until(() => tesseracts().length === 0, 5000), 'closing the engine ends its process');
  });

  test('a killed process is replaced on the next page', async () => {
    const engine = createStreamingTesseractEngine({ fallback: countingFallback() });
    try {
      const first = await engine.recognize(upper, request);
      const [pid] = tesseracts();
      process.kill(pid!, 'SIGKILL');
      assert.ok(await until(() => !tesseracts().includes(pid!), 5000));
      const again = await engine.recognize(upper, request);
      assert.deepEqual(again.words, first.words);
      const now = tesseracts();
      assert.equal(now.length, 1);
      assert.notEqual(now[0], pid);
    } finally {
      await engine.close();
    }
  });

  test('a process killed mid-page rejects that page, and the next page is read', async () => {
    const fallback = countingFallback();
    const engine = createStreamingTesseractEngine({ fallback });
    try {
      await engine.recognize(upper, request);
      const [pid] = tesseracts();
      const ticks = cpuTicks(pid!);
      const reading = engine.recognize(page, request);
      // Kill once the process works on the page: a kill that lands before the page is handed over
      // finds the engine replacing the dead process and reading the page (the idle case below) —
      // on an idle machine that race was lost often enough to fail CI.
      assert.ok(await until(() => cpuTicks(pid!) > ticks, 30_000), 'the process reads the page');
      process.kill(pid!, 'SIGKILL');
      await assert.rejects(reading, /tesseract exited mid-stream \(SIGKILL\)/);
      assert.ok((await engine.recognize(upper, request)).words.length > 0);
      assert.equal(fallback.calls, 0, 'a crash is not a reason to give up the long-lived process');
    } finally {
      await engine.close();
    }
  });

  test('a process killed while idle costs no page: the next page, handed over before Node notices, is read', async () => {
    const engine = createStreamingTesseractEngine({ fallback: countingFallback() });
    try {
      const first = await engine.recognize(upper, request);
      const [pid] = tesseracts();
      process.kill(pid!, 'SIGKILL');
      // Wait for the kernel to end it without giving the event loop a turn: Node has not seen
      // the exit when the next page comes, as when a page follows the kill within milliseconds.
      assert.ok(waitForZombie(pid!, 5000), 'the killed process ended');
      const again = await engine.recognize(upper, request);
      assert.deepEqual(again.words, first.words);
      assert.ok(await until(() => tesseracts().length === 1 && tesseracts()[0] !== pid, 5000), 'a new process read it');
    } finally {
      await engine.close();
    }
  });

  test('a hung process (stopped mid-page) is killed at the caller\'s deadline, and the next page is read', async () => {
    const engine = createStreamingTesseractEngine({ fallback: countingFallback() });
    try {
      await engine.recognize(upper, request);
      const [pid] = tesseracts();
      const deadline = new AbortController();
      const reading = engine.recognize(page, { ...request, signal: deadline.signal });
      // SIGSTOP: alive, holding its pipes, never answering — what a hang looks like from outside.
      process.kill(pid!, 'SIGSTOP');
      setTimeout(() => deadline.abort(new Error('deadline passed')), 200);
      await assert.rejects(reading, /deadline passed/);
      assert.ok(await until(() => !tesseracts().includes(pid!), 5000), 'the hung process is gone');
      assert.ok((await engine.recognize(upper, request)).words.length > 0, 'the next page is read');
    } finally {
      await engine.close();
    }
  });

  test('a hung process hits the page time limit: killed, that page rejected, the next page read', async () => {
    // The limit must leave a loaded machine time to read the next page (up to ~20 s seen at load 40).
    await noEarlierProcess();
    const engine = createStreamingTesseractEngine({ fallback: countingFallback(), pageTimeoutMs: 60_000 });
    try {
      const reading = engine.recognize(page, request);
      assert.ok(await until(() => tesseracts().length === 1, 30_000), 'the process started');
      const [pid] = tesseracts();
      // Stopped once it works on the page (its CPU time grows): it never answers.
      const ticks = cpuTicks(pid!);
      assert.ok(await until(() => cpuTicks(pid!) > ticks, 30_000), 'the process reads the page');
      process.kill(pid!, 'SIGSTOP');
      await assert.rejects(reading, /longer than 60000 ms/);
      assert.ok(await until(() => !tesseracts().includes(pid!), 5000), 'the hung process is gone');
      assert.ok((await engine.recognize(upper, request)).words.length > 0, 'the next page is read');
    } finally {
      await engine.close();
    }
    assert.ok(await until(() => tesseracts().length === 0, 5000), 'closing the engine ends its process');
  });

  test('an abort mid-page rejects with its reason and leaves no process behind', async () => {
    await noEarlierProcess();
    const engine = createStreamingTesseractEngine({ fallback: countingFallback() });
    try {
      const controller = new AbortController();
      const reading = engine.recognize(page, { ...request, signal: controller.signal });
      assert.ok(await until(() => tesseracts().length === 1, 10_000), 'the process started');
      controller.abort(new Error('caller gave up'));
      await assert.rejects(reading, /caller gave up/);
      assert.ok(await until(() => tesseracts().length === 0, 5000), 'the aborted process is gone');
      assert.ok((await engine.recognize(upper, request)).words.length > 0, 'the next page is read');
    } finally {
      await engine.close();
    }
  });

  test('a page over the time limit kills the process and rejects', async () => {
    const engine = createStreamingTesseractEngine({ fallback: countingFallback(), pageTimeoutMs: 1 });
    try {
      await assert.rejects(engine.recognize(page, request), /longer than 1 ms/);
      assert.ok(await until(() => tesseracts().length === 0, 5000));
    } finally {
      await engine.close();
    }
  });

  test('without a RAM file system for the page, every page goes to the per-call engine', async () => {
    const fallback = countingFallback();
    const engine = createStreamingTesseractEngine({ fallback, ramDir: '/nonexistent-ram-dir' });
    assert.equal((await engine.recognize(upper, request)).words[0]!.text, 'fallback');
    assert.equal((await engine.recognize(upper, request)).words[0]!.text, 'fallback');
    assert.equal(fallback.calls, 2);
    await engine.close();
    assert.ok(fallback.closed, 'closing closes the fallback too');
  });

  test('a binary that cannot be started sends every page to the per-call engine', async () => {
    const fallback = countingFallback();
    const engine = createStreamingTesseractEngine({ fallback, binary: '/nonexistent/tesseract' });
    assert.equal((await engine.recognize(upper, request)).words[0]!.text, 'fallback');
    assert.equal((await engine.recognize(upper, request)).words[0]!.text, 'fallback');
    assert.equal(fallback.calls, 2);
    await engine.close();
  });

  test('a binary that exits before reading a page (cannot stream) sends pages to the per-call engine', async () => {
    const fallback = countingFallback();
    const engine = createStreamingTesseractEngine({ fallback, binary: 'false' });
    assert.equal((await engine.recognize(upper, request)).words[0]!.text, 'fallback');
    assert.equal(fallback.calls, 1);
    await engine.close();
  });
});
