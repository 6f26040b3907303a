import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extractAccounts } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { synthDoc, type SynthLine } from './synthetic.js';

/**
 * Issue 21: a sheet whose balances print day and month only (`Saldo alt per 14.12`) and no
 * range: the period starts the day after the opening balance's day and ends on the closing's,
 * the year taken from the bookings. Our own wording, not the blind family's.
 */
const sheet = (openingDay: string, closingDay: string, rows: [string, string, string][]): SynthLine[] => [
  [40, 30, 'Raiffeisenkasse Talheim  Auszug 14/2025  Konto 0004711'],
  [40, 50, 'Datum'],
  [120, 50, 'Text'],
  [545, 50, 'Betrag', true],
  [120, 62, `Saldo alt per ${openingDay}`],
  [545, 62, '1.000,00+', true],
  ...rows.flatMap(([d, t, a], i): SynthLine[] => [[40, 74 + 12 * i, d], [120, 74 + 12 * i, t], [545, 74 + 12 * i, a, true]]),
  [120, 74 + 12 * rows.length, `Saldo neu per ${closingDay}`],
  [545, 74 + 12 * rows.length, '1.150,00+', true],
];
const period = (page: SynthLine[]): [string | null, string | null] => {
  const i = extractAccounts(synthDoc(page))[0]!.info;
  return [i.period_start, i.period_end];
};

describe('a period from balances dated day and month only (issue 21)', () => {
  test('starts the day after the opening balance, ends on the closing, year from the bookings', () => {
    const rows: [string, string, string][] = [['03.06.2025', 'Gutschrift Lohn', '400,00+'], ['10.06.2025', 'Lastschrift Strom', '100,00-'], ['20.06.2025', 'Dauerauftrag Miete', '150,00-']];
    assert.deepEqual(period(sheet('31.05', '30.06', rows)), ['01.06.2025', '30.06.2025']);
  });

  test('across the year end the opening day is December of the year before', () => {
    const rows: [string, string, string][] = [['20.12.', 'Gutschrift Lohn', '400,00+'], ['02.01.', 'Lastschrift Strom', '100,00-'], ['09.01.', 'Dauerauftrag Miete', '150,00-']];
    const page = sheet('14.12', '12.01', rows);
    page[0] = [40, 30, 'Raiffeisenkasse Talheim  Auszug 1/2026  Konto 0004711'];
    assert.deepEqual(period(page), ['15.12.2025', '12.01.2026']);
  });
});
