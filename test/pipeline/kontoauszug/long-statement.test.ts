import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { fixtureFor, textLayerPdf } from '../../../scripts/fixtures/kontoauszug/generate.js';
import { LAYOUTS } from '../../../scripts/fixtures/kontoauszug/layouts.js';
import type { StatementInfo } from '../../../src/pipeline/model/result.js';
import { buildPipelineRegistry } from '../../../src/pipeline/pipelines.js';
import { runPipeline } from '../../../src/pipeline/run-pipeline.js';
import { testReader } from '../helpers.js';

/**
 * The longest statement the service accepts (MAX_PAGES defaults to 100): 1,410 postings of the
 * layout with page headers, Übertrag lines and footers on 100 text-layer pages, through the real
 * reader and the real kontoauszug pipeline (classification, engine). Every posting comes back
 * as printed, the balances are the printed ones, the statement reconciles, and the page count
 * is the document's. The deadline is far beyond any real run: nothing here is about speed.
 */
describe('kontoauszug: a 100-page text-layer statement', () => {
  const reader = testReader();
  after(() => reader.close());

  test('multipage-carry with 1,410 postings on 100 pages: all postings, balances, reconciled', async () => {
    const f = fixtureFor(LAYOUTS.find((l) => l.name === 'multipage-carry')!, 1, 1410);
    assert.equal(f.pages.length, 100);
    const run = await runPipeline(
      buildPipelineRegistry().kontoauszug,
      { bytes: await textLayerPdf(f), kind: 'pdf' },
      { reader, maxPages: 100, timeoutMs: 600_000 },
    );
    assert.equal(run.status, 'success', run.status === 'failure' ? run.publicMessage : '');
    assert.ok(run.status === 'success' && run.output.kind === 'tables');
    assert.equal(run.pages, 100);
    assert.equal(run.pages, f.expected.pages);
    assert.equal(run.output.tables.length, 1);
    assert.equal(run.output.tables[0]!.rows.length, 1410);
    assert.deepEqual(run.output.tables, f.expected.tables);
    const st = run.output.statement as StatementInfo;
    const expected = f.expected.statement as Record<string, unknown>;
    assert.equal(st.iban, expected['iban']);
    assert.equal(st.period_start, expected['period_start']);
    assert.equal(st.period_end, expected['period_end']);
    assert.equal(st.opening_balance, expected['opening_balance']);
    assert.equal(st.closing_balance, expected['closing_balance']);
    assert.equal(st.reconciled, true);
  });
});
