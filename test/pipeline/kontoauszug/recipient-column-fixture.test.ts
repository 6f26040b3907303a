import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fixtureFor } from '../../../scripts/fixtures/kontoauszug/generate.js';
import { LAYOUTS } from '../../../scripts/fixtures/kontoauszug/layouts.js';
import { cents, DMY, fixtureLines, groundTruthBalances, postingBlocks } from './fixture-pdf.js';

/**
 * The `recipient-column` fixture prints what its ground truth says (the engine is not involved):
 * the counterparty in a column of its own (long names wrapped onto more lines inside it, empty
 * for fees and interest), type and purpose in the Verwendungszweck column, the booking date
 * first, one signed amount column; balances as table rows (odd seeds) or in a box above.
 */
const layout = LAYOUTS.find((l) => l.name === 'recipient-column')!;
const NAME_HEADERS = ['Empfänger/Auftraggeber', 'Auftraggeber / Empfänger', 'Zahlungsbeteiligter'];
const near = (a: number, b: number): boolean => Math.abs(a - b) < 1;

describe('recipient-column fixture', () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    test(`seed ${seed}: counterparty cell, Verwendungszweck cell and amount per row as the ground truth says`, async () => {
      const f = fixtureFor(layout, seed);
      const lines = await fixtureLines(f);
      const rows = f.expected.tables[0]!.rows;
      const header = lines.find((l) => l.items.some((it) => NAME_HEADERS.includes(it.text)))!;
      const nameX = header.items.find((it) => NAME_HEADERS.includes(it.text))!.x;
      const textX = header.items.find((it) => it.text === 'Verwendungszweck')!.x;
      const amountRight = header.items.at(-1)!.right;
      const blocks = postingBlocks(
        lines,
        (l) => DMY.test(l.items[0]!.text) && near(l.items[0]!.x, 40) && !l.text.includes('Kontostand'),
        (l) => l.y > 800 || l.text.includes('Kontostand') || l.text.startsWith('Datum') || / Umsätze$/u.test(l.text),
      );
      assert.equal(blocks.length, rows.length, 'one block per row');
      blocks.forEach((b, i) => {
        const row = rows[i]!;
        const items = b.flatMap((l) => l.items);
        assert.equal(b[0]!.items[0]!.text, row[0], `${f.id} row ${i}: booking date first`);
        assert.equal(items.filter((it) => near(it.x, nameX)).map((it) => it.text).join(' '), row[2], `${f.id} row ${i}: the counterparty cell`);
        assert.equal(items.filter((it) => near(it.x, textX)).map((it) => it.text).join(' '), row[1], `${f.id} row ${i}: the Verwendungszweck cell`);
        const amounts = items.filter((it) => near(it.right, amountRight));
        assert.deepEqual(amounts.map((it) => it.text), [row[3]], `${f.id} row ${i}: one amount, on the first line`);
        const known = (it: (typeof items)[number]): boolean => near(it.x, 40) || near(it.x, 88) || near(it.x, nameX) || near(it.x, textX) || near(it.right, amountRight);
        assert.ok(items.every(known), `${f.id} row ${i}: nothing printed outside the columns`);
        assert.equal(items.filter((it) => near(it.x, 40) || near(it.x, 88)).length, seed % 3 === 0 ? 2 : 1, `${f.id} row ${i}: the dates only on the first line`);
      });
      assert.ok(rows.some((r) => r[2] === ''), 'a fee or interest posting with an empty counterparty cell');
      const { opening, closing, sum } = groundTruthBalances(f);
      assert.equal(opening + sum, closing);
      const at = (label: string): string => lines.find((l) => l.text.includes(label))!.items.at(-1)!.text.replace(/ EUR$/u, '');
      assert.equal(cents(at('Kontostand alt')), opening);
      assert.equal(cents(at('Kontostand neu')), closing);
    });
  }

  test('long names wrap inside their column; the header and the value column vary', async () => {
    const fs = [1, 2, 3, 4, 5, 6].map((s) => fixtureFor(layout, s));
    const wrapped = fs.flatMap((f) => f.pages.flatMap((p) => p.filter((l) => f.expected.tables[0]!.rows.some((r) => r[2] !== l.text && r[2]!.startsWith(`${l.text} `)))));
    assert.ok(wrapped.length > 0, 'a counterparty on two lines');
    const lines = await fixtureLines(fs[2]!);
    assert.ok(lines.some((l) => l.items.some((it) => it.text === 'Valuta')), 'seed 3 has a Valuta column');
  });
});
