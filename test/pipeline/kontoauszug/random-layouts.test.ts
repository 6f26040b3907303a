import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { closing } from '../../../scripts/fixtures/kontoauszug/data.js';
import { fixtureFor } from '../../../scripts/fixtures/kontoauszug/generate.js';
import { DIMENSION_NAMES, drawDims, randomLayout } from '../../../scripts/fixtures/kontoauszug/random-layouts.js';

/** Issue 21: the combinatorial layout generator is seeded, covers every dimension value, and its truth is its data. */
describe('random statement layouts (issue 21)', () => {
  test('the same seed draws the same dimensions and the same pages', () => {
    assert.deepEqual(drawDims(7), drawDims(7));
    const a = fixtureFor(randomLayout(7), 7);
    const b = fixtureFor(randomLayout(7), 7);
    assert.deepEqual(a.pages, b.pages);
    assert.deepEqual(a.expected, b.expected);
  });

  test('dimensions are drawn independently: 200 seeds cover every value of every dimension', () => {
    const seen = new Map<string, Set<string>>();
    for (let s = 1; s <= 200; s++) for (const [k, v] of Object.entries(drawDims(s))) (seen.get(k) ?? seen.set(k, new Set()).get(k)!).add(v);
    assert.deepEqual([...seen.keys()], DIMENSION_NAMES);
    for (const k of DIMENSION_NAMES) assert.ok(seen.get(k)!.size >= 2, k);
    assert.equal(seen.get('balances')!.size, 6);
    assert.equal(seen.get('counterparty')!.size, 6);
  });

  test('the truth is the statement: rows are its postings, the balances open + Σ = close, pending rows printed but not in it', () => {
    let pendingSeen = 0;
    for (let s = 1; s <= 40; s++) {
      const layout = randomLayout(s);
      const f = fixtureFor(layout, s);
      const a = f.statement.accounts[0]!;
      const info = f.expected.statement as Record<string, unknown>;
      assert.equal(f.expected.tables[0]!.rows.length, a.postings.length);
      assert.equal(a.opening + a.postings.reduce((t, p) => t + p.cents, 0), closing(a));
      assert.ok(typeof info['closing_balance'] === 'string');
      const text = f.pages.flat().map((l) => l.text);
      if (layout.dims.pending !== 'none') {
        pendingSeen++;
        assert.ok(text.some((t) => t.startsWith('Vorgemerkte Umsätze')), `seed ${s}`);
        assert.ok(!f.expected.tables[0]!.rows.some((r) => r[1]!.includes('Vormerkung')), `seed ${s}`);
      }
    }
    assert.ok(pendingSeen > 0);
  });
});
