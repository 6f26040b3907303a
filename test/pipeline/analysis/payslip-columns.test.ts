/**
 * A payslip's figures tied to their labels and to its arithmetic (issue 22, batch D's wrong
 * values), on real text-layer PDFs through the real pipeline: where the taxes stand in several
 * columns (current pay, a one-off payment, the total), the column is read by its header's meaning
 * and the net check judges; where no column adds up, the disputed values are left out, never
 * reported from a column picked blind. A heading that names the payout lends it no amount, and a
 * contribution rate printed as a sum of parts is judged as that sum.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Line, row } from '../../../scripts/fixtures/analysis/unseen/model.js';
import type { Analysis } from '../../../src/pipeline/model/result.js';
import { letterRuns } from './letter-runs.js';

const analyse = letterRuns();
const analysisOf = (pages: Line[][]): Promise<Analysis> => analyse('lohnabrechnung', pages);

/** Gross 3.600,00; taxes 520,16 + 0,00 + 41,61 = 561,77; contributions 761,40; net 2.276,83 (as printed: `net`). */
const payslip = (net: string, kvRate = '1,45 %'): Line[][] => [
  [
    'Druckerei Lindner KG · Am Hafen 4 · 28195 Bremen',
    '',
    '# Lohn- und Gehaltsabrechnung Dezember 2026',
    row(['Pers.-Nr.', 56], ['StKl', 200], ['Konfession', 300]),
    row(['0815', 56], ['1', 200], ['rk', 300]),
    '',
    row(['Bezüge', 56], ['Betrag', -539]),
    row(['Gehalt', 56], ['3.100,00', -539]),
    row(['Weihnachtsgeld', 56], ['500,00', -539]),
    row(['Gesamtbrutto', 56], ['3.600,00', -539]),
    row(['davon SV-Brutto', 56], ['3.600,00', -539]),
    '',
    row(['Steuerabzüge', 56], ['laufend', -330], ['Einmalzahlung', -430], ['gesamt', -539]),
    row(['Lohnsteuer', 56], ['402,16', -330], ['118,00', -430], ['520,16', -539]),
    row(['Solidaritätszuschlag', 56], ['0,00', -330], ['0,00', -430], ['0,00', -539]),
    row(['Kirchensteuer 8 %', 56], ['32,17', -330], ['9,44', -430], ['41,61', -539]),
    '',
    row(['Krankenversicherung', 56], [`7,30 % + ${kvRate}`, 200], ['315,00', -539]),
    row(['Pflegeversicherung', 56], ['1,80 %', 200], ['64,80', -539]),
    row(['Rentenversicherung', 56], ['9,30 %', 200], ['334,80', -539]),
    row(['Arbeitslosenversicherung', 56], ['1,30 %', 200], ['46,80', -539]),
    '',
    'Vom Netto zur Auszahlung',
    row(['Gesamtbrutto', 56], ['3.600,00', -539]),
    row(['Nettoverdienst', 56], [net, -539]),
    row(['abzüglich Vorschuss November', 56], ['200,00', -539]),
    row(['Auszahlung', 56], [net === '2.276,83' ? '2.076,83' : '2.000,00', -539]),
  ],
];

describe('a payslip whose taxes stand in several columns', () => {
  it('takes the column headed as the row total, which the net check confirms', async () => {
    const a = await analysisOf(payslip('2.276,83'));
    assert.equal(a.key_numbers.lohnsteuer?.value, '520,16');
    assert.equal(a.key_numbers.kirchensteuer?.value, '41,61');
    const net = a.checks.find((c) => c.rule.startsWith('gesamtbrutto'));
    assert.equal(net?.holds, true, JSON.stringify(a.checks));
  });

  it('leaves the disputed taxes out where no column adds up', async () => {
    const a = await analysisOf(payslip('2.300,00'));
    assert.equal(a.key_numbers.lohnsteuer, undefined, JSON.stringify(a.key_numbers.lohnsteuer));
    assert.equal(a.key_numbers.kirchensteuer, undefined);
    // What is not disputed stays.
    assert.equal(a.key_numbers.rentenversicherung?.value, '334,80');
    assert.equal(a.key_numbers.nettoverdienst?.value, '2.300,00');
  });

  it('a heading naming the payout lends it no amount: the payout is the one the rows after the net account for', async () => {
    const a = await analysisOf(payslip('2.276,83'));
    assert.equal(a.key_numbers.auszahlungsbetrag?.value, '2.076,83');
    assert.equal(a.checks.find((c) => c.rule.startsWith('nettoverdienst'))?.holds, true, JSON.stringify(a.checks));
  });
});

describe('a contribution rate printed as a sum of parts', () => {
  it('7,30 % + 1,45 % is judged as 8,75 %: no sozialversicherung flag on 315,00 of 3.600,00', async () => {
    const a = await analysisOf(payslip('2.276,83'));
    assert.ok(!a.review_flags.some((f) => f.topic === 'sozialversicherung'), JSON.stringify(a.review_flags));
  });

  it('a sum of parts that does not give the amount is still found', async () => {
    const a = await analysisOf(payslip('2.276,83', '1,25 %'));
    assert.ok(a.review_flags.some((f) => f.topic === 'sozialversicherung'), JSON.stringify(a.review_flags));
  });
});
