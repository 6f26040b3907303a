import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fixtureFor, textLayerPdf } from '../../../scripts/fixtures/kontoauszug/generate.js';
import { LAYOUTS } from '../../../scripts/fixtures/kontoauszug/layouts.js';
import { centsOf, lineText, pdfLines, rowCents } from './fixture-pdf-a.js';

/**
 * The neobank-excerpt fixture is consistent with itself (the engine is not asked): pages that
 * are not page one and print no title, period or opening balance; every posting's amount in the
 * column of its side and the running SALDO after it; the expected opening balance is the first
 * SALDO less the first posting, the closing balance the last SALDO; stacked dates give the rows'
 * dates in the order printed.
 */
const layout = LAYOUTS.find((l) => l.name === 'neobank-excerpt')!;
const MONTHS = ['Jan.', 'Feb.', 'März', 'Apr.', 'Mai', 'Juni', 'Juli', 'Aug.', 'Sept.', 'Okt.', 'Nov.', 'Dez.'];

describe('neobank-excerpt fixture', () => {
  for (const seed of [1, 2, 3, 4]) {
    test(`seed ${seed}: one or two pages of running balances, opening derived from the first`, async () => {
      const f = fixtureFor(layout, seed);
      const pages = await pdfLines(await textLayerPdf(f));
      assert.equal(pages.length, seed % 2 === 0 ? 2 : 1, 'even seeds two consecutive pages, odd seeds one');
      const header = (l: string): boolean => l.includes('ZAHLUNGSEINGANG') && l.includes('ZAHLUNGSAUSGANG') && l.includes('SALDO');
      const numbers: number[] = [];
      for (const page of pages) {
        const text = page.map(lineText).join('\n');
        assert.doesNotMatch(text, /Kontoauszug|Anfangssaldo|Endsaldo|KONTOÜBERSICHT|UMSATZÜBERSICHT/u, 'no title, no balances outside the table');
        assert.ok(page.some((l) => header(lineText(l))), 'the column header on every page');
        const n = /Seite (\d+) von (\d+)/u.exec(text);
        assert.ok(n, 'a page number');
        numbers.push(Number(n[1]));
        assert.ok(Number(n[1]) >= 2 && Number(n[1]) <= Number(n[2]), 'not page one');
      }
      if (pages.length === 2) assert.equal(numbers[1], numbers[0]! + 1, 'consecutive pages');

      // Column edges from the header: an amount right-aligned under ZAHLUNGSEINGANG is a credit.
      const head = pages[0]!.find((l) => header(lineText(l)))!;
      const creditRight = head.find((w) => w.text === 'ZAHLUNGSEINGANG')!.right;
      const debitRight = head.find((w) => w.text === 'ZAHLUNGSAUSGANG')!.right;
      // Each posting prints "<amount> € <saldo> €" on one line (the day line or the month line).
      const printed: { cents: number; saldo: number }[] = [];
      const dates: string[] = [];
      for (const page of pages) {
        page.forEach((line) => {
          const euros = line.flatMap((w, k) => (w.text === '€' && k > 0 ? [line[k - 1]!] : []));
          if (euros.length === 2) {
            const [amount, saldo] = euros as [(typeof euros)[0], (typeof euros)[0]];
            const side = Math.abs(amount.right - creditRight) < 12 ? 1 : Math.abs(amount.right - debitRight) < 12 ? -1 : 0;
            assert.notEqual(side, 0, `amount ${amount.text} stands in a column`);
            printed.push({ cents: side * centsOf(amount.text), saldo: centsOf(saldo.text) });
          }
        });
      }
      // A stacked date: in the date column, the day, the month abbreviation below it, the year below that.
      const column = pages.flatMap((page) => page.flatMap((l) => l.filter((w) => w.x < 60).map((w) => w.text)));
      for (let i = 0; i + 2 < column.length; i++) {
        const [day, month, year] = column.slice(i, i + 3) as [string, string, string];
        if (/^\d\d$/u.test(day) && MONTHS.includes(month) && /^\d{4}$/u.test(year)) dates.push(`${day}.${String(MONTHS.indexOf(month) + 1).padStart(2, '0')}.${year}`);
      }
      const rows = f.expected.tables[0]!.rows;
      assert.deepEqual(
        printed.map((p) => p.cents),
        rows.map((r) => rowCents(r[3]!)),
        'every posting printed, in the order of the rows, on its side',
      );
      assert.deepEqual(dates, rows.map((r) => r[0]), 'stacked dates are the rows’ dates, in order');
      for (let i = 1; i < printed.length; i++) assert.equal(printed[i]!.saldo, printed[i - 1]!.saldo + printed[i]!.cents, `SALDO after row ${i + 1}`);

      const st = f.expected.statement as Record<string, unknown>;
      assert.equal(rowCents(String(st['opening_balance'])), printed[0]!.saldo - printed[0]!.cents, 'opening = first SALDO less the first posting');
      assert.equal(rowCents(String(st['closing_balance'])), printed.at(-1)!.saldo, 'closing = last SALDO');
      assert.equal(st['period_start'], null, 'no period printed');
      assert.equal(st['period_end'], null);
      assert.equal(st['currency'], 'EUR');
      const ibanLine = pages[0]!.map(lineText).find((l) => l.includes('IBAN'));
      if (ibanLine) assert.ok(ibanLine.includes(String(st['iban'])), 'the IBAN of the page header');
      else {
        assert.equal(st['iban'], null, 'no IBAN printed: iban null');
        assert.equal(f.expected.tables[0]!.name, 'Umsätze');
      }
    });
  }

  test('seeds 1–4 cover English and German type columns and both cell alignments', () => {
    const types = new Set([1, 2, 3, 4].flatMap((s) => fixtureFor(layout, s).statement.accounts[0]!.postings.map((p) => p.type)));
    assert.ok(types.has('Card Transaction') && types.has('Kartentransaktion'));
    const numbers = new Set([1, 2, 3, 4].map((s) => fixtureFor(layout, s).statement.number % 2));
    assert.deepEqual([...numbers].sort(), [0, 1]);
  });
});
