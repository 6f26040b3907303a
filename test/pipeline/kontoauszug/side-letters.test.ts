import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { synthDoc, type SynthLine } from './synthetic.js';

/**
 * A cooperative bank's S/H column of its own (issue 21, blind batch 3): the booking side as a
 * lone letter right of the dates, far from the unsigned amount, on every posting and on both
 * balances. The account is overdrawn at the end: only the `S` says the closing balance is owed.
 */
const lines: SynthLine[] = [
  [40, 60, 'Raiffeisenbank Musterland eG'],
  [330, 80, 'Kontoauszug Nr. 10/2025 IBAN DE89 3704 0044 0532 0130 00'],
  [40, 120, 'Buchung Wert Beleg'],
  [176, 120, 'S/H'],
  [196, 120, 'Buchungstext'],
  [553, 120, 'Betrag EUR', true],
  [180, 135, 'H'],
  [196, 135, 'Alter Kontostand vom 30.09.2025'],
  [553, 135, '100,00', true],
  [40, 150, '01.10.25 01.10.25 01.10.25'],
  [180, 150, 'S'],
  [196, 150, 'Überweisung'],
  [553, 150, '250,00', true],
  [196, 160, 'Verwendungszweck: Miete Oktober'],
  [40, 175, '02.10.25 02.10.25 02.10.25'],
  [180, 175, 'H'],
  [196, 175, 'Überweisung'],
  [553, 175, '30,00', true],
  [196, 185, 'Verwendungszweck: Rückzahlung'],
  [180, 205, 'S'],
  [196, 205, 'Neuer Kontostand vom 31.10.2025'],
  [553, 205, '120,00', true],
];

describe('a Soll/Haben column of its own', () => {
  test('the lone S/H letter signs its row’s amount and the balances', () => {
    const accounts = extractAccounts(synthDoc(lines));
    assert.equal(accounts.length, 1);
    const a = accounts[0]!;
    assert.equal(a.opening?.cents, 10000);
    assert.equal(a.closing?.cents, -12000);
    assert.deepEqual(
      toTables(accounts)[0]!.rows.map((r) => r[3]),
      ['-250,00', '30,00'],
    );
  });

  test('a lone capital in running text is no column and signs nothing', () => {
    const text: SynthLine[] = lines.map(([x, y, t, r]): SynthLine => (t === 'S' || t === 'H' ? [x, y, '', r] : [x, y, t, r]));
    text[11] = [196, 150, 'Überweisung Haus H'];
    const a = extractAccounts(synthDoc(text))[0]!;
    assert.equal(a.closing?.cents, 12000);
  });
});
