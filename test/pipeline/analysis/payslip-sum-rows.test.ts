/**
 * Sums a payslip prints of its own rows (issue 22, batch I's payslips): `Summe Sozialversicherung`
 * under the four contribution rows is an amount the slip sets, reported under its label where it
 * is the sum of the rows above it; a row labelled as a sum that is not (a misprint, or a sum of
 * rows printed elsewhere) is left out. A payslip of our own, a real text-layer PDF through the real
 * pipeline.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Line, row } from '../../../scripts/fixtures/analysis/unseen/model.js';
import type { Analysis } from '../../../src/pipeline/model/result.js';
import { letterRuns, keyValues } from './letter-runs.js';

const run = letterRuns();
const analysisOf = (pages: Line[][]): Promise<Analysis> => run('lohnabrechnung', pages);

const values = keyValues;

/** Gross 3.000,00: KV 262,50 + PV 72,00 + RV 279,00 + AV 39,00 = 652,50; LSt 310,00; net 2.037,50. */
const payslip = (sum: string): Line[][] => [
  [
    'Gärtnerei Lindholm KG · Baumschulenweg 3 · 25421 Pinneberg',
    'Frau Svea Karstens · Bahnhofstraße 19 · 25421 Pinneberg',
    row(['Entgeltabrechnung für Mai 2026', 56]),
    row(['Pers.-Nr.', 56], ['StKl', 200], ['Konfession', 300]),
    row(['118', 56], ['1', 200], ['--', 300]),
    '',
    row(['Bezeichnung', 56], ['Betrag', -539]),
    row(['Gehalt', 56], ['3.000,00', -539]),
    row(['Gesamtbrutto', 56], ['3.000,00', -539]),
    row(['Lohnsteuer', 56], ['310,00', -539]),
    '',
    row(['Krankenversicherung', 56], ['262,50', -539]),
    row(['Pflegeversicherung', 56], ['72,00', -539]),
    row(['Rentenversicherung', 56], ['279,00', -539]),
    row(['Arbeitslosenversicherung', 56], ['39,00', -539]),
    row(['Summe Sozialversicherung', 56], [sum, -539]),
    '',
    row(['Nettoverdienst', 56], ['2.037,50', -539]),
    row(['Auszahlungsbetrag', 56], ['2.037,50', -539]),
  ],
];

describe('a sum row of the payslip', () => {
  it('is reported under its label where it sums the rows above it', async () => {
    const v = values(await analysisOf(payslip('652,50')));
    assert.equal(v.summe_sozialversicherung, '652,50', JSON.stringify(v));
    assert.equal(v.rentenversicherung, '279,00', JSON.stringify(v));
  });
  it('is left out where the rows above do not add up to it', async () => {
    const v = values(await analysisOf(payslip('625,50')));
    assert.equal(v.summe_sozialversicherung, undefined, JSON.stringify(v));
  });
});
