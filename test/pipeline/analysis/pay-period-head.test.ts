/**
 * The pay period in a payslip's head (issue 22, batch F's public-service pay statement): the
 * head's first line prints the month the slip is for and, in its right column, when it was made
 * (`Entgeltnachweis für Februar 2026 … erstellt am 16.02.2026`). A word that makes a month no pay
 * period (`erstellt`, `Eintritt`, `gültig ab`) qualifies the month only when it stands before it
 * on the line; the creation date after it left the period unread. Real text-layer PDFs through
 * the real pipeline.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Line, row } from '../../../scripts/fixtures/analysis/unseen/model.js';
import type { Analysis } from '../../../src/pipeline/model/result.js';
import { letterRuns } from './letter-runs.js';

const analyse = letterRuns();
const analysisOf = (pages: Line[][]): Promise<Analysis> => analyse('lohnabrechnung', pages);

const payslip = (headLine: Line): Line[][] => [
  [
    'Landesamt für Besoldung · Entgeltstelle · Ringstraße 3 · 24103 Kiel',
    'Herrn Malte Jensen · Hafenweg 8 · 24159 Kiel',
    headLine,
    row(['Pers.-Nr.', 56], ['StKl', 200], ['Konfession', 300]),
    row(['30917', 56], ['1', 200], ['--', 300]),
    '',
    row(['Bezüge', 56], ['Betrag', -539]),
    row(['Tabellenentgelt', 56], ['2.900,00', -539]),
    row(['Gesamtbrutto', 56], ['2.900,00', -539]),
    row(['Lohnsteuer', 56], ['290,00', -539]),
    row(['Krankenversicherung', 56], ['237,80', -539]),
    row(['Pflegeversicherung', 56], ['52,20', -539]),
    row(['Rentenversicherung', 56], ['269,70', -539]),
    row(['Arbeitslosenversicherung', 56], ['37,70', -539]),
    row(['Gesetzliches Netto', 56], ['2.012,60', -539]),
    row(['Überweisungsbetrag', 56], ['2.012,60', -539]),
  ],
];

describe('the pay period in the head', () => {
  it('a creation date after the month leaves it the period', async () => {
    const a = await analysisOf(payslip(row(['Entgeltnachweis für März 2026', 56], ['erstellt am', 360], ['18.03.2026', 450])));
    assert.equal(a.key_numbers.abrechnungszeitraum?.value, 'März 2026', JSON.stringify(a.key_numbers));
  });
  it('a month after an entry label is no period', async () => {
    const a = await analysisOf(payslip(row(['Eintritt', 56], ['März 2019', 200])));
    assert.notEqual(a.key_numbers.abrechnungszeitraum?.value, 'März 2019', JSON.stringify(a.key_numbers));
  });
});
