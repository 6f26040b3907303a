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

/**
 * A building loan whose columns name no side (issue 21, blind batch 10): the instalment column
 * left of the interest column, the debt left printed unsigned in the running column and as
 * `Restschuld am …`. Read as printed (a positive running balance, Soll left of Haben by the
 * layout's convention) it is the exact mirror image of the truth and reconciles just as well;
 * the label names the balance as a debt, so the sides inferred from the layout or from the
 * running balance turn with it: 8.000,00 owed − 250,00 + 32,29 − 250,00 + 31,38 = 7.563,67 owed.
 */
const building = (header: string[]): SynthLine[] => [
  [44, 60, 'Bausparkasse Mittelland AG'],
  [320, 80, 'Darlehenskonto 7004711 · Auszug 2/2025'],
  [320, 92, 'IBAN DE02 1203 0000 0000 2020 51'],
  [320, 104, 'Zeitraum 01.04.2025 bis 31.05.2025'],
  [44, 120, header[0]!],
  [380, 120, header[1]!, true],
  [460, 120, header[2]!, true],
  [550, 120, header[3]!, true],
  [100, 135, 'Restschuld am 31.03.2025'],
  [550, 135, '8.000,00', true],
  [44, 150, '01.04.2025 Rate 04/2025'],
  [380, 150, '250,00', true],
  [550, 150, '7.750,00', true],
  [44, 165, '30.04.2025 Zinsen April'],
  [460, 165, '32,29', true],
  [550, 165, '7.782,29', true],
  [44, 180, '02.05.2025 Rate 05/2025'],
  [380, 180, '250,00', true],
  [550, 180, '7.532,29', true],
  [44, 195, '31.05.2025 Zinsen Mai'],
  [460, 195, '31,38', true],
  [550, 195, '7.563,67', true],
  [100, 215, 'Restschuld am 31.05.2025'],
  [550, 215, '7.563,67', true],
];

describe('a loan account whose columns name no side', () => {
  for (const [what, header] of [
    ['sides inferred from the layout (no header word)', ['Datum Vorgang', 'Tilgungsrate', 'Zinsen/Entgelte', 'Darlehensrest']],
    ['sides from the running balance (one amount column per kind, headed `Saldo`)', ['Datum Vorgang', 'Tilgungsrate', 'Zinsen/Entgelte', 'Saldo']],
  ] as const) {
    test(`unsigned \`Restschuld am …\` is a debt and the ${what} turn with it`, () => {
      const accounts = extractAccounts(synthDoc(building([...header])));
      const a = accounts[0]!;
      assert.equal(a.opening?.cents, -800_000);
      assert.equal(a.closing?.cents, -756_367);
      assert.equal(a.info.reconciled, true);
      assert.deepEqual(
        toTables(accounts)[0]!.rows.map((r) => r[3]),
        ['250,00', '-32,29', '250,00', '-31,38'],
      );
    });
  }

  test('without a label naming a debt, the same figures stay as printed', () => {
    const lines = building(['Datum Vorgang', 'Tilgungsrate', 'Zinsen/Entgelte', 'Darlehensrest']).map((l): SynthLine => (l[2].startsWith('Restschuld am') ? [l[0], l[1], l[2].replace('Restschuld', 'Kontostand'), l[3]] : l));
    const a = extractAccounts(synthDoc(lines))[0]!;
    assert.equal(a.opening?.cents, 800_000);
    assert.equal(a.closing?.cents, 756_367);
  });
});
