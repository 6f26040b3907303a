import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { fixtureFor, textLayerPdf } from '../../../scripts/fixtures/kontoauszug/generate.js';
import { MONTH_HEADING_LAYOUTS } from '../../../scripts/fixtures/kontoauszug/layouts-month-headings.js';
import type { StatementInfo } from '../../../src/pipeline/model/result.js';
import { buildPipelineRegistry } from '../../../src/pipeline/pipelines.js';
import { runPipeline } from '../../../src/pipeline/run-pipeline.js';
import { testReader } from '../helpers.js';

/**
 * Issue 21, branch i21-b9a: rows under month headings (`MÄRZ 2025`) print only their day (`7.`);
 * the heading's month and year date them (layout/month-heading-days.ts). A page with a date
 * column, amounts and printed balances answered with zero postings is a failure: every row's
 * date and amount, both balances, reconciled. Text-layer PDFs through the real reader and the
 * real kontoauszug pipeline.
 */
describe('day-only dates under month headings (issue 21)', () => {
  const reader = testReader();
  after(() => reader.close());
  const registry = buildPipelineRegistry();

  for (const layout of MONTH_HEADING_LAYOUTS) {
    for (const seed of [1, 2]) {
      test(`${layout.name}-${seed}: every row dated from its heading, both balances, reconciled`, async () => {
        const f = fixtureFor(layout, seed);
        const run = await runPipeline(registry.kontoauszug, { bytes: await textLayerPdf(f), kind: 'pdf' }, { reader, maxPages: 20, timeoutMs: 120_000 });
        assert.equal(run.status, 'success', run.status === 'failure' ? run.publicMessage : '');
        assert.ok(run.status === 'success' && run.output.kind === 'tables');
        const dateAmount = (rows: string[][]): string[] => rows.map((r) => `${r[0]} ${r[3]}`);
        assert.deepEqual(dateAmount(run.output.tables[0]!.rows), dateAmount(f.expected.tables[0]!.rows));
        const st = run.output.statement as StatementInfo;
        const want = f.expected.statement as Record<string, unknown>;
        assert.deepEqual([st.opening_balance, st.closing_balance, st.reconciled], [want['opening_balance'], want['closing_balance'], true]);
      });
    }
  }
});
