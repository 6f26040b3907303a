import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { GreyImage, OcrWord } from '../../src/ports/ocr-engine.js';
import { secondLook } from '../../src/pipeline/reading/ocr/second-look.js';

/**
 * The second look at unsure words (reading/ocr/second-look.ts) with a stand-in engine: words are
 * black boxes on a white page, and the stand-in "reads" every box it finds in the image it is
 * given, naming it by where the box stands on the page. So the test sees which lines were sent
 * again and how the answers are merged, without depending on tesseract.
 */
const W = 400;
const H = 400;

function page(words: OcrWord[]): GreyImage {
  const data = new Uint8Array(W * H).fill(255);
  for (const w of words) {
    for (let y = w.y; y < w.y + w.height; y++) data.fill(0, y * W + w.x, y * W + w.x + w.width);
  }
  return { data, width: W, height: H };
}

const word = (text: string, x: number, y: number, width: number, confidence: number): OcrWord => ({ text, x, y, width, height: 20, confidence });

/** Finds dark boxes (rows, then columns) and answers `answer(x)` for each; counts its calls. */
function standIn(answer: (x: number) => { text: string; confidence: number }) {
  const calls: GreyImage[] = [];
  const recognize = async (img: GreyImage): Promise<OcrWord[]> => {
    calls.push(img);
    const dark = (x: number, y: number) => img.data[y * img.width + x]! < 128;
    const out: OcrWord[] = [];
    let y = 0;
    while (y < img.height) {
      if (![...Array(img.width).keys()].some((x) => dark(x, y))) {
        y++;
        continue;
      }
      const y0 = y;
      while (y < img.height && [...Array(img.width).keys()].some((x) => dark(x, y))) y++;
      let x = 0;
      while (x < img.width) {
        const col = (cx: number) => [...Array(y - y0).keys()].some((k) => dark(cx, y0 + k));
        if (!col(x)) {
          x++;
          continue;
        }
        const x0 = x;
        while (x < img.width && col(x)) x++;
        out.push({ ...answer(x0), x: x0, y: y0, width: x - x0, height: y - y0 });
      }
    }
    return out;
  };
  return { calls, recognize };
}

