import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { synthDoc, type SynthLine } from './synthetic.js';

/**
 * Booking and value date printed as `DD.MM` with neither final dot nor year (statement printers):
 * two such tokens opening a line are the date columns; the year comes from the statement.
 */
const SHEET = (first: string): SynthLine[] => [
  [50, 40, 'Kontoauszug 7/2025 Blatt 1'],
  [50, 88, 'Buchung Wert Vorgang'],
  [470, 88, 'Betrag EUR', true],
  [50, 100, 'Alter Saldo'],
  [470, 100, '1.000,00+', true],
  [50, 112, `${first} Lastschrift Stadtwerke`],
  [470, 112, '84,00-', true],
  [50, 124, '05.03 06.03 Gutschrift Arbeitgeber'],
  [470, 124, '1.500,00+', true],
  [50, 136, 'Neuer Saldo'],
  [470, 136, '2.416,00+', true],
];

describe('dates without final dot and year', () => {
  test('two bare DD.MM tokens opening a row are booking and value date; the balances reconcile', () => {
    const [a] = extractAccounts(synthDoc(SHEET('02.03 03.03')));
    assert.deepEqual(
      toTables([a!])[0]!.rows.map((r) => [r[0], r[3]]),
      [
        ['02.03.2025', '-84,00'],
        ['05.03.2025', '1.500,00'],
      ],
    );
    assert.equal(a!.info.reconciled, true);
  });

  test('a bare token that is no calendar day opens no row', () => {
    const [a] = extractAccounts(synthDoc(SHEET('32.03 03.03')));
    const rows = toTables([a!])[0]!.rows;
    assert.deepEqual(rows.map((r) => r[0]), ['05.03.2025']);
    assert.equal(a!.info.reconciled, false);
  });
});
