/**
 * Amounts a letter computes and names (issue 22 §6, common/computed-amounts.ts): a product line
 * whose result a labelled line restates is a key number under that label; a product that does not
 * equal its result, or a result no label restates, gives nothing.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { type Line, row } from '../../../scripts/fixtures/analysis/unseen/model.js';
import { letterPageSpecs } from '../../../scripts/fixtures/analysis/unseen/pages.js';
import { makeTextPdf } from '../../../scripts/fixtures/text-pdf.js';
import type { Analysis } from '../../../src/pipeline/model/result.js';
import { buildPipelineRegistry } from '../../../src/pipeline/pipelines.js';
import { runPipeline } from '../../../src/pipeline/run-pipeline.js';
import { productCents } from '../../../src/pipeline/stages/analysis/common/computed-amounts.js';
import { testReader } from '../helpers.js';

const reader = testReader();
after(() => reader.close());
const registry = buildPipelineRegistry();

async function kuendigung(product: string, result: string, label: string): Promise<Analysis> {
  const page: Line[] = [
    'Kartonagen Vogt GmbH · Industriestraße 4 · 34117 Kassel',
    '',
    row(['Herrn', 56], ['Datum', 340], ['26.02.2026', 440]),
    'Dariusz Kowalczyk',
    'Wilhelmshöher Allee 10',
    '34119 Kassel',
    '',
    '# Kündigung Ihres Arbeitsverhältnisses',
    'Sehr geehrter Herr Kowalczyk,',
    'hiermit kündigen wir das mit Ihnen seit dem 01.10.2014 bestehende Arbeitsverhältnis ordentlich',
    'und fristgerecht zum 30.06.2026. Die Kündigungsfrist beträgt vier Monate zum Monatsende.',
    '',
    '# Abfindung nach § 1a KSchG',
    row(['Monatsverdienst', 56], ['3.850,00 EUR', -539]),
    row([product, 56], [result, -539]),
    row([label, 56], [result, -539]),
    '',
    'Mit freundlichen Grüßen',
  ];
  const r = await runPipeline(registry.kuendigung, { bytes: await makeTextPdf(letterPageSpecs([page])), kind: 'pdf' }, { reader, maxPages: 2, timeoutMs: 60_000 });
  assert.ok(r.status === 'success' && r.output.kind === 'analysis');
  return r.output.analysis;
}

describe('amounts a letter computes and names', () => {
  it('the product of a formula: one amount of money times counts and rates', () => {
    assert.equal(productCents('0,5 x 3.850,00 EUR x 12'), 2_310_000);
    assert.equal(productCents('12 x 54,00 EUR ='), 64_800);
    assert.equal(productCents('Monatsverdienst'), null);
    // Two amounts of money multiplied are no computation a letter prints.
    assert.equal(productCents('3,00 EUR x 4,00 EUR'), null);
  });

  it('a severance computed and restated under its label is a key number named by the label, and the summary names it', async () => {
    const a = await kuendigung('0,5 x 3.850,00 EUR x 12', '23.100,00 EUR', 'Abfindung (brutto)');
    assert.equal(a.key_numbers.abfindung?.value, '23.100,00 EUR');
    assert.match(a.summary, /Abfindung 23\.100,00 EUR/);
  });

  it('a result the product does not give is left out', async () => {
    const a = await kuendigung('0,5 x 3.850,00 EUR x 11', '23.100,00 EUR', 'Abfindung (brutto)');
    assert.equal(a.key_numbers.abfindung, undefined);
    assert.doesNotMatch(a.summary, /23\.100,00/);
  });
});
