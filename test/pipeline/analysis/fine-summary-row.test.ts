/**
 * One fine, counted once (issue 22, batch F): a Bußgeldbescheid that computes the fine in a
 * detail table (Tatbestand | Regelsatz | Geldbuße) and carries it into the cost summary below
 * ("Geldbuße … Gebühr … Auslagen … Gesamtbetrag") prints the same figure twice. The sum starts at
 * the summary's row, so Geldbuße + Gebühr + Auslagen = Gesamtbetrag holds. Our own notice on that
 * structure, a real text-layer PDF through the real pipeline.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { type Line, row } from '../../../scripts/fixtures/analysis/unseen/model.js';
import { letterPageSpecs } from '../../../scripts/fixtures/analysis/unseen/pages.js';
import { makeTextPdf } from '../../../scripts/fixtures/text-pdf.js';
import { buildPipelineRegistry } from '../../../src/pipeline/pipelines.js';
import { runPipeline } from '../../../src/pipeline/run-pipeline.js';
import { testReader } from '../helpers.js';

const reader = testReader();
after(() => reader.close());

const notice: Line[][] = [
  [
    'Landkreis Emsland · Bußgeldstelle · Ordeniederung 1 · 49716 Meppen',
    row(['Frau', 56], ['Datum', 340], ['12.03.2026', 440]),
    row(['Sabine Lüken', 56], ['Aktenzeichen', 340], ['OW 26/1177', 440]),
    'Marktstraße 3',
    '49733 Haren',
    '',
    '# Bußgeldbescheid',
    '',
    row(['Tattag', 56], ['03.02.2026', 170]),
    row(['Vorwurf', 56], ['Sie haben die zulässige Achslast überschritten.', 170]),
    row(['Tatbestand', 56], ['Überschreitung', 200], ['Regelsatz', 320], ['Geldbuße', -540]),
    row(['Achslast', 56], ['12 %', 200], ['80,00 EUR', 320], ['80,00 EUR', -540]),
    row(['Geldbuße', 56], ['80,00 EUR', -540]),
    row(['Gebühr (§ 107 Abs. 1 OWiG)', 56], ['28,50 EUR', -540]),
    row(['Auslagen (§ 107 Abs. 3 OWiG)', 56], ['3,50 EUR', -540]),
    row(['Gesamtbetrag', 56], ['112,00 EUR', -540]),
    'Zahlen Sie den Gesamtbetrag spätestens zwei Wochen nach Rechtskraft.',
  ],
];

describe('a fine carried from its detail table into the cost summary', () => {
  it('is counted once: Geldbuße + Gebühr + Auslagen = Gesamtbetrag holds', async () => {
    const r = await runPipeline(buildPipelineRegistry().bussgeldbescheid, { bytes: await makeTextPdf(letterPageSpecs(notice)), kind: 'pdf' }, { reader, maxPages: 5, timeoutMs: 60_000 });
    assert.ok(r.status === 'success' && r.output.kind === 'analysis');
    const a = r.output.analysis;
    const check = a.checks.find((c) => c.rule.startsWith('geldbusse'));
    assert.equal(check?.holds, true, JSON.stringify(a.checks));
    assert.equal(a.key_numbers.geldbusse?.value, '80,00 EUR', JSON.stringify(a.key_numbers));
  });
});
