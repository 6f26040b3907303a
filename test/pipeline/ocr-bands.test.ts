import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from '../../src/pipeline/model/document.js';
import { pageText } from '../../src/pipeline/layout/text-lines.js';
import { bandRows, MIN_BAND_ROWS } from '../../src/pipeline/reading/ocr/bands.js';
import { bandPlan, defaultReaderConfig, queueOrder } from '../../src/pipeline/reading/read-document.js';
import type { GreyImage } from '../../src/ports/ocr-engine.js';
import { characterErrorRate } from '../../scripts/fixtures/cer.js';
import { fixtures } from '../../scripts/fixtures/generate.js';
import { availableEngines } from './ocr-engines.js';
import { readFixture, testReader } from './helpers.js';

/**
 * Reading a scanned page in bands on several pool threads (ocr/bands.ts, issue 20): cuts fall
 * between text lines, and the page's words come back once each, in reading order, in page
 * coordinates — as when the page is read whole.
 */

/** A white page with dark "text lines" (bars) of `lineRows` rows every `pitch` rows from `top`. */
function page(width: number, height: number, lines: { top: number; pitch: number; lineRows: number; count: number }): GreyImage {
  const data = new Uint8Array(width * height).fill(250);
  for (let i = 0; i < lines.count; i++) {
    const y0 = lines.top + i * lines.pitch;
    for (let y = y0; y < Math.min(height, y0 + lines.lineRows); y++) data.fill(20, y * width + 100, y * width + width - 100);
  }
  return { data, width, height };
}

describe('band cuts', () => {
  it('cuts between text lines, near the middle, and covers every row once', () => {
    const img = page(1000, 2924, { top: 200, pitch: 50, lineRows: 30, count: 50 });
    const bands = bandRows(img, 2);
    assert.equal(bands.length, 2);
    assert.equal(bands[0]![0], 0);
    assert.equal(bands[0]![1], bands[1]![0]);
    assert.equal(bands[1]![1], 2924);
    const cut = bands[0]![1];
    assert.ok(Math.abs(cut - 1462) < 2924 / 5, `cut at ${cut}`);
    // In a gap: not inside one of the bars (rows top + i·pitch … + lineRows).
    const inLine = (cut - 200) % 50 < 30 && cut >= 200 && cut < 200 + 50 * 50;
    assert.ok(!inLine, `cut at ${cut} is inside a line`);
  });

  it('shares the ink, not the height: a page printed on its upper third is cut within the print', () => {
    const img = page(1000, 2924, { top: 150, pitch: 50, lineRows: 30, count: 18 }); // rows 150…1050
    const [first, second] = bandRows(img, 2);
    assert.ok(first && second, 'two bands');
    assert.ok(first[1] > 450 && first[1] < 750, `cut at ${first[1]}`);
  });

  it('does not cut a page without a gap, nor one too short for two bands', () => {
    assert.equal(bandRows(page(800, 2924, { top: 0, pitch: 10, lineRows: 10, count: 293 }), 2).length, 1);
    assert.equal(bandRows(page(800, MIN_BAND_ROWS * 2 - 1, { top: 100, pitch: 50, lineRows: 30, count: 10 }), 2).length, 1);
  });
});

describe('which pages are banded (bandPlan)', () => {
  const remainder = (workerPoolSize: number, pages: number) => bandPlan({ ocrBands: 'remainder', workerPoolSize }, pages);

  it('by default bands only the pages left over after the threads\' share, across the threads', () => {
    assert.equal(defaultReaderConfig.ocrBands, 'remainder');
    assert.deepEqual(remainder(2, 3), [1, 1, 2]);
    assert.deepEqual(remainder(2, 5), [1, 1, 1, 1, 2]);
    assert.deepEqual(remainder(4, 5), [1, 1, 1, 1, 4]);
    assert.deepEqual(remainder(4, 6), [1, 1, 1, 1, 2, 2]);
  });

  it('bands nothing when every thread has a page, the pages share the threads evenly, or a leftover page would get one thread', () => {
    assert.deepEqual(remainder(2, 1), [1]);
    assert.deepEqual(remainder(2, 2), [1, 1]);
    assert.deepEqual(remainder(2, 4), [1, 1, 1, 1]);
    assert.deepEqual(remainder(4, 7), [1, 1, 1, 1, 1, 1, 1]);
    assert.deepEqual(remainder(1, 3), [1, 1, 1]);
  });

  it('queues the banded pages first, so their levelling does not run alone at the end', () => {
    assert.deepEqual(queueOrder(remainder(2, 3)), [2, 0, 1]);
    assert.deepEqual(queueOrder(remainder(4, 6)), [4, 5, 0, 1, 2, 3]);
    assert.deepEqual(queueOrder(remainder(2, 4)), [0, 1, 2, 3]);
    assert.deepEqual(queueOrder([]), []);
  });

  it("'off' bands nothing, 'all' every page in two (on two threads or more)", () => {
    assert.deepEqual(bandPlan({ ocrBands: 'off', workerPoolSize: 2 }, 3), [1, 1, 1]);
    assert.deepEqual(bandPlan({ ocrBands: 'all', workerPoolSize: 2 }, 3), [2, 2, 2]);
    assert.deepEqual(bandPlan({ ocrBands: 'all', workerPoolSize: 1 }, 3), [1, 1, 1]);
  });
});

