import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { synthDoc, type SynthLine } from './synthetic.js';

/**
 * Issue 21, random layouts at first contact (seed 832's structure, written here by hand): a table
 * whose cells hold one word each — `Buchungstag | Vorgang | Wert | Soll | Haben | Saldo`, the type
 * word alone in the text column, the party and purpose on the lines below — has only column gaps
 * on its posting lines. Read as "text running into its amounts" it lost its columns, and with them
 * the undated row of a day (the booking date on the day's first posting only), whose Soll amount
 * the running balance needs.
 */
const head: SynthLine[] = [
  [40, 30, 'Musterbank eG Kontoauszug'],
  [40, 50, 'Anna Schulz IBAN DE89 3704 0044 0532 0130 00'],
  [40, 62, 'Auszugszeitraum 01.09.2025 – 29.09.2025'],
  [40, 90, 'Buchungstag'],
  [110, 90, 'Vorgang'],
  [286, 90, 'Wert'],
  [400, 90, 'Soll', true],
  [470, 90, 'Haben', true],
  [545, 90, 'Saldo', true],
];
/** [booking date or '', type, value date, debit, credit, balance, party]: a block of two lines. */
type Row = [string, string, string, string, string, string, string];
const block = ([b, type, w, debit, credit, balance, party]: Row, y: number): SynthLine[] => [
  ...(b ? [[40, y, b] as SynthLine] : []),
  [110, y, type],
  [286, y, w],
  ...(debit ? [[400, y, debit, true] as SynthLine] : []),
  ...(credit ? [[470, y, credit, true] as SynthLine] : []),
  [545, y, balance, true],
  [110, y + 11, party],
];
const rows: Row[] = [
  ['02.09.25', 'Gutschrift', '02.09.25', '', '834,00', '4.196,65', 'Erika Musterfrau'],
  ['08.09.25', 'Kartenzahlung', '08.09.25', '131,81', '', '4.064,84', 'IKEA Deutschland'],
  ['17.09.25', 'Gutschrift', '19.09.25', '', '153,54', '4.218,38', 'Techniker Krankenkasse'],
  ['', 'Lastschrift', '17.09.25', '1.139,88', '', '3.078,50', 'Netflix International B.V.'],
  ['22.09.25', 'Zahlungseingang', '22.09.25', '', '437,33', '3.515,83', 'Peter Müller'],
  ['24.09.25', 'Kartenzahlung', '24.09.25', '65,36', '', '3.450,47', 'dm-drogerie markt'],
];
const page: SynthLine[] = [...head, ...rows.flatMap((r, i) => block(r, 104 + 26 * i))];

describe('a table of one-word cells is a table, not flattened text (issue 21)', () => {
  test('every posting, the undated row of 17.09. included, and the balances from the running column', () => {
    const accounts = extractAccounts(synthDoc(page));
    assert.deepEqual(toTables(accounts)[0]!.rows.map((r) => `${r[0]} ${r[3]}`), [
      '02.09.2025 834,00',
      '08.09.2025 -131,81',
      '17.09.2025 153,54',
      '17.09.2025 -1.139,88',
      '22.09.2025 437,33',
      '24.09.2025 -65,36',
    ]);
    const info = accounts[0]!.info;
    assert.deepEqual([info.opening_balance, info.closing_balance, info.reconciled], ['3.362,65', '3.450,47', true]);
  });
});
