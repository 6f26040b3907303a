import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { toAccountRecords } from '../../../src/pipeline/stages/kontoauszug/postings-record.js';
import { synthDoc, type SynthLine } from './synthetic.js';

/**
 * Issue 21, blind batch 11 seen: a statement of party-first postings with the booking date and
 * the value date stacked in a date column right of the text, and both balances only in one line
 * after the list, each value after its label. Our own wording and layout, not the fixture's.
 */
const list: SynthLine[] = [
  [40, 40, 'Nordlicht Direktbank AG · Umsatzliste 04/2026'],
  [330, 100, 'Umsatzliste 04/2026'],
  [330, 114, '01.04.2026 – 30.04.2026'],
  [330, 125, 'IBAN DE89 3704 0044 0532 0130 00'],
  [40, 172, 'Zahlungspartner / Art / Zweck'],
  [400, 172, 'Buchung / Valuta'],
  [556, 172, 'Betrag', true],
  [40, 192, 'Gärtnerei Rosenhof'],
  [400, 192, '02.04.2026'],
  [556, 192, '-48,20 €', true],
  [40, 202, 'Kartenzahlung'],
  [400, 202, 'Valuta 01.04.'],
  [40, 226, 'Lena Sommer'],
  [400, 226, '07.04.2026'],
  [556, 226, '+300,00 €', true],
  [40, 236, 'Gutschrift'],
  [400, 236, 'Valuta 06.04.'],
  [40, 246, 'Miete Stellplatz April'],
  [40, 270, 'Stadtwerke Lindau'],
  [400, 270, '15.04.2026'],
  [556, 270, '-71,80 €', true],
  [40, 280, 'Lastschrift'],
  [400, 280, 'Valuta 15.04.'],
];
const balances = (line: string): [string | null, string | null, boolean] => {
  const i = extractAccounts(synthDoc([...list, [40, 310, line]]))[0]!.info;
  return [i.opening_balance, i.closing_balance, i.reconciled];
};

describe('blind batch 11: one balance line, stacked value dates (issue 21)', () => {
  test('a balance line of label–value pairs: each value is its label’s, opening and closing both read', () => {
    assert.deepEqual(balances('Saldo alt 1.020,00 € · Gutschriften +300,00 € · Belastungen -120,00 € · Saldo neu 1.200,00 €'), ['1.020,00', '1.200,00', true]);
    // Debits summed without their sign, an overdraft on both sides.
    assert.deepEqual(balances('Kontostand alt -1.380,00 EUR | Eingänge 300,00 EUR | Ausgänge 120,00 EUR | Kontostand neu -1.200,00 EUR'), ['-1.380,00', '-1.200,00', true]);
  });

  test('a balance line whose own sums do not lead from one balance to the other is not read as both', () => {
    const [opening, closing] = balances('Saldo alt 1.020,00 € · Gutschriften +300,00 € · Belastungen -99,00 € · Saldo neu 1.200,00 €');
    assert.notDeepEqual([opening, closing], ['1.020,00', '1.200,00']);
  });

  test('the value date stacked under the booking date right of the text is the value date, not text', () => {
    const doc = synthDoc([...list, [40, 310, 'Saldo alt 1.020,00 € · Saldo neu 1.200,00 €']]);
    const accounts = extractAccounts(doc);
    assert.deepEqual(
      toTables(accounts)[0]!.rows.map((r) => [r[1], r[2]]),
      [
        ['Kartenzahlung', 'Gärtnerei Rosenhof'],
        ['Gutschrift Miete Stellplatz April', 'Lena Sommer'],
        ['Lastschrift', 'Stadtwerke Lindau'],
      ],
    );
    const [record] = toAccountRecords(accounts, doc);
    assert.deepEqual(
      record!.postings.map((p) => [p.booking_date, p.value_date]),
      [
        ['2026-04-02', '2026-04-01'],
        ['2026-04-07', '2026-04-06'],
        ['2026-04-15', '2026-04-15'],
      ],
    );
  });
});

describe('blind batch 11: who a deposit’s postings name (issue 21)', () => {
  // A time deposit booked from and back to the holder's current account, interest and the
  // taxes withheld on it: the transfers name the holder printed under their type, the interest
  // and the taxes (Austria's KESt among them) name no one.
  const rows = (): string[][] =>
    toTables(
      extractAccounts(
        synthDoc([
          [40, 40, 'Sparbank Inntal AG · Termingeldkonto 5521 0098'],
          [330, 100, 'Termingeld-Abrechnung'],
          [330, 125, 'IBAN DE89 3704 0044 0532 0130 00'],
          [40, 170, 'Buchungstag'],
          [110, 170, 'Valuta'],
          [180, 170, 'Vorgang'],
          [556, 170, 'Betrag EUR', true],
          [40, 186, 'Kontostand am 01.02.2026'],
          [556, 186, '0,00', true],
          [40, 200, '02.02.2026'],
          [110, 200, '02.02.2026'],
          [180, 200, 'Anlage Festgeld'],
          [556, 200, '+25.000,00', true],
          [180, 210, 'Theresa Lindqvist'],
          [180, 220, 'vom Girokonto DE02 1203 0000 0000 2020 51'],
          [40, 236, '02.05.2026'],
          [110, 236, '02.05.2026'],
          [180, 236, 'Zinsgutschrift'],
          [556, 236, '+180,00', true],
          [180, 246, 'Zinsen 02.02.2026 bis 02.05.2026'],
          [40, 262, '02.05.2026'],
          [110, 262, '02.05.2026'],
          [180, 262, 'KESt'],
          [556, 262, '-45,00', true],
          [180, 272, 'Kapitalertragsteuer 25 %'],
          [40, 288, '02.05.2026'],
          [110, 288, '02.05.2026'],
          [180, 288, 'Rückzahlung Festgeld'],
          [556, 288, '-25.135,00', true],
          [180, 298, 'Theresa Lindqvist'],
          [180, 308, 'auf Girokonto DE02 1203 0000 0000 2020 51'],
          [40, 324, 'Kontostand am 02.05.2026'],
          [556, 324, '0,00', true],
        ]),
      ),
    )[0]!.rows;

  test('a transfer to or from the deposit names the party printed under its type; interest and KESt name no one', () => {
    assert.deepEqual(
      rows().map((r) => r[2]),
      ['Theresa Lindqvist', '', '', 'Theresa Lindqvist'],
    );
  });
});
