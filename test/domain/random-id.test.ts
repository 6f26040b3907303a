import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newId, randomBase62 } from '../../src/domain/random-id.js';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

describe('randomBase62', () => {
  it('returns exactly the requested length', () => {
    for (const n of [0, 1, 2, 7, 32, 100, 1000]) assert.equal(randomBase62(n).length, n, `length ${n}`);
  });

  it('uses only [0-9A-Za-z]', () => {
    assert.match(randomBase62(5000), /^[0-9A-Za-z]+$/);
  });

  it('every one of the 62 characters occurs, with a roughly uniform distribution', () => {
    // 620 000 draws: expected 10 000 per character. Pearson chi-square with 61 degrees of
    // freedom has mean 61 and sd ≈ 11; the bound 160 is ~9 sd out, P ≈ 1e-15 for a uniform
    // source. A source with the modulo bias of `byte % 62` (bytes 248–255 not rejected) puts
    // ~21 % more weight on characters 0–7 and scores ≈ 4 000, so it is caught.
    const draws = 620_000;
    const sample = randomBase62(draws);
    const counts = new Map<string, number>();
    for (const ch of sample) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    assert.equal(counts.size, 62);
    const expected = draws / 62;
    let chi2 = 0;
    for (const ch of ALPHABET) {
      const observed = counts.get(ch) ?? 0;
      chi2 += (observed - expected) ** 2 / expected;
    }
    assert.ok(chi2 < 160, `chi-square ${chi2.toFixed(1)} too large for 61 degrees of freedom`);
  });

  it('first characters of separate short draws are also uniform (no per-call bias)', () => {
    const counts = new Array<number>(62).fill(0);
    const draws = 62_000;
    for (let i = 0; i < draws; i++) counts[ALPHABET.indexOf(randomBase62(1))]! += 1;
    const expected = draws / 62;
    const chi2 = counts.reduce((s, o) => s + (o - expected) ** 2 / expected, 0);
    assert.ok(chi2 < 160, `chi-square ${chi2.toFixed(1)}`);
  });

  it('successive values differ', () => {
    const seen = new Set(Array.from({ length: 1000 }, () => randomBase62(16)));
    assert.equal(seen.size, 1000);
  });
});

describe('newId', () => {
  it('prefix, underscore and 20 base62 characters by default', () => {
    for (const prefix of ['org', 'key', 'req', 'aud', 'cs', 'ps'] as const) {
      assert.match(newId(prefix), new RegExp(`^${prefix}_[0-9A-Za-z]{20}$`));
    }
  });
  it('honours a custom length', () => {
    assert.match(newId('key', 8), /^key_[0-9A-Za-z]{8}$/);
  });
});
