import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fixtureFor, textLayerPdf } from '../../../scripts/fixtures/kontoauszug/generate.js';
import { garble, garbleMap } from '../../../scripts/fixtures/kontoauszug/layouts-real-a.js';
import { LAYOUTS } from '../../../scripts/fixtures/kontoauszug/layouts.js';
import { makeTextPdf } from '../../../scripts/fixtures/text-pdf.js';
import { openPdf } from '../../../src/pipeline/reading/pdf-text.js';
import { renderPageGrey } from '../../../src/pipeline/reading/pdf-page-image.js';
import { lineText, pdfLines, pdfPageTexts, rowCents, centsOf } from './fixture-pdf-a.js';

/**
 * The garbled-font-layer fixture is what it claims to be: its text layer is exactly the true
 * text with the seed's re-encoding applied (letters, but the wrong ones), while its pages render
 * pixel for pixel like the plain text-layer PDF of the same pages — so OCR sees the true
 * statement, which the ground truth describes (opening + postings = closing, every amount).
 */
const layout = LAYOUTS.find((l) => l.name === 'garbled-font-layer')!;

async function grey(pdf: Uint8Array, page: number): Promise<Uint8Array> {
  const doc = await openPdf(pdf);
  try {
    return (await renderPageGrey(doc, page, { dpi: 40, maxPixels: 1e8 })).image.data;
  } finally {
    await doc.destroy();
  }
}

describe('garbled-font-layer fixture', () => {
  for (const seed of [1, 2, 3]) {
    test(`seed ${seed} (variant ${seed % 3}): wrong letters in the text layer, the right glyphs on the page`, async () => {
      const f = fixtureFor(layout, seed);
      const garbled = await textLayerPdf(f);
      const plain = await makeTextPdf(f.pages);
      const [bad, good] = await Promise.all([pdfPageTexts(garbled), pdfPageTexts(plain)]);
      assert.equal(bad.length, good.length);
      const map = garbleMap(seed);
      bad.forEach((t, i) => assert.equal(t, garble(good[i]!, map), `page ${i + 1}: the layer is the true text re-encoded`));
      assert.ok(good[0]!.includes('Kontoauszug'));
      assert.ok(!bad[0]!.includes('Kontoauszug'), 'the title does not survive extraction');
      assert.ok(!bad[0]!.includes(f.statement.holder), 'nor the holder');
      // Every page draws the same pixels as the plain PDF.
      for (let n = 1; n <= good.length; n++) assert.deepEqual(await grey(garbled, n), await grey(plain, n), `page ${n} renders like the plain PDF`);

      // The true text (what the page shows) carries the statement of the ground truth.
      const lines = (await pdfLines(plain)).flat();
      const balances = lines.map(lineText).filter((t) => t.startsWith('Kontostand am')).map((t) => /([-+]) (\S+)$/u.exec(t)!);
      assert.equal(balances.length, 2);
      const [opening, closing] = balances.map((m) => (m[1] === '-' ? -1 : 1) * centsOf(m[2]!)) as [number, number];
      const rows = f.expected.tables[0]!.rows;
      const amounts = lines.flatMap((l) => {
        const t = lineText(l);
        const m = /^\d\d\.\d\d\. \d\d\.\d\d\. .* ([-+]) (\S+)$/u.exec(t);
        return m ? [(m[1] === '-' ? -1 : 1) * centsOf(m[2]!)] : [];
      });
      assert.deepEqual(amounts, rows.map((r) => rowCents(r[3]!)), 'every posting printed, in order');
      assert.equal(opening + amounts.reduce((s, c) => s + c, 0), closing);
      const st = f.expected.statement as Record<string, unknown>;
      assert.equal(rowCents(String(st['opening_balance'])), opening);
      assert.equal(rowCents(String(st['closing_balance'])), closing);
    });
  }

  test('variant 0 is the real case (capitals moved: Kontoauszug Postbank → hontoauszug mostbank), variant 2 shifts digits', () => {
    assert.equal(garble('Kontoauszug Postbank 12,50', garbleMap(3)), 'hontoauszug mostbank 12,50');
    assert.notEqual(garble('12,50', garbleMap(2)), '12,50');
    assert.equal(garble('12,50', garbleMap(1)), '12,50');
    for (const seed of [1, 2]) for (const [from, to] of garbleMap(seed)) if (from > 64) assert.notEqual(from, to, 'no letter left as it was');
  });
});