describe('second look at unsure words', () => {
  const miete = word('Miete', 10, 30, 60, 0.96);
  const amount = word('=950,/3,€', 300, 30, 80, 0.52);
  const ref = word('Referenz', 10, 300, 70, 0.96);
  const number = word('0501538339', 100, 300, 110, 0.95);
  const first = [miete, amount, ref, number];

  test('an unsure figure is read again and replaced by the clearly surer reading', async () => {
    const engine = standIn((x) => (x >= 290 ? { text: '-550,73', confidence: 0.93 } : { text: 'Miete', confidence: 0.97 }));
    const out = await secondLook(page(first), first, engine.recognize);
    assert.equal(engine.calls.length, 1);
    // Only the line of the unsure word was sent: far less than the page.
    assert.ok(engine.calls[0]!.height < H / 3, `sent ${engine.calls[0]!.height} rows`);
    assert.deepEqual(out.map((w) => w.text).sort(), ['-550,73', '0501538339', 'Miete', 'Referenz']);
    const fixed = out.find((w) => w.text === '-550,73')!;
    assert.ok(Math.abs(fixed.x - 300) <= 2 && Math.abs(fixed.y - 30) <= 2, `at ${fixed.x},${fixed.y}`);
  });

  test('a page read confidently is not read again', async () => {
    const engine = standIn(() => ({ text: 'x', confidence: 1 }));
    const sure = [miete, ref, number];
    const out = await secondLook(page(sure), sure, engine.recognize);
    assert.equal(engine.calls.length, 0);
    assert.deepEqual(out, sure);
  });

  test('a second reading that is not clearly surer is not taken', async () => {
    const engine = standIn((x) => (x >= 290 ? { text: '-550,73', confidence: 0.6 } : { text: 'Miete', confidence: 0.97 }));
    const out = await secondLook(page(first), first, engine.recognize);
    assert.ok(out.some((w) => w.text === '=950,/3,€'));
    assert.ok(!out.some((w) => w.text === '-550,73'));
  });

  test('a figure never becomes letters; junk may become a figure', async () => {
    const figure = [word('77,03', 300, 30, 80, 0.4)];
    const toLetters = standIn(() => ({ text: 'LOSE', confidence: 0.95 }));
    assert.deepEqual((await secondLook(page(figure), figure, toLetters.recognize)).map((w) => w.text), ['77,03']);
    const junk = [word('LOSE', 300, 30, 80, 0)];
    const toFigure = standIn(() => ({ text: '-77,03', confidence: 0.9 }));
    assert.deepEqual((await secondLook(page(junk), junk, toFigure.recognize)).map((w) => w.text), ['-77,03']);
  });

  test('unsure figures stacked in a column are decided one line at a time', async () => {
    // Four amounts on consecutive lines: their strips merge into one, and the words of one
    // column overlap horizontally. Each is still its own decision (not one cluster of four
    // lines, which would be too large to take).
    const column = [0, 1, 2, 3].map((k) => word(`=1${k},0O`, 300, 30 + k * 26, 80, 0.5));
    const engine = standIn(() => ({ text: '-10,00', confidence: 0.95 }));
    const out = await secondLook(page(column), column, engine.recognize);
    assert.equal(engine.calls.length, 1);
    assert.deepEqual(out.map((w) => w.text), ['-10,00', '-10,00', '-10,00', '-10,00']);
    assert.deepEqual(out.map((w) => Math.round(w.y / 26)).sort(), [1, 2, 3, 4]);
  });

  test('a figure read two ways keeps the other reading along with the one kept', async () => {
    // Not surer: the first reading stands, the second goes along as its alternative.
    const first = [word('13,10', 300, 30, 80, 0.62)];
    const weaker = standIn(() => ({ text: '71,70', confidence: 0.16 }));
    const kept = await secondLook(page(first), first, weaker.recognize);
    assert.deepEqual(kept.map((w) => [w.text, w.alternative]), [['13,10', '71,70']]);
    // Clearly surer: the second reading stands, the first goes along.
    const junk = [word('19,11.=', 300, 30, 80, 0.29)];
    const surer = standIn(() => ({ text: '75,77', confidence: 0.9 }));
    const taken = await secondLook(page(junk), junk, surer.recognize);
    assert.deepEqual(taken.map((w) => [w.text, w.alternative]), [['75,77', '19,11.=']]);
    // Read the same way twice: nothing to add.
    const same = standIn(() => ({ text: '13,10', confidence: 0.6 }));
    assert.deepEqual((await secondLook(page(first), first, same.recognize)).map((w) => w.alternative), [undefined]);
  });

  test('a second reading in pieces is the alternative as one figure', async () => {
    // The old word spans what the second look reads as a number and its trailing sign.
    const first = [word('19,11.=', 300, 30, 90, 0.29)];
    const img = page([
      { text: '', x: 300, y: 30, width: 60, height: 20, confidence: 1 },
      { text: '', x: 375, y: 38, width: 15, height: 4, confidence: 1 },
    ]);
    const pieces = standIn((x) => (x < 370 ? { text: '75,77', confidence: 0.57 } : { text: '-', confidence: 0.57 }));
    const out = await secondLook(img, first, pieces.recognize);
    assert.deepEqual(out.map((w) => [w.text, w.alternative]), [['19,11.=', '75,77-']]);
  });

  test('prose is left to the first reading', async () => {
    const prose = [word('Stadtverwaltung', 10, 30, 150, 0.1)];
    const engine = standIn(() => ({ text: 'Studtverwultung', confidence: 0.91 }));
    assert.deepEqual((await secondLook(page(prose), prose, engine.recognize)).map((w) => w.text), ['Stadtverwaltung']);
  });
});
