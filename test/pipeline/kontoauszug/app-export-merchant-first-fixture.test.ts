import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fixtureFor } from '../../../scripts/fixtures/kontoauszug/generate.js';
import { LAYOUTS } from '../../../scripts/fixtures/kontoauszug/layouts.js';
import { cents, DMY, fixtureLines, groundTruthBalances, type PdfLine, postingBlocks } from './fixture-pdf.js';

/**
 * The `app-export-merchant-first` fixture prints what its ground truth says (the engine is not
 * involved): each posting's FIRST line is the merchant or counterparty (bold) with the amount
 * (`-23,45 €` / `+1.500,00 €`), the category or type and the purpose below it; the date in a
 * `Verbuchungsdatum` column (odd seeds) or as a day heading over the postings (even seeds); the
 * overview's balances add up.
 */
const layout = LAYOUTS.find((l) => l.name === 'app-export-merchant-first')!;
const AMOUNT = /^[+-][\d.]+,\d\d €$/u;
const OVERVIEW = /^(Alter Kontostand|Neuer Kontostand|Ausgänge|Eingänge)/u;
const HEADING = /^(Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag), (\d{1,2})\. (\S+) (\d{4})$/u;
const MONTHS = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];
const eur = (money: string): string => `${money.startsWith('-') ? money : `+${money}`} €`;

function headingDate(l: PdfLine): string | null {
  const m = HEADING.exec(l.text);
  return m ? `${m[2]!.padStart(2, '0')}.${String(MONTHS.indexOf(m[3]!) + 1).padStart(2, '0')}.${m[4]}` : null;
}

describe('app-export-merchant-first fixture', () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    test(`seed ${seed}: merchant first and bold, category below, date and amount as the ground truth says`, async () => {
      const f = fixtureFor(layout, seed);
      const lines = await fixtureLines(f);
      const rows = f.expected.tables[0]!.rows;
      const st = f.expected.statement as Record<string, string>;
      const headings = seed % 2 === 0;
      const blocks = postingBlocks(
        lines,
        (l) => AMOUNT.test(l.items.at(-1)!.text) && !OVERVIEW.test(l.text),
        (l) => l.y > 800 || headingDate(l) !== null || OVERVIEW.test(l.text) || /^(Übersicht|Umsätze|Beschreibung)/u.test(l.text),
      );
      assert.equal(blocks.length, rows.length, 'one block per row');
      let day = '';
      const dayOf = new Map<PdfLine, string>();
      for (const l of lines) {
        day = headingDate(l) ?? day;
        dayOf.set(l, day);
      }
      blocks.forEach((b, i) => {
        const row = rows[i]!;
        const first = b[0]!;
        assert.equal(first.items[0]!.text, row[2], `${f.id} row ${i}: the merchant is the first line`);
        assert.notEqual(row[2], '', 'every app posting names its counterparty');
        assert.equal(first.items.at(-1)!.text, eur(row[3]!), `${f.id} row ${i}: amount with sign and €`);
        if (headings) {
          assert.equal(first.items.length, 2);
          assert.equal(dayOf.get(first), row[0], `${f.id} row ${i}: the day heading above it`);
        } else {
          assert.equal(first.items.length, 3);
          assert.match(first.items[1]!.text, DMY);
          assert.equal(first.items[1]!.text, row[0], `${f.id} row ${i}: date column`);
        }
        assert.equal(b.slice(1).map((l) => l.text).join(' '), row[1], `${f.id} row ${i}: Buchungstext = category/type and purpose below`);
        assert.ok(f.pages.some((p) => p.some((l) => l.text === row[2] && l.bold === true)), `${f.id} row ${i}: merchant in bold`);
      });
      // The overview prints the ground truth's balances, and they add up.
      const amountOf = (label: string): number => cents(lines.find((l) => l.text.startsWith(label))!.items.at(-1)!.text.replace(/^\+/u, '').replace(/ €$/u, ''));
      assert.equal(amountOf(`Alter Kontostand am `), cents(st['opening_balance']!));
      assert.equal(amountOf(`Neuer Kontostand am ${st['period_end']}`), cents(st['closing_balance']!));
      const { opening, closing, sum } = groundTruthBalances(f);
      assert.equal(opening + sum, closing);
      assert.equal(amountOf('Ausgänge') + amountOf('Eingänge'), sum);
      for (let n = 1; n <= f.pages.length; n++) assert.ok(lines.some((l) => l.page === n && l.items.some((it) => it.text === `Seite ${n} von ${f.pages.length}`)));
    });
  }

  test('the family has card categories, debits and credits by type, and counterparty-like ATMs', () => {
    const rows = [1, 2, 3, 4, 5, 6].flatMap((s) => fixtureFor(layout, s).expected.tables[0]!.rows);
    for (const word of ['Lebensmittel', 'Lastschrift', 'Überweisung', 'Gehalt', 'Bargeldauszahlung']) assert.ok(rows.some((r) => r[1]!.split(' ').includes(word)), word);
    assert.ok(rows.some((r) => r[1]!.startsWith('Mastercard • ') || r[1]!.startsWith('Visa Debit • ') || r[1]!.startsWith('Debitkarte • ')));
    assert.ok(rows.some((r) => r[2]!.startsWith('PayPal (Europe)') && / Ihr Einkauf bei /u.test(r[1]!)));
  });
});
