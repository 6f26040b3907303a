import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fixtureFor } from '../../../scripts/fixtures/kontoauszug/generate.js';
import { LAYOUTS } from '../../../scripts/fixtures/kontoauszug/layouts.js';
import { cents, DMY, fixtureLines, groundTruthBalances, postingBlocks } from './fixture-pdf.js';

/**
 * The `labelled-parties` fixture prints what its ground truth says (the engine is not involved):
 * the counterparty as a labelled line (`Auftraggeber:` for credits, `Empfänger:` or, on even
 * seeds, `Zahlungsempfänger:` for debits) whose VALUE is the Empfänger and which is no part of
 * the Buchungstext; every other labelled line (`Verwendungszweck:`, `IBAN:`, `BIC:`,
 * `Mandatsreferenz:`, `Gläubiger-ID:`, `End-to-End-Ref.:`) is in the Buchungstext as printed.
 */
const layout = LAYOUTS.find((l) => l.name === 'labelled-parties')!;
const PARTY = /^(Auftraggeber|Empfänger|Zahlungsempfänger): (.+)$/u;
const plus = (money: string): string => (money.startsWith('-') ? money : `+${money}`);

describe('labelled-parties fixture', () => {
  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
    test(`seed ${seed}: the party line's value is the Empfänger, the other labelled lines the Buchungstext`, async () => {
      const f = fixtureFor(layout, seed);
      const lines = await fixtureLines(f);
      const rows = f.expected.tables[0]!.rows;
      const st = f.expected.statement as Record<string, string>;
      const blocks = postingBlocks(
        lines,
        (l) => l.items.length >= 4 && DMY.test(l.items[0]!.text) && DMY.test(l.items[1]!.text),
        (l) => l.y > 790 || l.text.startsWith('Kontostand am') || l.text.startsWith('Buchungstag'),
      );
      assert.equal(blocks.length, rows.length, 'one block per row');
      const partyFirst = seed % 3 !== 0;
      const tabular = seed % 4 === 3;
      blocks.forEach((b, i) => {
        const row = rows[i]!;
        const [booked, , type, amount] = b[0]!.items;
        assert.equal(booked!.text, row[0]);
        assert.equal(amount!.text, plus(row[3]!), `${f.id} row ${i}: signed amount`);
        const rest = b.slice(1).map((l) => l.text);
        const parties = rest.map((t, k) => [k, PARTY.exec(t)] as const).filter(([, m]) => m !== null);
        assert.equal(parties.length, row[2] === '' ? 0 : 1, `${f.id} row ${i}: one party line where there is a counterparty`);
        let text = rest;
        if (row[2] !== '') {
          const [k, m] = parties[0]!;
          assert.equal(m![2], row[2], `${f.id} row ${i}: Empfänger = the value without its label`);
          const credit = !row[3]!.startsWith('-');
          assert.equal(m![1], credit ? 'Auftraggeber' : seed % 2 === 0 ? 'Zahlungsempfänger' : 'Empfänger');
          if (partyFirst) assert.equal(k, 0, 'party line right under the type');
          else assert.ok(rest.slice(0, k).every((t) => !/^[^ ]+:/u.test(t) || t.startsWith('Verwendungszweck:')), 'party line after the Verwendungszweck');
          if (tabular) assert.equal(b[1 + k]!.items.length, 2, 'label and value in two columns');
          text = rest.filter((_, j) => j !== k);
        }
        assert.equal([type!.text, ...text].join(' '), row[1], `${f.id} row ${i}: Buchungstext = type and the other labelled lines`);
        assert.doesNotMatch(row[1]!, /(Auftraggeber|Empfänger|Zahlungsempfänger):/u);
        assert.doesNotMatch(row[2]!, /:/u);
      });
      const balance = (d: string): string => lines.find((l) => l.text.startsWith(`Kontostand am ${d}`))!.items.at(-1)!.text;
      const { opening, closing, sum } = groundTruthBalances(f);
      assert.equal(opening + sum, closing);
      const start = st['period_start']!.split('.').map(Number);
      const before = new Date(Date.UTC(start[2]!, start[1]! - 1, start[0]! - 1));
      const beforeText = `${String(before.getUTCDate()).padStart(2, '0')}.${String(before.getUTCMonth() + 1).padStart(2, '0')}.${before.getUTCFullYear()}`;
      assert.equal(cents(balance(beforeText).replace(/^\+/u, '')), opening);
      assert.equal(cents(balance(st['period_end']!).replace(/^\+/u, '')), closing);
    });
  }

  test('the family has every labelled field', () => {
    const rows = [1, 2, 3, 4, 5, 6, 7, 8].flatMap((s) => fixtureFor(layout, s).expected.tables[0]!.rows);
    for (const label of ['Verwendungszweck:', 'IBAN:', 'BIC:', 'Mandatsreferenz:', 'Gläubiger-ID:', 'End-to-End-Ref.:']) assert.ok(rows.some((r) => r[1]!.includes(label)), label);
    assert.ok(rows.some((r) => r[2] === ''), 'a posting without counterparty');
  });
});
