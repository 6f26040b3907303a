import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { synthDoc, type SynthLine } from './synthetic.js';

/**
 * A loan account (issue 21, blind batch 3): interest in Soll, instalments in Haben, and the debt
 * left printed unsigned in the running column and as `Restschuld per …` before and after the list. Only the arithmetic
 * says the balances are owed: 10.000,00 owed + 50,00 interest − 500,00 instalment = 9.550,00 owed.
 */
const loan = (opening: string, afterRate: string, closing: string): SynthLine[] => [
  [44, 60, 'Musterhypo Bank AG'],
  [320, 80, 'Kontoauszug Darlehenskonto IBAN DE89 3704 0044 0532 0130 00'],
  [320, 92, 'Zeitraum 01.01.2025 bis 31.01.2025'],
  [44, 120, 'Datum Vorgang'],
  [380, 120, 'Soll EUR', true],
  [460, 120, 'Haben EUR', true],
  [550, 120, 'Restschuld EUR', true],
  [100, 135, 'Restschuld per 31.12.2024'],
  [550, 135, opening, true],
  [44, 150, '01.01.2025 Rateneingang'],
  [460, 150, '500,00', true],
  [550, 150, afterRate, true],
  [100, 160, 'Rate 01/2025'],
  [44, 175, '31.01.2025 Sollzinsen'],
  [380, 175, '50,00', true],
  [550, 175, closing, true],
  [100, 185, 'Zinsen 01/2025'],
  [100, 205, 'Restschuld per 31.01.2025'],
  [550, 205, closing, true],
];

describe('a loan account’s balances', () => {
  test('unsigned `Restschuld per …` balances are owed where the Soll/Haben postings reproduce them that way', () => {
    const accounts = extractAccounts(synthDoc(loan('10.000,00', '9.500,00', '9.550,00')));
    const a = accounts[0]!;
    assert.equal(a.opening?.cents, -1_000_000);
    assert.equal(a.closing?.cents, -955_000);
    assert.deepEqual(
      toTables(accounts)[0]!.rows.map((r) => r[3]),
      ['500,00', '-50,00'],
    );
  });

  test('where the arithmetic holds as printed, unsigned balances stay positive', () => {
    const a = extractAccounts(synthDoc(loan('10.000,00', '10.500,00', '10.450,00')))[0]!;
    assert.equal(a.opening?.cents, 1_000_000);
    assert.equal(a.closing?.cents, 1_045_000);
  });
});
