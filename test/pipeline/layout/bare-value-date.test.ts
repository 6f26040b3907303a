import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { toLines } from '../../../src/pipeline/layout/lines.js';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { synthDoc, type SynthLine } from '../kontoauszug/synthetic.js';

/**
 * Issue 21, blind batch 10: Austrian statement printers print `Datum | Text | Wert | Betrag` with
 * both dates as `DD.MM` (no year, no final dot) and debits with a trailing minus. The booking date
 * alone was no date (a bare `DD.MM` could be a number), so not one posting was read and the
 * statement was refused (422). A row that opens with `DD.MM`, prints a second `DD.MM` a few days
 * from it further right and ends in an amount is a booking with its value date.
 */
describe('booking and value date as bare DD.MM around the text (issue 21)', () => {
  // Own wording: a savings bank over the turn of the year, the value date two days off once.
  const page: SynthLine[] = [
    [40, 40, 'Sparkasse Beispielstadt AG Kontoauszug 1/2027'],
    [40, 55, 'IBAN AT61 1904 3002 3457 3201'],
    [40, 75, 'Datum Buchungstext Wert Betrag'],
    [60, 90, 'Saldo vom 27.12.2026 1.000,00'],
    [40, 105, '28.12 Abbuchung Bergbahnen Beispieltal'],
    [440, 105, '28.12'],
    [556, 105, '45,50-', true],
    [90, 115, 'Verwendungszweck: Saisonkarte'],
    [40, 130, '31.12 Eingang Lohn Holzwerk'],
    [440, 130, '02.01'],
    [556, 130, '2.300,00', true],
    [40, 145, '03.01 Spesen Kontoführung'],
    [440, 145, '03.01'],
    [556, 145, '7,20-', true],
    [60, 160, 'Saldo vom 03.01.2027 3.247,30'],
  ];

  test('both bare dates of the row are dates', () => {
    const row = toLines(synthDoc(page).pages).find((l) => l.text.startsWith('31.12'))!;
    assert.deepEqual(row.dates.map((d) => [d.date.day, d.date.month, d.word]), [[31, 12, 0], [2, 1, 4]]);
  });

  test('the postings are read with their value dates, and the balances hold', () => {
    const accounts = extractAccounts(synthDoc(page));
    assert.deepEqual(toTables(accounts)[0]!.rows.map((r) => `${r[0]} ${r[3]}`), ['28.12.2026 -45,50', '31.12.2026 2.300,00', '03.01.2027 -7,20']);
    assert.deepEqual(accounts[0]!.rows.map((r) => r.otherDate), ['28.12.2026', '02.01.2027', '03.01.2027']);
    assert.equal(accounts[0]!.info.reconciled, true);
  });

  test('numbers that are no booking and value date stay numbers', () => {
    // `1.5` and `2.8` are calendar days, but three months apart: no booking and its value date.
    const lines = toLines(synthDoc([[40, 40, '1.5 Liter Milch 2.8 1,20'], [40, 55, '12.03 Stück 1,20']]).pages);
    assert.deepEqual(lines.map((l) => l.dates.length), [0, 0]);
  });
});
