/**
 * A payslip printed in boxes side by side (taxes | social insurance | payout), each box with its
 * labels left and its amounts right-aligned at the box's edge, the boxes of different lengths
 * (issue 22, batch L's wrong values): a label's figures end at the gap where the next box's
 * label opens, also a two-capital one (`RV`, `- SV`), so a figure is never read under the label
 * of the box to its left.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Line, row } from '../../../scripts/fixtures/analysis/unseen/model.js';
import type { Analysis } from '../../../src/pipeline/model/result.js';
import { letterRuns } from './letter-runs.js';

const analyse = letterRuns();
const analysisOf = (pages: Line[][]): Promise<Analysis> => analyse('lohnabrechnung', pages);

const cells = (...pairs: [string, number, boolean?][]): Line => pairs.map(([t, x, r]) => ({ t, x, ...(r ? { r: true } : {}) }));

/** 160 h × 15,00 = 2.400,00; taxes 210,50; contributions 210,00 + 43,20 + 223,20 + 31,20 = 507,60; net 1.681,90. */
const slip: Line[][] = [
  [
    'Hausmeisterdienste Krüger OHG · Lindenallee 12 · 04109 Leipzig',
    '',
    '# Entgeltabrechnung Oktober 2026',
    row(['Steuerklasse 1', 56], ['Konfession keine', 250]),
    '',
    row(['Bezeichnung', 56], ['Menge', -300], ['Satz', -400], ['Betrag', -539]),
    row(['Stundenlohn', 56], ['160,00', -300], ['15,00', -400], ['2.400,00', -539]),
    '',
    row(['Steuer', 56], ['Beiträge', 220], ['Ergebnis', 390]),
    cells(['Lohnsteuer', 56], ['210,50', 200, true], ['KV 8,75 %', 220], ['210,00', 370, true], ['Brutto', 390], ['2.400,00', 539, true]),
    cells(['SolZ', 56], ['0,00', 200, true], ['PV 1,80 %', 220], ['43,20', 370, true], ['- Steuern', 390], ['210,50', 539, true]),
    cells(['KiSt', 56], ['0,00', 200, true], ['RV 9,30 %', 220], ['223,20', 370, true], ['- SV', 390], ['507,60', 539, true]),
    cells(['Summe', 56], ['210,50', 200, true], ['AV 1,30 %', 220], ['31,20', 370, true], ['Netto', 390], ['1.681,90', 539, true]),
    cells(['Summe', 220], ['507,60', 370, true], ['Überweisung', 390], ['1.681,90', 539, true]),
  ],
];

describe('a payslip in boxes side by side', () => {
  it('reads each figure under its own label, not under the label of the box to its left', async () => {
    const a = await analysisOf(slip);
    const k = a.key_numbers;
    assert.equal(k.kirchensteuer?.value, '0,00', JSON.stringify(k));
    assert.equal(k.solidaritaetszuschlag?.value, '0,00');
    assert.equal(k.rentenversicherung?.value, '223,20');
    assert.equal(k.krankenversicherung?.value, '210,00');
    assert.equal(k.pflegeversicherung?.value, '43,20');
    assert.equal(k.arbeitslosenversicherung?.value, '31,20');
    assert.equal(k.nettoverdienst?.value, '1.681,90');
  });
});