const engine = availableEngines().at(-1)!;

describe(`the leftover page of a 3-page scan on two threads (${engine})`, () => {
  const reader = testReader({ ocrEngine: engine });
  const whole = testReader({ ocrEngine: engine, ocrBands: 'off' });
  after(() => Promise.all([reader.close(), whole.close()]));

  it('is read in two bands, pages 1 and 2 whole, with the words of the whole reading', async () => {
    const before = reader.stats().completed;
    const doc = await readFixture(reader, 'scan3');
    // The text pass, pages 1 and 2 whole, page 3 levelled in one task and read in two.
    assert.equal(reader.stats().completed - before, 6);
    const wholeBefore = whole.stats().completed;
    const ref = await readFixture(whole, 'scan3');
    assert.equal(whole.stats().completed - wholeBefore, 4);
    for (let i = 0; i < 3; i++) assertSameWords(doc.pages[i]!, ref.pages[i]!);
  });
});

describe(`a page read in bands (${engine})`, () => {
  const banded = testReader({ ocrEngine: engine, ocrBands: 'all' });
  const whole = testReader({ ocrEngine: engine, ocrBands: 'off' });
  after(() => Promise.all([banded.close(), whole.close()]));

  it('reads an upside-down scan turned, each word once, in reading order, in page coordinates', async () => {
    const before = banded.stats().completed;
    const doc = await readFixture(banded, 'rotated180');
    // One task levels the page, two read its bands.
    assert.equal(banded.stats().completed - before, 3);
    const p = doc.pages[0]!;
    assert.ok(Math.abs(p.width - 595.28) < 3 && Math.abs(p.height - 841.89) < 3, `size ${p.width} × ${p.height}`);
    const truth = (fixtures.rotated180 as { truth: string[] }).truth[0]!;
    const cer = characterErrorRate(truth, pageText(p));
    assert.ok(cer <= 0.03, `character error rate ${(cer * 100).toFixed(1)} %`);
    const ref = (await readFixture(whole, 'rotated180')).pages[0]!;
    assertSameWords(p, ref);
  });
});

/** The same words at the same places (within a point or two), none twice; cells in reading order. */
function assertSameWords(banded: Page, whole: Page): void {
  const seen = new Set<string>();
  for (const c of banded.cells) {
    const k = `${c.text}@${Math.round(c.bbox.x)},${Math.round(c.bbox.y)}`;
    assert.ok(!seen.has(k), `${k} twice`);
    seen.add(k);
  }
  const near = (a: Page['cells'][number], b: Page['cells'][number]) => a.text === b.text && Math.abs(a.bbox.x - b.bbox.x) < 2 && Math.abs(a.bbox.y - b.bbox.y) < 2;
  const found = whole.cells.filter((w) => banded.cells.some((b) => near(b, w))).length;
  // The engine reads a band as it reads the page: all but a few words alike.
  assert.ok(found >= whole.cells.length * 0.97, `${found} of ${whole.cells.length} words found at the same place`);
  assert.ok(Math.abs(banded.cells.length - whole.cells.length) <= whole.cells.length * 0.03, `${banded.cells.length} words against ${whole.cells.length}`);
  // Reading order: lines top to bottom (a cell's middle never far above the previous line's).
  for (let i = 1; i < banded.cells.length; i++) {
    const a = banded.cells[i - 1]!;
    const b = banded.cells[i]!;
    const sameLine = Math.abs(a.bbox.y + a.bbox.height / 2 - (b.bbox.y + b.bbox.height / 2)) <= Math.max(a.bbox.height, b.bbox.height) * 0.5;
    assert.ok(sameLine ? b.bbox.x >= a.bbox.x : b.bbox.y + b.bbox.height / 2 > a.bbox.y + a.bbox.height / 2, `cells ${i - 1}, ${i} out of order: ${a.text} ${b.text}`);
  }
}
