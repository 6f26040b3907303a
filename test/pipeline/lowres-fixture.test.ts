/**
 * The low-resolution letter images of the eval (scripts/fixtures/lowres.ts, issue 22): a
 * one-page letter is the JPEG itself, about 1000 px wide; a longer one a PDF with a page per
 * image; the same seed gives the same bytes; show-through puts ink where the clean page has
 * none. (How well they are read is the eval's business, not a test's.)
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { letterPageSpecs } from '../../scripts/fixtures/analysis/unseen/pages.js';
import { lowResJpeg, lowResUpload } from '../../scripts/fixtures/lowres.js';
import { renderPages, sharp } from '../../scripts/fixtures/scans.js';
import { sniffFileKind } from '../../src/domain/file-kind.js';
import { openPdf } from '../../src/pipeline/reading/pdf-text.js';

const page = ['# Bußgeldbescheid', 'Geldbuße 150,00 €', 'Gebühr 28,50 €', 'Auslagen 3,50 €', 'Gesamtbetrag 182,00 €'];

/** Mean grey of the right half of the page's lower third, where the text above leaves paper only. */
async function paperMean(jpeg: Uint8Array): Promise<number> {
  const { data, info } = await sharp(jpeg).greyscale().raw().toBuffer({ resolveWithObject: true });
  let sum = 0;
  let n = 0;
  for (let y = Math.floor(info.height * 0.66); y < info.height; y++) {
    for (let x = Math.floor(info.width / 2); x < info.width; x++) {
      sum += data[y * info.width + x]!;
      n++;
    }
  }
  return sum / n;
}

describe('low-resolution letter images', () => {
  it('one page: the JPEG itself, ~1000 px wide, the same bytes for the same seed', async () => {
    const pages = letterPageSpecs([page]);
    const a = await lowResUpload(pages, 7);
    const b = await lowResUpload(pages, 7);
    assert.equal(a.kind, 'jpeg');
    assert.equal(sniffFileKind(a.bytes), 'jpeg');
    assert.deepEqual(a.bytes, b.bytes);
    const meta = await sharp(a.bytes).metadata();
    assert.ok(meta.width! >= 960 && meta.width! <= 1040, `width ${meta.width}`);
  });

  it('two pages: a PDF with one page per image', async () => {
    const up = await lowResUpload(letterPageSpecs([page, page]), 3);
    assert.equal(up.kind, 'pdf');
    const doc = await openPdf(up.bytes);
    try {
      assert.equal(doc.numPages, 2);
    } finally {
      await doc.destroy();
    }
  });

  it('show-through darkens paper the clean page leaves white', async () => {
    // The reverse is a full page of text, so its mirror image reaches the empty lower right.
    const [front] = await renderPages(letterPageSpecs([page]), 150);
    const [back] = await renderPages(letterPageSpecs([Array.from({ length: 56 }, () => 'Rückseite Zahlungshinweise Überweisungsträger IBAN BIC Verwendungszweck')]), 150);
    const look = { width: 1000, quality: 65, showThrough: 0, note: false, skew: 0 };
    const clean = await paperMean(await lowResJpeg(front!, back!, look, 1));
    const through = await paperMean(await lowResJpeg(front!, back!, { ...look, showThrough: 0.2 }, 1));
    assert.ok(through < clean - 2, `show-through ${through.toFixed(1)} vs clean ${clean.toFixed(1)}`);
  });
});
