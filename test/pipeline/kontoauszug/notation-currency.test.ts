import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { documentNotation, germanNotation } from '../../../src/pipeline/layout/notation.js';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { synthDoc, synthPage, type SynthLine } from './synthetic.js';

/** Swiss statements in German (SPEC §8): CHF, `2'029.25`, dates `31.12.24`; German notation in the rows. */
const swiss: SynthLine[] = [
  [50, 60, 'Zürcher Kantonalbank'],
  [50, 80, 'Kontoauszug Privatkonto CHF'],
  [50, 95, 'IBAN CH93 0076 2011 6238 5295 7'],
  [50, 130, 'Datum Text Belastung Gutschrift Valuta Saldo CHF'],
  [50, 145, '31.12.24 Saldovortrag'],
  [560, 145, "4'210.00", true],
  [50, 160, '03.01.25 Zahlung Migros Genossenschaft'],
  [390, 160, "2'029.25", true],
  [420, 160, '03.01.25'],
  [560, 160, "2'180.75", true],
  [50, 175, '06.01.25 Vergütung Muster AG Lohn'],
  [470, 175, "5'400.00", true],
  [420, 175, '06.01.25'],
  [560, 175, "7'580.75", true],
  [50, 190, '08.01.25 TWINT Bäckerei Sutter'],
  [390, 190, '12.40', true],
  [420, 190, '08.01.25'],
  [560, 190, "7'568.35", true],
];

describe('number notation', () => {
  test("a document with apostrophe thousands is in Swiss notation; its amounts read as German", () => {
    const pages = [synthPage(swiss)];
    assert.equal(documentNotation(pages), 'swiss');
    assert.equal(germanNotation("2'029.25", 'swiss'), '2.029,25');
    assert.equal(germanNotation('-12.40', 'swiss'), '-12,40');
    assert.equal(germanNotation("1’250.00", 'swiss'), '1.250,00');
    // Dates keep their points: a second point or a year follows.
    assert.equal(germanNotation('31.12.24', 'swiss'), '31.12.24');
  });

  test('a German statement quoting one Swiss amount keeps German notation', () => {
    const pages = [synthPage([[50, 60, "Überweisung 1.234,56 2.000,00 15,00 Rechnung CHF 1'200.00"]])];
    assert.equal(documentNotation(pages), 'german');
    assert.equal(germanNotation('12.40', 'german'), '12.40');
  });

  test('a decimal point after thousands groups is a misprinted decimal comma (`+ 2.853.82`)', () => {
    assert.equal(germanNotation('2.853.82', 'german'), '2.853,82');
    assert.equal(germanNotation('12.03.2025', 'german'), '12.03.2025');
  });

  test('accounting parentheses in the amount column are debits; in running text they stay as printed', () => {
    const lines: SynthLine[] = [
      [50, 60, 'Musterbank AG'],
      [50, 80, 'Kontoauszug Girokonto IBAN DE89 3704 0044 0532 0130 00'],
      [50, 120, 'Buchungsdatum Valuta Vorgang Betrag (EUR)'],
      [200, 135, 'Anfangsbestand 2025-09-30'],
      [560, 135, '1.000,00', true],
      [50, 150, '2025-10-02 2025-10-02 Kartenzahlung'],
      [560, 150, '(84,00)', true],
      [200, 160, 'REWE Markt GmbH, Leipzig'],
      [50, 175, '2025-10-05 2025-10-05 Gutschrift'],
      [560, 175, '1.500,00', true],
      [200, 185, 'Muster GmbH Gehalt (Abzug (12,50) enthalten)'],
      [50, 200, '2025-10-09 2025-10-09 Lastschrift'],
      [560, 200, '(1.234,56)', true],
      [200, 225, 'Endbestand 2025-10-31'],
      [560, 225, '1.181,44', true],
    ];
    const rows = toTables(extractAccounts(synthDoc(lines)))[0]!.rows;
    assert.deepEqual(
      rows.map((r) => r[3]),
      ['-84,00', '1.500,00', '-1.234,56'],
    );
    assert.ok(rows[1]!.some((cell) => cell.includes('(12,50)')), 'the parenthesised figure in the purpose stays as printed');
  });
});

describe('statement currency', () => {
  test('a Swiss account: CHF, amounts in SPEC notation, reconciled from its running balance', () => {
    const accounts = extractAccounts(synthDoc(swiss));
    assert.equal(accounts.length, 1);
    assert.equal(accounts[0]!.info.currency, 'CHF');
    assert.deepEqual(
      toTables(accounts)[0]!.rows.map((r) => [r[0], r[3]]),
      [
        ['03.01.2025', '-2.029,25'],
        ['06.01.2025', '5.400,00'],
        ['08.01.2025', '-12,40'],
      ],
    );
  });

  test('a euro account whose card payment names dollars stays EUR', () => {
    const lines: SynthLine[] = [
      [50, 60, 'Musterbank AG'],
      [50, 80, 'Kontoauszug Nr. 3 IBAN DE89 3704 0044 0532 0130 00'],
      [50, 120, 'Buchung Valuta Vorgang Betrag EUR'],
      [50, 135, 'Alter Kontostand'],
      [560, 135, '1.000,00', true],
      [50, 150, '02.03.2026 02.03.2026 Kartenzahlung Amazon US USD 45,00 Kurs 1,0842'],
      [560, 150, '-41,51', true],
      [50, 165, 'Neuer Kontostand'],
      [560, 165, '958,49', true],
    ];
    assert.equal(extractAccounts(synthDoc(lines))[0]!.info.currency, 'EUR');
  });
});
