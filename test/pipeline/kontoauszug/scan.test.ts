import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { fixtureFor, scannedPdf } from '../../../scripts/fixtures/kontoauszug/generate.js';
import { LAYOUTS } from '../../../scripts/fixtures/kontoauszug/layouts.js';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import type { OcrEngineName } from '../../../src/ports/ocr-engine.js';
import { testReader } from '../helpers.js';
import { availableEngines } from '../ocr-engines.js';

/**
 * A generated one-page statement as a 300 dpi scan (grain, skew, JPEG) through the real reading
 * layer and the engine: every posting's date and amount as printed, and the statement
 * reconciled. Per engine a layout it reads fully: native tesseract the December→January
 * statement whose booking dates it reads as `25:12:` and `31.12:` without the second look and
 * the token rules; tesseract.js (a model more sensitive to grain) a statement with trailing
 * signs.
 */
const CASES: Record<OcrEngineName, { layout: string; seed: number }> = {
  native: { layout: 'dec-jan-unsigned', seed: 2 },
  'tesseract-js': { layout: 'trailing-sign', seed: 3 },
};

for (const engine of availableEngines()) {
  describe(`kontoauszug scan with ${engine}`, () => {
    const reader = testReader({ ocrEngine: engine });
    after(() => reader.close());

    test(`${CASES[engine].layout}-${CASES[engine].seed}: all postings, reconciled`, async () => {
      const f = fixtureFor(LAYOUTS.find((l) => l.name === CASES[engine].layout)!, CASES[engine].seed);
      assert.equal(f.pages.length, 1);
      const doc = await reader.read(await scannedPdf(f), 'pdf', { maxPages: 10, signal: new AbortController().signal });
      assert.equal(doc.pages[0]!.source, 'ocr');
      const accounts = extractAccounts(doc);
      const got = toTables(accounts).flatMap((t) => t.rows.map((r) => `${r[0]} ${r[3]}`));
      const expected = f.expected.tables.flatMap((t) => t.rows.map((r) => `${r[0]} ${r[3]}`));
      assert.deepEqual(got, expected);
      assert.equal(accounts.length, 1);
      assert.equal(accounts[0]!.info.reconciled, true);
    });
  });
}
