import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extractAccounts } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { synthDoc, type SynthLine } from './synthetic.js';

/**
 * An opening balance named as the previous statement's (`Alter Kontostand per …`) or dated a
 * month's last day is the balance at the end of that day, as the closing is at the end of its
 * own: a statement that prints no range and opens with `Alter Kontostand per 31.03.2025` or
 * `Kontostand am 31.03.2025` covers April from the 1st (issue 21, blind batch 10). A posting booked
 * on the opening's day puts that day inside the period, and so does a printed range that starts on
 * it; `Kontostand am 01.04.2025` opens the day it names.
 */
const statement = (firstDay: string, range: string | null, opening = 'Alter Kontostand per 31.03.2025'): SynthLine[] => [
  [44, 60, 'Stadtsparkasse Beispielhausen'],
  [320, 80, 'Girokonto IBAN DE02 1203 0000 0000 2020 51'],
  ...(range ? [[320, 92, range] as SynthLine] : []),
  [44, 120, 'Datum Erläuterung'],
  [550, 120, 'Betrag EUR', true],
  [100, 135, opening],
  [550, 135, '1.200,00', true],
  [44, 150, `${firstDay} Lastschrift Stadtwerke Beispielhausen`],
  [550, 150, '-84,00', true],
  [44, 165, '15.04.2025 Gutschrift Lohn April'],
  [550, 165, '2.310,55', true],
  [100, 185, 'Neuer Kontostand per 30.04.2025'],
  [550, 185, '3.426,55', true],
];

describe('an opening balance dated a day closes that day', () => {
  test('without a printed range, the period starts the day after the opening’s date', () => {
    const a = extractAccounts(synthDoc(statement('02.04.2025', null)))[0]!;
    assert.equal(a.info.period_start, '01.04.2025');
    assert.equal(a.info.period_end, '30.04.2025');
    assert.equal(a.info.reconciled, true);
  });

  test('an opening dated a month’s last day closes that month', () => {
    const a = extractAccounts(synthDoc(statement('02.04.2025', null, 'Kontostand am 31.03.2025')))[0]!;
    assert.equal(a.info.period_start, '01.04.2025');
  });

  test('an opening dated the first of a month, not named the old balance, opens that day', () => {
    const a = extractAccounts(synthDoc(statement('02.04.2025', null, 'Kontostand am 01.04.2025')))[0]!;
    assert.equal(a.info.period_start, '01.04.2025');
  });

  test('a posting booked on the opening’s date keeps that day in the period', () => {
    const a = extractAccounts(synthDoc(statement('31.03.2025', null)))[0]!;
    assert.equal(a.info.period_start, '31.03.2025');
  });

  test('a printed range that starts on the opening’s date keeps it', () => {
    const a = extractAccounts(synthDoc(statement('02.04.2025', 'Zeitraum 31.03.2025 bis 30.04.2025')))[0]!;
    assert.equal(a.info.period_start, '31.03.2025');
  });
});
