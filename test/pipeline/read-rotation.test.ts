import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { pageText } from '../../src/pipeline/layout/text-lines.js';
import { fixtureFor, scannedPdf } from '../../scripts/fixtures/kontoauszug/generate.js';
import { LAYOUTS } from '../../scripts/fixtures/kontoauszug/layouts.js';
import { openSignal, testReader } from './helpers.js';

/**
 * Upright statement scans must stay upright. Page 1 of a bank statement (letterhead, address
 * block, a table of short lines with narrow date and right-aligned amount columns) concentrates
 * its ink in columns, and the projection profiles took such pages for sideways ones: they came
 * out as 842 × 595 with unreadable text. Real sideways pages are covered by read-ocr.test.ts.
 */
describe('upright statement scans are not turned', () => {
  const reader = testReader();
  after(() => reader.close());

  // The layouts and seeds of bench/eval-kontoauszug.ts whose first page was turned.
  const cases = [
    { layout: 'dec-jan-unsigned', seed: 1 },
    { layout: 'volksbank-soll-haben', seed: 1 },
    { layout: 'multipage-carry', seed: 1, postings: 24 },
  ];
  for (const c of cases) {
    it(`reads every page of the ${c.layout} scan upright, with its amounts`, async () => {
      const f = fixtureFor(LAYOUTS.find((l) => l.name === c.layout)!, c.seed, c.postings);
      const doc = await reader.read(await scannedPdf(f), 'pdf', { maxPages: 10, signal: openSignal() });
      assert.equal(doc.pages.length, f.pages.length);
      for (const page of doc.pages) {
        assert.equal(page.source, 'ocr');
        assert.ok(page.width < page.height, `page ${page.number} is ${page.width} × ${page.height}`);
        assert.ok(Math.abs(page.width - 595.28) < 3 && Math.abs(page.height - 841.89) < 3, `page ${page.number} is ${page.width} × ${page.height}`);
        const conf = page.cells.reduce((s, x) => s + (x.confidence ?? 0), 0) / Math.max(1, page.cells.length);
        assert.ok(conf > 0.7, `page ${page.number} mean confidence ${conf.toFixed(2)}`);
      }
      // The first postings are on page 1: their amounts (without sign) must be read there.
      const text = pageText(doc.pages[0]!);
      const amounts = f.expected.tables[0]!.rows.slice(0, 5).map((r) => r[3]!.replace(/^-/u, ''));
      const found = amounts.filter((a) => text.includes(a));
      assert.ok(found.length >= 4, `page 1 amounts found: ${found.join(' ')} of ${amounts.join(' ')}`);
    });
  }
});
