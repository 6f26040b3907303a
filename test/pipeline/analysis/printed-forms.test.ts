/**
 * Which printed form a key answers when a letter prints one fact twice (issue 22, the described
 * sets' last wrong values LB1 and A-K4): a pay month in figures and in words is answered in words,
 * a month in figures alone stays as printed; a notice period a label–value grid prints under its
 * `Kündigungsfrist` header cell is answered as the cell prints it, not as the prose that
 * explains it words it; a letter with the period in prose only keeps the prose. Letters of our
 * own, real text-layer PDFs through the real pipeline.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Line, row } from '../../../scripts/fixtures/analysis/unseen/model.js';
import { letterRuns } from './letter-runs.js';

const analysisOf = letterRuns();

/** A joinery's payslip: the month in figures in the head's box, and a heading that may word it. */
const payslip = (heading: string): Line[][] => [
  [
    'Tischlerei Vogt GmbH · Am Sägewerk 4 · 37073 Göttingen',
    'Herrn Ole Brandt · Weender Straße 12 · 37075 Göttingen',
    row(['Abrechnungsmonat', 360], ['03/2026', 460]),
    `# ${heading}`,
    row(['Pers.-Nr.', 56], ['StKl', 200], ['Konfession', 300]),
    row(['2207', 56], ['1', 200], ['--', 300]),
    '',
    row(['Bezeichnung', 56], ['Betrag', -539]),
    row(['Stundenlohn 160 Std.', 56], ['3.200,00', -539]),
    row(['Gesamtbrutto', 56], ['3.200,00', -539]),
    row(['Lohnsteuer', 56], ['345,00', -539]),
    row(['Krankenversicherung', 56], ['270,40', -539]),
    row(['Pflegeversicherung', 56], ['57,60', -539]),
    row(['Rentenversicherung', 56], ['297,60', -539]),
    row(['Arbeitslosenversicherung', 56], ['41,60', -539]),
    row(['Nettoverdienst', 56], ['2.187,80', -539]),
    row(['Auszahlungsbetrag', 56], ['2.187,80', -539]),
  ],
];

/** An internet provider confirms a customer's termination; the grid may print the period. */
const confirmation = (grid: boolean): Line[][] => [
  [
    'Glasfaser Nordwest GmbH · Kundenservice · 26122 Oldenburg',
    '',
    'Herrn',
    'Jannik Oltmanns',
    'Donnerschweer Straße 40',
    '26123 Oldenburg',
    '',
    row(['Kundennummer', 340], ['Datum', 460]),
    row(['55 1020 77', 340], ['09.03.2026', 460]),
    '',
    '# Bestätigung Ihrer Kündigung',
    '',
    'Guten Tag Herr Oltmanns,',
    '',
    'wir bestätigen die Kündigung Ihres Internetvertrags.',
    '',
    ...(grid ? [row(['Kündigungsfrist', 56], ['Ihr Vertrag endet am', 300]), row(['1 Monat', 56], ['09.04.2026', 300])] : [row(['Ihr Vertrag endet am', 56]), row(['09.04.2026', 56])]),
    '',
    'Nach Ablauf der Mindestlaufzeit können Sie jederzeit mit einer Frist von einem Monat kündigen.',
    '',
    'Freundliche Grüße',
    'Ihr Kundenservice',
  ],
];

describe('one fact printed twice: the form the key answers', () => {
  it('a pay month in figures and in words is answered in words', async () => {
    const a = await analysisOf('lohnabrechnung', payslip('Verdienstabrechnung für März 2026'));
    assert.equal(a.key_numbers.abrechnungszeitraum?.value, 'März 2026', JSON.stringify(a.key_numbers));
  });
  it('a pay month in figures alone stays as printed', async () => {
    const a = await analysisOf('lohnabrechnung', payslip('Verdienstabrechnung'));
    assert.equal(a.key_numbers.abrechnungszeitraum?.value, '03/2026', JSON.stringify(a.key_numbers));
  });
  it('another month in words does not replace the month in figures', async () => {
    const a = await analysisOf('lohnabrechnung', payslip('Verdienstabrechnung (Nachberechnung Februar 2026)'));
    assert.equal(a.key_numbers.abrechnungszeitraum?.value, '03/2026', JSON.stringify(a.key_numbers));
  });
  it('a notice period under its grid label is answered as the cell prints it', async () => {
    const a = await analysisOf('kuendigung', confirmation(true));
    assert.equal(a.key_numbers.kuendigungsfrist?.value, '1 Monat', JSON.stringify(a.key_numbers));
  });
  it('a notice period in prose only is answered as the prose words it', async () => {
    const a = await analysisOf('kuendigung', confirmation(false));
    assert.equal(a.key_numbers.kuendigungsfrist?.value, 'einem Monat', JSON.stringify(a.key_numbers));
  });
});
