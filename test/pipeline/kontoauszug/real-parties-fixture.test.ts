import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fixtureFor } from '../../../scripts/fixtures/kontoauszug/generate.js';
import { abs } from '../../../scripts/fixtures/kontoauszug/layout-kit.js';
import { LAYOUTS } from '../../../scripts/fixtures/kontoauszug/layouts.js';
import { PAYPAL } from '../../../scripts/fixtures/kontoauszug/layouts-real-b.js';
import { fixtureLines, groundTruthBalances } from './fixture-pdf.js';

/**
 * `realParties` on two existing families (sparkasse-sh: counterparty on the line under the type;
 * trailing-sign: type and counterparty on one line): the fixtures now hold counterparties in
 * every form (`Müller, Hans`, `… GmbH & Co. KG`, PayPal with the merchant in the purpose) and
 * types that read like names (`Gutschrift`, `Kartenzahlung girocard`, `Bargeldauszahlung` without
 * counterparty), still print every posting where its layout puts it, and still add up.
 */
const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];
const PRINTED: Record<string, (c: number) => string> = {
  'sparkasse-sh': (c) => `${abs(c)} ${c < 0 ? 'S' : 'H'}`,
  'trailing-sign': (c) => `${abs(c)}${c < 0 ? '-' : '+'}`,
};

describe('realParties on existing families', () => {
  for (const name of Object.keys(PRINTED)) {
    test(`${name}: every form of counterparty and name-like types are in the ground truth`, () => {
      const layout = LAYOUTS.find((l) => l.name === name)!;
      const rows = SEEDS.flatMap((s) => fixtureFor(layout, s).expected.tables[0]!.rows);
      assert.ok(rows.some((r) => r[2] === PAYPAL && /\. (\S.*), Ihr Einkauf bei \1$/u.test(r[1]!)), 'PayPal with the merchant in the purpose');
      assert.ok(rows.some((r) => /^[A-ZÄÖÜ][a-zäöüß]+, [A-ZÄÖÜ][a-zäöüß-]+/u.test(r[2]!)), 'a person as `Name, Vorname`');
      assert.ok(rows.some((r) => r[2]!.endsWith('GmbH & Co. KG')), 'a GmbH & Co. KG');
      assert.ok(rows.some((r) => r[1]!.startsWith('Bargeldauszahlung ') && r[2] === ''), 'cash without counterparty');
      assert.ok(rows.some((r) => r[1]!.startsWith('Kartenzahlung girocard') && r[2] !== ''), 'Kartenzahlung girocard at a merchant');
      assert.ok(rows.some((r) => r[1]!.startsWith('Gutschrift') && r[2] !== ''), 'a Gutschrift from someone');
    });

    for (const seed of [1, 2, 3, 4]) {
      test(`${name} seed ${seed}: each posting printed in order where the layout puts its type and counterparty`, async () => {
        const f = fixtureFor(LAYOUTS.find((l) => l.name === name)!, seed);
        const lines = await fixtureLines(f);
        const postings = f.statement.accounts[0]!.postings;
        let from = 0;
        for (const p of postings) {
          const at = lines.findIndex((l, k) => k >= from && l.items.some((it) => it.text === PRINTED[name]!(p.cents)));
          assert.ok(at >= 0, `${f.id}: ${PRINTED[name]!(p.cents)} printed after the posting before it`);
          const texts = lines[at]!.items.map((it) => it.text);
          if (name === 'trailing-sign') assert.ok(texts.includes(p.counterparty ? `${p.type} ${p.counterparty}` : p.type), `${f.id}: type and counterparty on the date line`);
          else {
            assert.ok(texts.includes(p.type), `${f.id}: type on the date line`);
            assert.equal(lines[at + 1]!.text, p.counterparty || p.purpose[0], `${f.id}: counterparty (or else the purpose) on the line below`);
          }
          from = at + 1;
        }
        const { opening, closing, sum } = groundTruthBalances(f);
        assert.equal(opening + sum, closing);
      });
    }
  }
});
