import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { fixtureFor, mixedPdf, textLayerPdf } from '../../../scripts/fixtures/kontoauszug/generate.js';
import { LAYOUTS } from '../../../scripts/fixtures/kontoauszug/layouts.js';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { openSignal, testReader } from '../helpers.js';
import { availableEngines } from '../ocr-engines.js';

/**
 * One statement, two kinds of page: a multi-page statement with Übertrag lines whose page 2 is
 * a scanner's JPEG (as a scanned sheet merged into a downloaded PDF) and whose other pages keep
 * their text layer. The reader must OCR page 2 only, and the engine must join the pages into one
 * account: every posting's date and amount as printed, the balances, and the statement
 * reconciled. Native tesseract when installed (the service's choice), else tesseract.js; both
 * read these seeds' scanned pages fully.
 */
const engine = availableEngines().includes('native') ? 'native' : 'tesseract-js';
const layout = LAYOUTS.find((l) => l.name === 'multipage-carry')!;
const SCANNED_PAGE = 2;

describe(`kontoauszug: text-layer pages and a scanned page in one PDF (${engine})`, { concurrency: 2 }, () => {
  const reader = testReader({ ocrEngine: engine });
  after(() => reader.close());

  // One seed keeps the OCR cost of the suite down; the eval's mixed rows cover more.
  for (const seed of [4]) {
    const f = fixtureFor(layout, seed);

    test(`${f.id} (${f.pages.length} pages, page ${SCANNED_PAGE} scanned): all postings, balances, reconciled`, async () => {
      assert.ok(f.pages.length >= 3, 'text-layer pages on both sides of the scan');
      const [doc, textOnly] = await Promise.all([
        mixedPdf(f, [SCANNED_PAGE]).then((pdf) => reader.read(pdf, 'pdf', { maxPages: 100, signal: openSignal() })),
        textLayerPdf(f).then((pdf) => reader.read(pdf, 'pdf', { maxPages: 100, signal: openSignal() })),
      ]);

      // OCR for the scanned page and for it only; the other pages read exactly as their text layer.
      assert.deepEqual(
        doc.pages.map((p) => p.source),
        f.pages.map((_, i) => (i + 1 === SCANNED_PAGE ? 'ocr' : 'pdf')),
      );
      for (const page of doc.pages) {
        const expected = page.number === SCANNED_PAGE ? 'ocr' : 'pdf';
        assert.ok(page.cells.length > 0 && page.cells.every((c) => c.source === expected), `page ${page.number}: every word from ${expected}`);
        if (page.number !== SCANNED_PAGE) assert.deepEqual(page, textOnly.pages[page.number - 1], `page ${page.number} as in the text-layer PDF`);
      }

      const accounts = extractAccounts(doc);
      const got = toTables(accounts).flatMap((t) => t.rows.map((r) => `${r[0]} ${r[3]}`));
      const expected = f.expected.tables.flatMap((t) => t.rows.map((r) => `${r[0]} ${r[3]}`));
      assert.deepEqual(got, expected);
      assert.equal(accounts.length, 1);
      const st = f.expected.statement as Record<string, unknown>;
      const info = accounts[0]!.info;
      assert.equal(info.iban, st['iban']);
      assert.equal(info.opening_balance, st['opening_balance']);
      assert.equal(info.closing_balance, st['closing_balance']);
      assert.equal(info.reconciled, true);
    });
  }
});
