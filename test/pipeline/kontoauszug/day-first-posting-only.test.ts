import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { synthDoc, type SynthLine } from './synthetic.js';

/**
 * Issue 21, random layouts `groups first-only`: the booking date stands on a day's first posting
 * only; the day's later rows print no date but start their block at the text column with an amount
 * in the amount column (blocks.ts, posting-start.ts `undatedDayStart`). Whether such a line is a
 * posting or a line of the posting above, the balances judge (engine.ts): where neither reading
 * reproduces more of the printed figures, the line stays the posting above's.
 */
const rows = (page: SynthLine[]): string[] => toTables(extractAccounts(synthDoc(page)))[0]!.rows.map((r) => `${r[0]} ${r[3]}`);
const head: SynthLine[] = [
  [40, 30, 'Musterbank AG Kontoauszug'],
  [40, 50, 'Anna Schulz IBAN DE89 3704 0044 0532 0130 00'],
  [40, 62, 'Zeitraum: 01.11.2025 - 30.11.2025'],
  [40, 90, 'Datum'],
  [120, 90, 'Vorgang'],
  [545, 90, 'Betrag EUR', true],
];
/** Postings as [date or '', type, party, amount]; each a block of two lines. */
const list = (ps: [string, string, string, string][], y0: number): SynthLine[] =>
  ps.flatMap(([d, type, party, amount], i): SynthLine[] => [
    ...(d ? [[40, y0 + 26 * i, d] as SynthLine] : []),
    [120, y0 + 26 * i, type],
    [545, y0 + 26 * i, amount, true],
    [120, y0 + 26 * i + 11, party],
  ]);
const postings: [string, string, string, string][] = [
  ['03.11.2025', 'Lastschrift', 'Stadtwerke Kassel', '-100,00'],
  ['', 'Kartenzahlung', 'REWE Markt', '-20,00'],
  ['', 'Gutschrift', 'Musterfirma GmbH', '250,00'],
  ['05.11.2025', 'Überweisung', 'Erika Musterfrau', '-30,00'],
  ['', 'Lastschrift', 'Telekom', '-45,50'],
];
const page = (closing: string): SynthLine[] => [
  ...head,
  [120, 102, 'Alter Kontostand'],
  [545, 102, '1.000,00', true],
  ...list(postings, 116),
  [120, 116 + 26 * postings.length, 'Neuer Kontostand'],
  [545, 116 + 26 * postings.length, closing, true],
];

describe('day groups with the date on the first posting only (issue 21)', () => {
  test('an undated row with its amount in the amount column is a posting of the day above when the balances reconcile', () => {
    assert.deepEqual(rows(page('1.054,50')), ['03.11.2025 -100,00', '03.11.2025 -20,00', '03.11.2025 250,00', '05.11.2025 -30,00', '05.11.2025 -45,50']);
    assert.equal(extractAccounts(synthDoc(page('1.054,50')))[0]!.info.reconciled, true);
  });

  test('where the balances do not bear it out, the undated lines stay lines of the posting above', () => {
    // Closing as if only the dated rows were postings: that reading reconciles, the other not.
    assert.deepEqual(rows(page('870,00')), ['03.11.2025 -100,00', '05.11.2025 -30,00']);
  });
});

describe('day groups: a row that prints only its value date (issue 21)', () => {
  // `Buchung | Wert | Vorgang | Betrag`, dates written `4. Nov.` (two words): a row with a date in
  // the value column only is booked on the day of the row above (day-groups.ts `oneLeadingDate`).
  const rowsOf = (ps: [string, string, string, string][]): SynthLine[] =>
    ps.flatMap(([b, w, text, amount], i): SynthLine[] => [...(b ? [[40, 114 + 12 * i, b] as SynthLine] : []), [100, 114 + 12 * i, w], [160, 114 + 12 * i, text], [545, 114 + 12 * i, amount, true]]);
  const page: SynthLine[] = [
    [40, 30, 'Musterbank AG Kontoauszug'],
    [40, 50, 'Anna Schulz IBAN DE89 3704 0044 0532 0130 00'],
    [40, 62, 'Zeitraum: 01.11.2025 - 30.11.2025'],
    [40, 90, 'Buchung'],
    [100, 90, 'Wert'],
    [160, 90, 'Vorgang'],
    [545, 90, 'Betrag', true],
    [160, 102, 'Alter Kontostand'],
    [545, 102, '1.000,00', true],
    ...rowsOf([
      ['3. Nov.', '3. Nov.', 'Lastschrift Stadtwerke', '-100,00'],
      ['', '5. Nov.', 'Kartenzahlung REWE', '-20,00'],
      ['6. Nov.', '6. Nov.', 'Gutschrift Musterfirma', '250,00'],
      ['7. Nov.', '8. Nov.', 'Lastschrift Telekom', '-30,00'],
      ['', '9. Nov.', 'Lastschrift Allianz', '-10,00'],
    ]),
    [160, 176, 'Neuer Kontostand'],
    [545, 176, '1.090,00', true],
  ];

  test('a date of two words in the value column alone: booked on the day above, the date is its value date', () => {
    assert.deepEqual(rows(page), ['03.11.2025 -100,00', '03.11.2025 -20,00', '06.11.2025 250,00', '07.11.2025 -30,00', '07.11.2025 -10,00']);
  });
});
