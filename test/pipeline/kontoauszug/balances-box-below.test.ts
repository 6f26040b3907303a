import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extractAccounts } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { toLines } from '../../../src/pipeline/layout/lines.js';
import { synthDoc, type SynthLine } from './synthetic.js';

/**
 * Issue 21: a statement that prints both balances only in an overview after the list, each as a
 * balance naming no role (`Saldo per <date>`), in either order. The one dated before every booking
 * opens (it cannot close postings booked after it); the other closes (sections.ts,
 * balance-order.ts). Our own wording and layout, not a blind family's.
 */
const head: SynthLine[] = [
  [40, 30, 'Kreditbank Weser eG Umsatzübersicht'],
  [40, 50, 'Tischlerei Brandt OHG IBAN DE89 3704 0044 0532 0130 00'],
  [40, 62, 'Abrechnungszeitraum 01.09.2025 bis 30.09.2025'],
  [40, 90, 'Buchung'],
  [120, 90, 'Erläuterung'],
  [545, 90, 'Umsatz EUR', true],
  [40, 102, '02.09.2025'],
  [120, 102, 'Gutschrift Holzhandel Meyer'],
  [545, 102, '+410,00', true],
  [40, 114, '15.09.2025'],
  [120, 114, 'Lastschrift Energieversorger Nord'],
  [545, 114, '-95,50', true],
  [40, 126, '29.09.2025'],
  [120, 126, 'Überweisung Werkzeug Schmidt'],
  [545, 126, '-64,50', true],
  [40, 150, 'Saldenübersicht'],
];
const info = (page: SynthLine[]): [string | null, string | null, boolean] => {
  const i = extractAccounts(synthDoc(page))[0]!.info;
  return [i.opening_balance, i.closing_balance, i.reconciled];
};

describe('both balances in an overview after the list (issue 21)', () => {
  test('the earlier-dated balance first: it opens, the later one closes', () => {
    const page: SynthLine[] = [...head, [40, 162, 'Saldo per 31.08.2025'], [545, 162, '+1.000,00', true], [40, 174, 'Saldo per 30.09.2025'], [545, 174, '+1.250,00', true]];
    assert.deepEqual(info(page), ['1.000,00', '1.250,00', true]);
  });

  test('the later-dated balance first: the earlier one still opens', () => {
    const page: SynthLine[] = [...head, [40, 162, 'Saldo per 30.09.2025'], [545, 162, '+1.250,00', true], [40, 174, 'Saldo per 31.08.2025'], [545, 174, '+1.000,00', true]];
    assert.deepEqual(info(page), ['1.000,00', '1.250,00', true]);
  });

  test('a balance dated inside the period after the list is not taken for the opening', () => {
    // Only a date before every booking makes a role-less balance the opening: 20.09. lies between them.
    const page: SynthLine[] = [...head, [40, 162, 'Saldo per 20.09.2025'], [545, 162, '+1.250,00', true]];
    assert.equal(info(page)[0], null);
  });
});

describe('a month-name date that ends a clause (issue 21)', () => {
  test('the year before a colon, comma or full stop is the date\'s year', () => {
    // `Saldo am 30. September 2025: 1.250,00 EUR` as a sentence: read without its year, two such
    // balances cannot be put in date order, and a swapped, negated pair reconciles as well.
    const lines = toLines(synthDoc([[40, 30, 'Saldo am 30. September 2025: 1.250,00 EUR'], [40, 42, 'Stand vom 1. Oktober 2025, 09:00 Uhr'], [40, 54, 'zuletzt am 2. Oktober 2025.']]).pages);
    assert.deepEqual(lines.map((l) => l.dates[0]?.date), [{ year: 2025, month: 9, day: 30 }, { year: 2025, month: 10, day: 1 }, { year: 2025, month: 10, day: 2 }]);
  });
});

describe('the period when the range is printed with month names (issue 21)', () => {
  test('an opening balance dated the evening before the printed range starts the period on its first day', () => {
    const page: SynthLine[] = [
      [40, 30, 'Kreditbank Weser eG Umsatzübersicht'],
      [40, 50, 'Tischlerei Brandt OHG IBAN DE89 3704 0044 0532 0130 00'],
      [40, 62, 'Zeitraum 1. September 2025 bis 30. September 2025'],
      ...head.slice(3, 15),
      [40, 150, 'Saldo per 31.08.2025'], [545, 150, '+1.000,00', true],
      [40, 162, 'Saldo per 30.09.2025'], [545, 162, '+1.250,00', true],
    ];
    const i = extractAccounts(synthDoc(page))[0]!.info;
    assert.deepEqual([i.period_start, i.period_end, i.opening_balance], ['01.09.2025', '30.09.2025', '1.000,00']);
  });
});
