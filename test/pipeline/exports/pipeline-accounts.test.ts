import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import mt940js from 'mt940js';
import { parse as parseCsv } from 'csv-parse/sync';
import { fixtureFor, textLayerPdf } from '../../../scripts/fixtures/kontoauszug/generate.js';
import { LAYOUTS } from '../../../scripts/fixtures/kontoauszug/layouts.js';
import { renderStatementExport } from '../../../src/pipeline/exports/index.js';
import type { AccountRecord } from '../../../src/pipeline/model/result.js';
import { buildPipelineRegistry } from '../../../src/pipeline/pipelines.js';
import { createDocumentReader, defaultReaderConfig, type ReaderWithStats } from '../../../src/pipeline/reading/read-document.js';
import { analyzeDocument } from '../../../src/services/analyze-document.js';
import { camtSchemaErrors } from '../../support/camt-schema.js';

/**
 * The exports of what the real pipeline reads: a generated statement of every ready layout
 * family (text layer) through the reader and the kontoauszug stage, its `accounts` rendered in
 * each format and read back — camt.053 valid against the XSD with every posting, MT940 through
 * mt940js (which checks the balance chain) with the same amounts and dates, CSV a row per
 * posting.
 */
const meta = { createdAt: new Date('2026-02-01T08:00:00Z') };
const modelCents = (amount: string): number => Math.round(Number(amount) * 100);

describe('exports of the pipeline’s own accounts, every layout family', () => {
  let reader: ReaderWithStats;
  before(() => {
    reader = createDocumentReader({ ...defaultReaderConfig, workerPoolSize: 1, warmUp: false });
  });
  after(() => reader.close());

  for (const layout of LAYOUTS.filter((l) => !l.pending && !l.textLayer)) {
    test(layout.name, async () => {
      const f = fixtureFor(layout, 1);
      const outcome = await analyzeDocument(
        { pipelines: buildPipelineRegistry({}), reader, maxPages: 100, processingTimeoutMs: 120_000 },
        { documentType: 'kontoauszug', bytes: await textLayerPdf(f), kind: 'pdf', startedAt: performance.now() },
      );
      assert.ok(outcome.ok && 'tables' in outcome.body, `${f.id}: analysed`);
      const accounts: AccountRecord[] = outcome.body.accounts ?? [];
      assert.ok(accounts.length > 0, `${f.id}: accounts`);
      const postings = accounts.flatMap((a) => a.postings);

      const camt = renderStatementExport(accounts, 'camt053', meta).body;
      assert.deepEqual(await camtSchemaErrors(camt), [], `${f.id}: camt.053 valid`);
      assert.equal(camt.split('<Ntry>').length - 1, postings.length, `${f.id}: one Ntry per posting`);

      const statements = new mt940js.Parser().parse(renderStatementExport(accounts, 'mt940', meta).body);
      assert.equal(statements.length, accounts.length);
      statements.forEach((s, i) => {
        const a = accounts[i]!;
        assert.deepEqual(
          s.transactions.map((t) => [Math.round(t.amount * 100), t.entryDate === '' ? '' : t.entryDate.toISOString().slice(0, 10)]),
          a.postings.map((p) => [modelCents(p.amount), p.booking_date]),
          `${f.id}: MT940 postings`,
        );
        if (a.opening_balance) assert.equal(Math.round(s.openingBalance * 100), modelCents(a.opening_balance.amount), `${f.id}: opening`);
        if (a.closing_balance && a.reconciled) assert.equal(Math.round(s.closingBalance * 100), modelCents(a.closing_balance.amount), `${f.id}: closing`);
      });

      const rows = parseCsv(renderStatementExport(accounts, 'csv', meta).body, { delimiter: ';', bom: true, columns: true }) as Record<string, string>[];
      assert.deepEqual(rows.map((r) => r['ID']), postings.map((p) => p.id), `${f.id}: CSV rows`);
    });
  }
});
