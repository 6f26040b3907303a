import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareWithNextTier, costAtVolume, projectToPeriodEnd } from '../../src/domain/plan-comparison.js';

describe('costAtVolume: monthly price plus overage (seed "Limits")', () => {
  const table = [
    // tier, calls, overage calls, total cents
    ['starter', 0, 0, 9900],
    ['starter', 200, 0, 9900],
    ['starter', 201, 1, 9950],
    ['starter', 600, 400, 29900],
    ['pro', 600, 0, 29900],
    ['pro', 1001, 1, 29935],
    ['business', 5000, 0, 79900],
    ['business', 5004, 4, 80000],
  ] as const;
  for (const [tier, calls, overage, total] of table) {
    it(`${tier} at ${calls} calls: ${overage} overage, ${total} cents`, () => {
      const c = costAtVolume(tier, calls);
      assert.equal(c.overageCalls, overage);
      assert.equal(c.totalCents, total);
      assert.equal(c.monthlyPriceCents + c.overageCostCents, c.totalCents);
    });
  }

  it('refuses a negative or fractional volume', () => {
    assert.throws(() => costAtVolume('starter', -1), RangeError);
    assert.throws(() => costAtVolume('starter', 1.5), RangeError);
  });
});

describe('compareWithNextTier', () => {
  it('starter at 600 calls: pro at 299 € includes them and costs the same', () => {
    const c = compareWithNextTier('starter', 600);
    assert.equal(c.current?.totalCents, 29900);
    assert.equal(c.next?.tier, 'pro');
    assert.equal(c.next?.totalCents, 29900);
    assert.equal(c.next?.overageCalls, 0);
    assert.equal(c.savingsCents, 0);
    assert.equal(c.cheapest.tier, 'pro', 'a tie goes to the larger allowance');
  });

  it('starter at 700 calls: pro saves 50 €', () => {
    const c = compareWithNextTier('starter', 700);
    assert.equal(c.current?.totalCents, 34900);
    assert.equal(c.savingsCents, 5000);
  });

  it('starter at 100 calls: pro would cost 200 € more (negative savings)', () => {
    const c = compareWithNextTier('starter', 100);
    assert.equal(c.savingsCents, 9900 - 29900);
    assert.equal(c.cheapest.tier, 'starter');
  });

  it('pro at 3000 calls: business costs 799 €, pro 299 € + 2000 × 0,35 € = 999 €', () => {
    const c = compareWithNextTier('pro', 3000);
    assert.equal(c.current?.totalCents, 99900);
    assert.equal(c.next?.tier, 'business');
    assert.equal(c.savingsCents, 20000);
  });

  it('trial: no current price, the next tier is starter', () => {
    const c = compareWithNextTier('trial', 30);
    assert.equal(c.current, null);
    assert.equal(c.next?.tier, 'starter');
    assert.equal(c.savingsCents, null);
  });

  it('business has no public tier above; enterprise is per contract', () => {
    const b = compareWithNextTier('business', 9000);
    assert.equal(b.next, null);
    assert.equal(b.savingsCents, null);
    assert.equal(b.current?.totalCents, 79900 + 4000 * 25);
    const e = compareWithNextTier('enterprise', 9000);
    assert.equal(e.current, null);
    assert.equal(e.next, null);
  });

  it('the cheapest tier at a large volume is business', () => {
    assert.equal(compareWithNextTier('starter', 20000).cheapest.tier, 'business');
  });
});

describe('projectToPeriodEnd', () => {
  const period = { start: new Date('2026-03-01T00:00:00Z'), end: new Date('2026-03-31T00:00:00Z') };
  it('extrapolates the pace so far to the whole period', () => {
    assert.equal(projectToPeriodEnd(100, period, new Date('2026-03-11T00:00:00Z')), 300);
  });
  it('at the start or after the end it is the calls themselves', () => {
    assert.equal(projectToPeriodEnd(5, period, period.start), 5);
    assert.equal(projectToPeriodEnd(50, period, new Date('2026-04-05T00:00:00Z')), 50);
  });
});
