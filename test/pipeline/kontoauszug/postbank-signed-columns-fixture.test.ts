import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fixtureFor } from '../../../scripts/fixtures/kontoauszug/generate.js';
import { LAYOUTS } from '../../../scripts/fixtures/kontoauszug/layouts.js';
import { cents, DM, fixtureLines, groundTruthBalances, postingBlocks } from './fixture-pdf.js';

/**
 * The `postbank-signed-columns` fixture prints what its ground truth says (the engine is not
 * involved): spaced signs in the Soll/Haben columns, both dates `DD.MM.` first, the type first,
 * the counterparty on the block's last line (or, on seeds 3, 6, …, before the references), the
 * opening balance `Alter Kontostand vom …` (with a dot as decimal mark on seeds 2, 6, …), and
 * `Seite x / y` on every page.
 */
const layout = LAYOUTS.find((l) => l.name === 'postbank-signed-columns')!;
const SOLL = 470;
const HABEN = 548;
const isRef = (t: string): boolean => /^(Referenz|Mandat|Einreicher-ID) /u.test(t);
const spaced = (money: string): string => (money.startsWith('-') ? `- ${money.slice(1)}` : `+ ${money}`);

describe('postbank-signed-columns fixture', () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    test(`seed ${seed}: blocks, columns, counterparty line, balances and page numbers as the ground truth says`, async () => {
      const f = fixtureFor(layout, seed);
      const lines = await fixtureLines(f);
      const rows = f.expected.tables[0]!.rows;
      const st = f.expected.statement as Record<string, string>;
      const blocks = postingBlocks(
        lines,
        (l) => l.items.length >= 4 && DM.test(l.items[0]!.text) && DM.test(l.items[1]!.text),
        (l) => l.y > 790 || l.text.startsWith('Neuer Kontostand') || l.text.startsWith('Buchung Wert'),
      );
      // One block per row, in the printed order.
      assert.equal(blocks.length, rows.length);
      const nameLast = seed % 3 !== 0;
      blocks.forEach((b, i) => {
        const row = rows[i]!;
        const [booked, , type, amount] = b[0]!.items;
        assert.equal(booked!.text, row[0]!.slice(0, 6), `${f.id} row ${i}: booking date DD.MM.`);
        assert.equal(row[0]!.slice(6), st['period_start']!.slice(6), 'year from the period');
        assert.equal(amount!.text, spaced(row[3]!), `${f.id} row ${i}: spaced sign`);
        assert.ok(Math.abs(amount!.right - (row[3]!.startsWith('-') ? SOLL : HABEN)) < 1, `${f.id} row ${i}: amount in the column of its side`);
        const rest = b.slice(1).map((l) => l.text);
        let text = rest;
        if (row[2] !== '') {
          const at = rest.lastIndexOf(row[2]!);
          assert.ok(at >= 0, `${f.id} row ${i}: counterparty on a line of its own`);
          if (nameLast) assert.equal(at, rest.length - 1, `${f.id} row ${i}: counterparty on the block's last line`);
          else assert.ok(rest.slice(at + 1).every(isRef) && !rest.slice(0, at).some(isRef), `${f.id} row ${i}: purpose, counterparty, then the references`);
          text = rest.filter((_, k) => k !== at);
        }
        assert.equal([type!.text, ...text].join(' '), row[1], `${f.id} row ${i}: Buchungstext = type and purpose lines`);
      });
      // Balances as printed, and the ground truth adds up.
      const opening = lines.find((l) => l.text.startsWith('Alter Kontostand vom'))!;
      const dotTypo = seed % 4 === 2;
      const printedOpening = spaced(st['opening_balance']!);
      assert.equal(opening.items.at(-1)!.text, dotTypo ? printedOpening.replace(/,(\d\d)$/u, '.$1') : printedOpening);
      if (dotTypo) assert.match(opening.items.at(-1)!.text, /^[+-] [\d.]+\.\d\d$/u);
      assert.equal(lines.find((l) => l.text.startsWith('Neuer Kontostand vom'))!.items.at(-1)!.text, spaced(st['closing_balance']!));
      const { opening: o, closing: c, sum } = groundTruthBalances(f);
      assert.equal(o + sum, c);
      assert.equal(cents(st['opening_balance']!) + f.statement.accounts[0]!.postings.reduce((s, p) => s + p.cents, 0), c);
      // Every page: `Seite x / y` and the column header.
      for (let n = 1; n <= f.pages.length; n++) {
        assert.ok(lines.some((l) => l.page === n && l.items.some((it) => it.text === `Seite ${n} / ${f.pages.length}`)), `page ${n} number`);
        assert.ok(lines.some((l) => l.page === n && l.text === 'Buchung Wert Vorgang/Buchungsinformation Soll Haben'), `page ${n} header`);
      }
    });
  }

  test('the family spans pages, has counterparty-less postings, and puts references after the name on seeds 3 and 6', () => {
    const fs = [1, 2, 3, 4, 5, 6].map((s) => fixtureFor(layout, s));
    assert.ok(fs.every((f) => f.pages.length >= 2), 'every statement has two pages or more');
    assert.ok(fs.some((f) => f.expected.tables[0]!.rows.some((r) => r[2] === '')), 'a fee without counterparty');
    const withRefsAfterName = fs.filter((f) => f.seed % 3 === 0).flatMap((f) => f.statement.accounts[0]!.postings.filter((p) => p.counterparty && p.purpose.some(isRef)));
    assert.ok(withRefsAfterName.length > 0);
  });
});
