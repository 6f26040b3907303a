import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { synthDoc, type SynthLine } from './synthetic.js';

/**
 * Issue 21, blind batch 8 seen: what of a posting's printed words is its text (SPEC §8
 * Buchungstext, Empfänger), each case written as another bank or issuer would print it — not the
 * fixture's words or positions.
 */
const rows = (lines: SynthLine[]): string[][] => toTables(extractAccounts(synthDoc(lines)))[0]!.rows;

describe('blind batch 8: posting text as printed (issue 21)', () => {
  test('a dot or underscore leader between type and amount is no text', () => {
    const r = rows([
      [60, 60, 'VOLKSBANK MUSTERTAL EG'],
      [60, 74, 'KONTOAUSZUG NR. 7/2026 IBAN DE89 3704 0044 0532 0130 00'],
      [60, 100, 'BU-TAG WERT VORGANG'],
      [480, 100, 'BETRAG EUR', true],
      [60, 120, 'ALTER KONTOSTAND VOM 01.07.2026 .............'],
      [480, 120, '500,00+', true],
      [60, 135, '02.07 02.07 GUTSCHRIFT .............................'],
      [480, 135, '200,00+', true],
      [130, 145, 'MUSTER GMBH'],
      [130, 155, 'RECHNUNG 4711'],
      [60, 170, '03.07 03.07 LASTSCHRIFT__________________'],
      [480, 170, '50,00-', true],
      [130, 180, 'STADTWERKE MUSTERTAL'],
      [60, 200, 'NEUER KONTOSTAND VOM 03.07.2026 .............'],
      [480, 200, '650,00+', true],
    ]);
    assert.deepEqual(
      r.map((x) => [x[1], x[2]]),
      [
        ['GUTSCHRIFT RECHNUNG 4711', 'MUSTER GMBH'],
        ['LASTSCHRIFT', 'STADTWERKE MUSTERTAL'],
      ],
    );
  });

  test('a middle dot between type and purpose separates them and is no text', () => {
    const r = rows([
      [44, 60, 'Musterbank Digital AG'],
      [44, 74, 'Kontoauszug Juni 2026 IBAN DE89 3704 0044 0532 0130 00'],
      [44, 96, 'Datum Beschreibung'],
      [540, 96, 'Betrag', true],
      [44, 110, 'Anfangssaldo 01.06.2026'],
      [540, 110, '1.000,00 €', true],
      [44, 130, '04.06.2026 Finanzamt Musterstadt'],
      [540, 130, '−84,00 €', true],
      [120, 140, 'Überweisung · Einkommensteuer 2025'],
      [44, 160, 'Endsaldo 30.06.2026'],
      [540, 160, '916,00 €', true],
    ]);
    assert.deepEqual(r.map((x) => x[1]), ['Überweisung Einkommensteuer 2025']);
  });

  test('a year printed under a month-name date is the date’s, not the text’s', () => {
    const r = rows([
      [44, 60, 'Neobroker Bank AG'],
      [44, 74, 'Kontoauszug IBAN DE89 3704 0044 0532 0130 00'],
      [44, 96, 'DATUM TYP BESCHREIBUNG'],
      [470, 96, 'EINGANG', true],
      [540, 96, 'SALDO', true],
      [44, 116, '12 Feb.'],
      [90, 116, 'Überweisung'],
      [160, 116, 'Erika Musterfrau'],
      [470, 116, '75,00 €', true],
      [540, 116, '1.075,00 €', true],
      [44, 126, '2026'],
      [160, 126, 'Geschenk 2026'],
    ]);
    assert.deepEqual(r.map((x) => [x[0], x[1]]), [['12.02.2026', 'Überweisung Geschenk 2026']]);
  });

  test('a card bill’s Ort and Land cells are no part of the merchant: they stay text where printed', () => {
    const r = rows([
      [34, 56, 'Beispiel Kartendienste AG', false],
      [34, 104, 'Monatsrechnung'],
      [34, 118, 'Visa Classic 4111 XXXX XXXX 1234'],
      [34, 150, 'Datum'],
      [90, 150, 'Händler'],
      [300, 150, 'Ort'],
      [400, 150, 'Land'],
      [540, 150, 'Betrag CHF', true],
      [90, 166, 'Saldo letzte Rechnung'],
      [540, 166, '100.00', true],
      [34, 180, '03.05.25'],
      [90, 180, 'Bäckerei Sonnenschein'],
      [300, 180, 'Chur'],
      [400, 180, 'CH'],
      [540, 180, "1'020.40", true],
      [34, 192, '04.05.25'],
      [90, 192, 'Hotel Adler'],
      [300, 192, 'Bad Ragaz'],
      [400, 192, 'CH'],
      [540, 192, '80.00', true],
      [90, 202, 'EUR 82.10'],
    ]);
    assert.deepEqual(
      r.map((x) => [x[1], x[2]]),
      [
        ['Chur CH', 'Bäckerei Sonnenschein'],
        ['Bad Ragaz CH EUR 82.10', 'Hotel Adler'],
      ],
    );
  });
});
