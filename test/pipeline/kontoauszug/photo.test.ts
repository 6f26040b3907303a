import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { fixtureFor, photographedStatement } from '../../../scripts/fixtures/kontoauszug/generate.js';
import { LAYOUTS } from '../../../scripts/fixtures/kontoauszug/layouts.js';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { testReader } from '../helpers.js';
import { availableEngines } from '../ocr-engines.js';

/**
 * Phone photos of generated statements (scripts/fixtures/photos.ts: the page a trapezoid on a
 * wood-like table, turned a few degrees, a soft shadow, blur, noise, JPEG) through the real
 * reading layer and the statement engine, uploaded as a user would: a one-page statement as the
 * JPEG itself, a two-page one as a PDF of the page photos. Asserted: at least 90 % of the
 * printed (date, amount) pairs come back, and few rows that were never printed. Before the
 * reading layer warped photographed pages flat, these photos gave back 5 of 8 and 8 of 16
 * pairs with native tesseract.
 */
const CASES = [
  { layout: 'sparkasse-sh', seed: 1, kind: 'jpeg' },
  { layout: 'finanzreport-multi', seed: 1, kind: 'pdf' },
] as const;

const pairs = (rows: string[][]): string[] => rows.map((r) => `${r[0]} ${r[3]}`);

for (const engine of availableEngines()) {
  describe(`kontoauszug photo with ${engine}`, () => {
    const reader = testReader({ ocrEngine: engine });
    after(() => reader.close());

    for (const c of CASES) {
      test(`${c.layout}-${c.seed} photographed (${c.kind}): ≥ 90 % of the postings`, async () => {
        const layout = LAYOUTS.find((l) => l.name === c.layout)!;
        const f = fixtureFor(layout, c.seed);
        const upload = await photographedStatement(f);
        assert.equal(upload.kind, c.kind);
        const doc = await reader.read(upload.bytes, upload.kind, { maxPages: 10, signal: new AbortController().signal });
        assert.equal(doc.pages.length, f.pages.length);
        // Warped flat: every page is A4 (595 × 842 pt), not the photo's 3:4 frame.
        for (const page of doc.pages) assert.deepEqual([Math.round(page.width), Math.round(page.height)], [595, 842]);
        const got = pairs(toTables(extractAccounts(doc)).flatMap((t) => t.rows));
        const expected = pairs(f.expected.tables.flatMap((t) => t.rows));
        const left = [...got];
        let found = 0;
        for (const e of expected) {
          const i = left.indexOf(e);
          if (i >= 0) {
            found++;
            left.splice(i, 1);
          }
        }
        assert.ok(found >= 0.9 * expected.length, `${found} of ${expected.length} postings; missing ${expected.filter((e) => !got.includes(e)).join(', ')}`);
        assert.ok(left.length <= 0.1 * expected.length, `rows never printed: ${left.join(', ')}`);
      });
    }
  });
}

/**
 * Phone photos of blind-1 families (issue 21, class 5), with native tesseract as the eval reads
 * them: the whole statement right — every printed (date, amount) pair, none extra, both printed
 * balances. Each failed before a rule of the layout pass undid what the photo did to it:
 * postbank-referenz-last-2 `07.07.107.07.` (the slash of `Buchung/Wert` read as 1: 9 of 19
 * postings lost), austrian-empfaenger-lines-2 `1711.` (a date's first point lost: two postings
 * lost, a purpose IBAN opened a second account), emoney-wallet-1 (the opening balance's label
 * joined the line of the column beside it: opening null), neobank-monthnames-2 (a purpose line
 * `IBAN: …` whose first word's box the engine guessed 12 pt left: a second account).
 */
const WHOLE = [
  { layout: 'postbank-referenz-last', seed: 2 },
  { layout: 'austrian-empfaenger-lines', seed: 2 },
  { layout: 'emoney-wallet', seed: 1 },
  { layout: 'neobank-monthnames', seed: 2 },
] as const;

if (availableEngines().includes('native')) {
  describe('kontoauszug photos of blind-1 layouts, whole statement (native tesseract)', () => {
    const reader = testReader({ ocrEngine: 'native' });
    after(() => reader.close());
    for (const c of WHOLE) {
      test(`${c.layout}-${c.seed} photographed: every posting and both balances`, async () => {
        const f = fixtureFor(LAYOUTS.find((l) => l.name === c.layout)!, c.seed);
        const upload = await photographedStatement(f);
        const doc = await reader.read(upload.bytes, upload.kind, { maxPages: 10, signal: new AbortController().signal });
        const accounts = extractAccounts(doc);
        assert.deepEqual(pairs(toTables(accounts).flatMap((t) => t.rows)).sort(), pairs(f.expected.tables.flatMap((t) => t.rows)).sort());
        assert.equal(accounts.length, 1, 'one account');
        const expected = f.expected.statement as Record<string, unknown>; // one account: one statement
        assert.equal(accounts[0]!.info.opening_balance, expected.opening_balance);
        assert.equal(accounts[0]!.info.closing_balance, expected.closing_balance);
      });
    }
  });
}
