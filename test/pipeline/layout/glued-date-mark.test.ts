import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { toLines } from '../../../src/pipeline/layout/lines.js';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { synthDoc, type SynthLine } from '../kontoauszug/synthetic.js';

/**
 * Issue 21, the real corpus: a statement printer's mark glued to the booking date in the date
 * column (`A30.09.2019 Visa-Umsatz …`, a comdirect Finanzreport) hid the date, and with it the
 * posting. A single letter glued in front of a date is read as the date where the word stands
 * in the document's date column (other lines start with a date at the same x); elsewhere such a
 * word (a reference `K12.03.2024` in a purpose line) stays text.
 */
describe('a letter glued to a date in the date column (issue 21)', () => {
  const page: SynthLine[] = [
    [40, 40, 'Finanzreport Nr. 9 per 01.10.2019'],
    [40, 60, 'Buchungstag Vorgang Buchungstext Betrag'],
    [40, 75, 'Alter Saldo 01.09.2019 +100,00'],
    [40, 90, '05.09.2019 Lastschrift Stadtwerke -10,00'],
    [40, 102, '05.09.2019 Ref 1180905480000'],
    [40, 114, '12.09.2019 Gutschrift Firma Ort +50,00'],
    [40, 126, '12.09.2019 Ref K12.09.2019 Rechnung'],
    [40, 138, 'A30.09.2019 Visa-Umsatz Firma Ort -3,94'],
    [40, 150, 'A 119093157242901'],
    [40, 162, '28.09.2019'],
    [40, 177, 'Neuer Saldo 01.10.2019 +136,06'],
  ];

  test('the glued letter is dropped from the date where the word stands in the date column', () => {
    const lines = toLines(synthDoc(page).pages);
    const glued = lines.find((l) => l.text.startsWith('A30.09.2019'))!;
    assert.deepEqual(glued.dates.map((d) => [d.date, d.word]), [[{ year: 2019, month: 9, day: 30 }, 0]]);
    // Inside a line, not in the date column: text.
    const ref = lines.find((l) => l.text.includes('K12.09.2019'))!;
    assert.deepEqual(ref.dates.map((d) => d.word), [0]);
  });

  test('the posting it dates is read, and the balances hold', () => {
    const accounts = extractAccounts(synthDoc(page));
    assert.deepEqual(
      toTables(accounts)[0]!.rows.map((r) => `${r[0]} ${r[3]}`),
      ['05.09.2019 -10,00', '12.09.2019 50,00', '30.09.2019 -3,94'],
    );
    assert.equal(accounts[0]!.info.reconciled, true);
  });

  test('the value date on the line below the mark line is the posting\'s value date', () => {
    // The mark prints in the date column on the block's first two lines (`A30.09.2019 …` over
    // `A 119093157242901`), so the value date the layout prints on the second line came third.
    const rows = extractAccounts(synthDoc(page))[0]!.rows;
    assert.deepEqual(rows.map((r) => `${r.date} ${r.otherDate}`), ['05.09.2019 05.09.2019', '12.09.2019 12.09.2019', '30.09.2019 28.09.2019']);
  });
});
