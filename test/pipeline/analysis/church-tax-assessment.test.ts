/**
 * A church-tax assessment (issue 22, batch E's steuerbescheid keys): where a church-tax office
 * assesses it, the tax carries its legal name as a compound (`Kircheneinkommensteuer`, Bavaria's
 * KirchStG) — the set church tax is that line's amount, and the year is the one printed after
 * the tax's name (`Bescheid über Kircheneinkommensteuer 2023`), as after any tax compound. The
 * letter is written for this test; a real text-layer PDF through the real pipeline.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { type Line, lv, row } from '../../../scripts/fixtures/analysis/unseen/model.js';
import { letterPageSpecs } from '../../../scripts/fixtures/analysis/unseen/pages.js';
import { makeTextPdf } from '../../../scripts/fixtures/text-pdf.js';
import { buildPipelineRegistry } from '../../../src/pipeline/pipelines.js';
import { runPipeline } from '../../../src/pipeline/run-pipeline.js';
import { testReader } from '../helpers.js';

const reader = testReader();
after(() => reader.close());
const registry = buildPipelineRegistry();

const letter: Line[][] = [
  [
    'Katholisches Kirchensteueramt Regensburg · Obermünsterplatz 7 · 93047 Regensburg',
    'Frau',
    'Theresa Aigner',
    'Dechbettener Straße 21',
    '93049 Regensburg',
    row(['Steuernummer', 320], ['244/118/50212', 450]),
    row(['Datum', 320], ['04.02.2026', 450]),
    '',
    '# Bescheid über Kircheneinkommensteuer 2023',
    '',
    'Sehr geehrte Frau Aigner,',
    'auf Grundlage Ihres Einkommensteuerbescheids setzen wir die Steuer wie folgt fest:',
    lv('Maßstabsteuer (festgesetzte Einkommensteuer)', '6.150,00 €'),
    lv('Kirchensteuersatz', '8 %'),
    lv('festgesetzte Kircheneinkommensteuer', '492,00 €'),
    lv('abzüglich einbehaltene Kirchenlohnsteuer', '530,40 €'),
    lv('Erstattung', '38,40 €'),
    'Der Betrag von 38,40 € wird Ihnen auf Ihr Konto überwiesen.',
    '# Rechtsbehelfsbelehrung',
    'Gegen diesen Bescheid kann innerhalb eines Monats nach Bekanntgabe Einspruch eingelegt werden.',
    'Mit freundlichen Grüßen',
    'Kirchensteueramt Regensburg',
  ],
];

describe('a church-tax assessment', () => {
  it('reads the set church tax under its compound name and the year after it', async () => {
    const r = await runPipeline(registry.steuerbescheid, { bytes: await makeTextPdf(letterPageSpecs(letter)), kind: 'pdf' }, { reader, maxPages: 5, timeoutMs: 60_000 });
    assert.ok(r.status === 'success' && r.output.kind === 'analysis', r.status === 'failure' ? r.publicMessage : '');
    const k = r.output.analysis.key_numbers;
    assert.equal(k.kirchensteuer?.value, '492,00 €', JSON.stringify(k));
    assert.equal(k.steuerjahr?.value, '2023', JSON.stringify(k));
    assert.equal(k.erstattung?.value, '38,40 €', JSON.stringify(k));
  });
});
