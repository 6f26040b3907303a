/**
 * A public creditor's demand to pay (issue 22, batch D's 422): SPEC §9 makes a demand to pay an
 * outstanding amount a `mahnung`, also when a tax office sends it — though such a letter is full
 * of tax words (Steuernummer, AO, Einkommensteuer, Einspruch). What marks it is what a public
 * creditor prints instead of a Mahngebühr: late charges accruing by law and the enforcement it
 * announces. Its arrears table prints the late charges as a column beside the amounts; the
 * claim is the subtotal in the amounts' own column, and the total adds the other column.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { type Line, row } from '../../../scripts/fixtures/analysis/unseen/model.js';
import { letterPageSpecs } from '../../../scripts/fixtures/analysis/unseen/pages.js';
import { makeTextPdf } from '../../../scripts/fixtures/text-pdf.js';
import type { Analysis } from '../../../src/pipeline/model/result.js';
import { buildPipelineRegistry } from '../../../src/pipeline/pipelines.js';
import { runPipeline } from '../../../src/pipeline/run-pipeline.js';
import { testReader } from '../helpers.js';

const reader = testReader();
after(() => reader.close());
const registry = buildPipelineRegistry();

const letter: Line[][] = [
  [
    'Finanzamt Leipzig I · Wilhelm-Liebknecht-Platz 3 · 04105 Leipzig',
    row(['Frau', 56], ['Steuernummer', 350], ['232/118/04417', 450]),
    row(['Katrin Wendt', 56], ['Datum', 350], ['03.09.2026', 450]),
    row(['Kurt-Eisner-Straße 12', 56], ['Finanzkasse', 350]),
    '04275 Leipzig',
    '',
    '# Mahnung',
    '',
    'Sehr geehrte Frau Wendt,',
    'folgende Steuern sind fällig geworden und bis heute nicht entrichtet:',
    row(['Steuer', 56], ['Zeitraum', 200], ['Betrag', -400], ['Säumniszuschläge', -539]),
    row(['Einkommensteuer', 56], ['II/2026', 200], ['640,00', -400], ['12,00', -539]),
    row(['Solidaritätszuschlag', 56], ['II/2026', 200], ['0,00', -400], ['0,00', -539]),
    row(['Kirchensteuer', 56], ['II/2026', 200], ['57,60', -400], ['0,50', -539]),
    row(['Summe', 56], ['697,60', -400], ['12,50', -539]),
    row(['Gesamtrückstand', 56], ['710,10', -539]),
    'Bitte zahlen Sie den Gesamtrückstand bis zum 17.09.2026 an die Finanzkasse Leipzig I.',
    'Säumniszuschläge entstehen nach § 240 der Abgabenordnung für jeden angefangenen Monat.',
    'Wird der Betrag nicht fristgerecht gezahlt, leite ich die Vollstreckung ein (§ 259 AO), etwa',
    'durch Pfändung Ihres Kontos. Ein Einspruch gegen den Steuerbescheid hemmt die Zahlung nicht.',
    'Mit freundlichen Grüßen',
    'Finanzamt Leipzig I',
  ],
];

async function run() {
  return runPipeline(registry.mahnung, { bytes: await makeTextPdf(letterPageSpecs(letter)), kind: 'pdf' }, { reader, maxPages: 5, timeoutMs: 60_000 });
}

describe('a tax office demanding arrears', () => {
  it('is accepted as a mahnung', async () => {
    const r = await run();
    assert.equal(r.status, 'success', r.status === 'failure' ? r.publicMessage : '');
  });

  it('its claim is the subtotal in the amounts column, its total adds the late charges column, and the check holds', async () => {
    const r = await run();
    assert.ok(r.status === 'success' && r.output.kind === 'analysis');
    const a: Analysis = r.output.analysis;
    assert.equal(a.key_numbers.hauptforderung?.value, '697,60');
    assert.equal(a.key_numbers.gesamtforderung?.value, '710,10');
    const check = a.checks.find((c) => c.rule.startsWith('hauptforderung'));
    assert.equal(check?.holds, true, JSON.stringify(a.checks));
    assert.equal(a.key_numbers.zahlungsfrist?.value, '17.09.2026');
  });
});

describe('an amount in arrears named by its adjective', () => {
  const arrears: Line[][] = [
    [
      'Wohnungsgenossenschaft Elbaue eG · Am Stadtpark 8 · 01309 Dresden',
      row(['Herrn', 56], ['Datum', 340], ['02.11.2026', 440]),
      'Milan Petrović',
      'Borsbergstraße 30',
      '01309 Dresden',
      '',
      '# Mahnung',
      '',
      'Sehr geehrter Herr Petrović,',
      'auf Ihrem Mietkonto ist bis heute kein Zahlungseingang für Oktober 2026 verbucht.',
      row(['rückständige Miete Oktober 2026', 56], ['1.150,00 EUR', -539]),
      row(['Mahngebühr', 56], ['5,00 EUR', -539]),
      row(['Gesamtbetrag', 56], ['1.155,00 EUR', -539]),
      'Bitte überweisen Sie den Gesamtbetrag bis zum 16.11.2026.',
      'Mit freundlichen Grüßen',
      'Wohnungsgenossenschaft Elbaue eG',
    ],
  ];
  it('"rückständige …" is the claim, and the table adds up', async () => {
    const r = await runPipeline(registry.mahnung, { bytes: await makeTextPdf(letterPageSpecs(arrears)), kind: 'pdf' }, { reader, maxPages: 5, timeoutMs: 60_000 });
    assert.ok(r.status === 'success' && r.output.kind === 'analysis', r.status === 'failure' ? r.publicMessage : '');
    assert.equal(r.output.analysis.key_numbers.hauptforderung?.value, '1.150,00 EUR', JSON.stringify(r.output.analysis.key_numbers));
    assert.equal(r.output.analysis.checks.find((c) => c.rule.startsWith('hauptforderung'))?.holds, true, JSON.stringify(r.output.analysis.checks));
  });
});

describe('a payment period without a date', () => {
  const letter: Line[][] = [
    [
      'Stadtwerke Greifswald GmbH · Gützkower Landstraße 19 · 17489 Greifswald',
      row(['Frau', 56], ['Datum', 340], ['09.11.2026', 440]),
      'Ines Rahn',
      'Lange Straße 5',
      '17489 Greifswald',
      '',
      '# Mahnung',
      '',
      'Sehr geehrte Frau Rahn,',
      'Ihre Rechnung ist trotz Fälligkeit noch offen.',
      row(['offener Rechnungsbetrag', 56], ['212,40 EUR', -539]),
      row(['Mahngebühr', 56], ['2,50 EUR', -539]),
      row(['Gesamtbetrag', 56], ['214,90 EUR', -539]),
      'Wir fordern Sie auf, den Gesamtbetrag innerhalb von zwei Wochen nach Zugang dieses Schreibens zu zahlen.',
      'Mit freundlichen Grüßen',
      'Stadtwerke Greifswald GmbH',
    ],
  ];
  it('"innerhalb von zwei Wochen" is the deadline, and zahlungsfrist is flagged', async () => {
    const r = await runPipeline(registry.mahnung, { bytes: await makeTextPdf(letterPageSpecs(letter)), kind: 'pdf' }, { reader, maxPages: 5, timeoutMs: 60_000 });
    assert.ok(r.status === 'success' && r.output.kind === 'analysis', r.status === 'failure' ? r.publicMessage : '');
    assert.ok(r.output.analysis.review_flags.some((f) => f.topic === 'zahlungsfrist'), JSON.stringify(r.output.analysis.review_flags));
  });
});
