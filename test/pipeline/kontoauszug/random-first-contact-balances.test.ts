import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fixtureFor, textLayerPdf } from '../../../scripts/fixtures/kontoauszug/generate.js';
import { randomLayout } from '../../../scripts/fixtures/kontoauszug/random-layouts.js';
import { createDocumentReader, defaultReaderConfig, type ReaderWithStats } from '../../../src/pipeline/reading/read-document.js';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';

/**
 * Issue 21, random layouts 701–780 at first contact: the balance structures read wrong there, as
 * generated text-layer PDFs through the real reading layer (each seed one short statement of that
 * structure; rows, both balances and `reconciled` must equal the truth).
 * - 722: `Kontostand per <date>` over a newest-first list, `Alter Saldo per <date>` under it
 *   (sections.ts: the role-less balance above closes);
 * - 737: `Kontostand am 31.01.2025: 550,68 EUR`, whose figure ends under the Ausgang column by the
 *   label's length (balance-readings.ts: the reading with that balance's sign reversed reconciles).
 */
describe('random layouts: balances read at first contact wrong (issue 21)', () => {
  let reader: ReaderWithStats;
  before(() => {
    reader = createDocumentReader({ ...defaultReaderConfig, workerPoolSize: 1, warmUp: false });
  });
  after(() => reader.close());

  for (const seed of [722, 737]) {
    test(`seed ${seed}: balances ${randomLayout(seed).dims.balances}, order ${randomLayout(seed).dims.order}`, async () => {
      const f = fixtureFor(randomLayout(seed), seed);
      const doc = await reader.read(await textLayerPdf(f), 'pdf', { maxPages: 100, signal: new AbortController().signal });
      const accounts = extractAccounts(doc);
      const want = f.expected.statement as Record<string, unknown>;
      assert.deepEqual(toTables(accounts)[0]!.rows.map((r) => `${r[0]} ${r[3]}`), f.expected.tables[0]!.rows.map((r) => `${r[0]} ${r[3]}`));
      assert.deepEqual([accounts[0]!.info.opening_balance, accounts[0]!.info.closing_balance, accounts[0]!.info.reconciled], [want.opening_balance, want.closing_balance, true]);
    });
  }
});
