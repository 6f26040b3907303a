/**
 * The letter eval's scoring (issue 22): summary facts, amounts found among the key numbers
 * under any name, SPEC keys the letter does not print, and the real-letter truth — judged on
 * hand-made analyses, so a scoring mistake shows here and not as a wrong figure in the eval.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { amountsFound, factTruth, keysNotPrinted, summaryFacts } from '../../../scripts/fixtures/analysis/letter-facts.js';
import { type RealTruth, scoreReal } from '../../../scripts/fixtures/analysis/real-truth.js';
import type { Analysis } from '../../../src/pipeline/model/result.js';

function analysis(keys: Record<string, string | [string, number]>, summary = '', topics: string[] = []): Analysis {
  return {
    summary,
    sections: [],
    checks: [],
    key_numbers: Object.fromEntries(Object.entries(keys).map(([k, v]) => [k, typeof v === 'string' ? { value: v, page: 1 } : { value: v[0], page: v[1] }])),
    review_flags: topics.map((topic) => ({ topic, severity: 'info' as const, description: topic })),
  };
}

describe('summary facts', () => {
  it('names the sender, the main amount in another printing and the deadline in words', () => {
    const truth = factTruth('mahnung', { gesamtforderung: { value: '1.465,28 €' }, zahlungsfrist: { value: '20.03.2026' } }, [], /Westfalen Forderungsmanagement/iu);
    assert.deepEqual(truth.deadline, '20.03.2026');
    const s = summaryFacts('Inkassoschreiben von Westfalen Forderungsmanagement GmbH. Gefordert werden 1.465,28 EUR, zu zahlen bis zum 20. März 2026.', truth);
    assert.deepEqual(s, { expected: ['sender', 'amount', 'deadline'], named: ['sender', 'amount', 'deadline'] });
  });

  it('does not count another amount, another date or a missing sender', () => {
    const truth = factTruth('mahnung', { gesamtforderung: { value: '1.465,28' }, hauptforderung: { value: '1.486,30' }, zahlungsfrist: { value: '05.05.2026' } }, [], /Westfalen/iu);
    const s = summaryFacts('Inkassoschreiben. Gefordert werden 1.486,30, zu zahlen bis zum 04.05.2026.', truth);
    assert.deepEqual(s.named, []);
  });

  it('asks an objection period to be named as a date in the sentence about the objection', () => {
    const truth = factTruth('bussgeldbescheid', { gesamtbetrag: { value: '182,00 €' } }, ['einspruchsfrist', 'punkte'], undefined);
    assert.equal(truth.deadline, 'period');
    assert.deepEqual(summaryFacts('Bußgeldbescheid vom 07.10.2025. Zu zahlen sind 182,00 €.', truth).named, ['amount']);
    assert.deepEqual(summaryFacts('Zu zahlen sind 182,00 €. Einspruch ist bis zum 21.10.2025 möglich.', truth).named, ['amount', 'deadline']);
  });

  it('expects no amount of a termination and no deadline of a payslip', () => {
    assert.deepEqual(summaryFacts('x', factTruth('kuendigung', { schreibdatum: { value: '01.02.2026' } }, [], undefined)).expected, []);
    assert.deepEqual(summaryFacts('x', factTruth('lohnabrechnung', { auszahlungsbetrag: { value: '2.000,00' } }, [], undefined)).expected, ['amount']);
  });
});

describe('amounts found and keys not printed', () => {
  it('finds an amount filed under another name, or any of its printings, and misses one not reported', () => {
    const a = analysis({ gebuehren: '3,50 €', gesamtbetrag: 'EUR 108,50' });
    assert.deepEqual(amountsFound([['3,50 €'], ['108,50'], ['80,00 €', '80,00']], a), { expected: 3, found: 2, missed: ['80,00 €'] });
  });

  it('reports SPEC keys outside the truth, not names SPEC lacks, not tolerated keys', () => {
    const a = analysis({ kirchensteuer: '41,20', lohnsteuer: '412,00', urlaubsgeld: '300,00', steuerklasse: '1' });
    assert.deepEqual(keysNotPrinted('lohnabrechnung', a, ['lohnsteuer'], ['steuerklasse']), ['kirchensteuer=41,20']);
  });
});

describe('real-letter truth scoring', () => {
  const truth: RealTruth = {
    file: 'x.jpg',
    type: 'bussgeldbescheid',
    origin: 'REAL',
    pages: 1,
    keys: {
      geldbusse: { value: '100,00 EUR', page: 1, where: 'a' },
      gebuehren: { value: '25,00 EUR', page: 1, where: 'b' },
      gesamtbetrag: { value: '128,50 EUR', page: 2, where: 'c', also: [{ value: '128,50 EUR', page: 1, where: 'd' }] },
      tatdatum: { value: '07.08.2015', page: 1, where: 'e' },
    },
    other_amounts: { sonstige_auslagen: { value: '0,00 EUR', page: 1, where: 'f' } },
    deadlines: [{ text: 'zwei Wochen', flag: 'einspruchsfrist', page: 1, where: 'g' }],
    flags: { expected: ['einspruchsfrist'], tolerated: ['verjaehrung'] },
  };

  it('counts a value of another figure as wrong, a second printing as right, a SPEC key the letter lacks as not printed', () => {
    const s = scoreReal(truth, analysis({ geldbusse: '25,00 €', gebuehren: '25,00', gesamtbetrag: '128,50 €', auslagen: '3,50 €' }, '', ['einspruchsfrist', 'punkte', 'verjaehrung']));
    assert.equal(s.keysOk, 2);
    assert.deepEqual(s.wrong, ['geldbusse: 25,00 € ≠ 100,00 EUR']);
    assert.deepEqual(s.notPrinted, ['auslagen=3,50 €']);
    assert.deepEqual([s.amountsFound, s.amountsExpected], [2, 4]);
    assert.deepEqual([s.datesFound, s.datesExpected, s.deadlinesFlagged], [0, 1, 1]);
    assert.deepEqual(s.withoutCause, ['punkte']);
  });

  it('finds a date reported under another name, and a 422 finds nothing', () => {
    assert.equal(scoreReal(truth, analysis({ bescheiddatum: '07.08.2015' })).datesFound, 1);
    const none = scoreReal(truth, null);
    assert.deepEqual([none.keysOk, none.amountsFound, none.flagsRaised, none.wrong.length], [0, 0, 0, 0]);
  });
});
