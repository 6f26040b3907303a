/**
 * The exact Pflegeversicherung rate of a parent (§ 55 Abs. 3, § 58 Abs. 3 SGB XI; blind batch J's
 * J-L3), on a payslip of our own: a Leipzig employer, `Beschäftigungsort: Leipzig` beside its
 * postcode 04109, three children under 25. In Saxony the employee pays 2,30 % − 2 × 0,25 = 1,80 %
 * (2026); the rate outside Saxony (1,30 %) is flagged, the Saxon rate is not, and without a printed
 * place of employment the rate is not judged exactly.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Line, lv, row } from '../../../scripts/fixtures/analysis/unseen/model.js';
import { flagTopics, letterRuns } from './letter-runs.js';

const analysisOf = letterRuns();

function payslip(rate: string, amount: string, net: string, place = 'Beschäftigungsort: Leipzig'): Line[][] {
  return [
    [
      '# Druckerei Auenwald GmbH',
      'Karl-Liebknecht-Straße 12 · 04109 Leipzig',
      '',
      'Herrn Tobias Renner · Gohliser Straße 3 · 04155 Leipzig',
      '',
      '# Entgeltabrechnung Mai 2026',
      row(['Steuerklasse: 3', 56], ['Kinder unter 25: 3', 220], [place, 380]),
      '',
      lv('Gesamtbrutto', '3.000,00'),
      row(['Lohnsteuer', 56], ['', -330], ['180,00', -539]),
      row(['Krankenversicherung', 56], ['8,75 %', -330], ['262,50', -539]),
      row(['Pflegeversicherung', 56], [rate, -330], [amount, -539]),
      row(['Rentenversicherung', 56], ['9,30 %', -330], ['279,00', -539]),
      row(['Arbeitslosenversicherung', 56], ['1,30 %', -330], ['39,00', -539]),
      lv('Nettoverdienst', net),
      lv('Auszahlungsbetrag', net),
    ],
  ];
}

describe('Pflegeversicherung rate of a parent', () => {
  it('in Saxony with three children under 25 the rate outside Saxony is flagged', async () => {
    const a = await analysisOf('lohnabrechnung', payslip('1,30 %', '39,00', '2.200,50'));
    const flag = a.review_flags.find((f) => f.topic === 'sozialversicherung');
    assert.ok(flag, JSON.stringify(a.review_flags));
    assert.match(flag.description, /1,80 %/u);
  });

  it('the Saxon rate is not flagged', async () => {
    const a = await analysisOf('lohnabrechnung', payslip('1,80 %', '54,00', '2.185,50'));
    assert.ok(!flagTopics(a).includes('sozialversicherung'), JSON.stringify(a.review_flags));
  });

  it('without a printed place of employment the rate is not judged exactly', async () => {
    const a = await analysisOf('lohnabrechnung', payslip('1,30 %', '39,00', '2.200,50', 'Personalnummer: 2207'));
    assert.ok(!flagTopics(a).includes('sozialversicherung'), JSON.stringify(a.review_flags));
  });
});
