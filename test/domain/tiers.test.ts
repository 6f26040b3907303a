import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { effectiveLimits, isCheckoutTier, isTier, TIERS, type PlanOverrides } from '../../src/domain/tiers.js';

const none: PlanOverrides = { includedCalls: null, overageCentsPerCall: null, rateLimitPerMinute: null };
const custom: PlanOverrides = { includedCalls: 20000, overageCentsPerCall: 10, rateLimitPerMinute: 1000 };

describe('effectiveLimits: defaults of SPEC §4', () => {
  const table = [
    ['trial', 50, 0, 10],
    ['starter', 200, 50, 60],
    ['pro', 1000, 35, 120],
    ['business', 5000, 25, 300],
  ] as const;
  for (const [tier, included, overage, rate] of table) {
    it(`${tier}: ${included} included, ${overage} ct overage, ${rate}/min`, () => {
      const l = effectiveLimits(tier, none);
      assert.equal(l.includedCalls, included);
      assert.equal(l.overageCentsPerCall, overage);
      assert.equal(l.rateLimitPerMinute, rate);
    });
  }

  it('enterprise without overrides falls back to usable numbers (no zero rate limit)', () => {
    const l = effectiveLimits('enterprise', none);
    assert.ok(l.includedCalls > 0);
    assert.ok(l.rateLimitPerMinute >= 1);
    assert.equal(l.monthlyPriceCents, null, 'enterprise price is negotiated');
  });
});

describe('effectiveLimits: overrides', () => {
  it('enterprise takes every override', () => {
    const l = effectiveLimits('enterprise', custom);
    assert.equal(l.includedCalls, 20000);
    assert.equal(l.overageCentsPerCall, 10);
    assert.equal(l.rateLimitPerMinute, 1000);
  });

  it('enterprise takes a partial override and keeps the fallback for the rest', () => {
    const base = effectiveLimits('enterprise', none);
    const l = effectiveLimits('enterprise', { ...none, rateLimitPerMinute: 5 });
    assert.equal(l.rateLimitPerMinute, 5);
    assert.equal(l.includedCalls, base.includedCalls);
    assert.equal(l.overageCentsPerCall, base.overageCentsPerCall);
  });

  it('enterprise override of 0 is kept (0 is a value, not "unset")', () => {
    const l = effectiveLimits('enterprise', { includedCalls: 0, overageCentsPerCall: 0, rateLimitPerMinute: null });
    assert.equal(l.includedCalls, 0);
    assert.equal(l.overageCentsPerCall, 0);
  });

  it('trial ignores allowance and price overrides: its numbers are the public offer', () => {
    const l = effectiveLimits('trial', { ...custom, rateLimitPerMinute: null });
    assert.equal(l.includedCalls, 50);
    assert.equal(l.overageCentsPerCall, 0);
    assert.equal(l.rateLimitPerMinute, 10);
  });

  // Since acb72e5 an operator may override the per-minute rate limit on any tier (allowance and
  // price stay enterprise-only); the brief's "trial ignores overrides" predates that decision.
  for (const tier of ['trial', 'starter', 'pro', 'business'] as const) {
    it(`${tier}: only the rate-limit override applies`, () => {
      const base = effectiveLimits(tier, none);
      const l = effectiveLimits(tier, custom);
      assert.equal(l.includedCalls, base.includedCalls);
      assert.equal(l.overageCentsPerCall, base.overageCentsPerCall);
      assert.equal(l.monthlyPriceCents, base.monthlyPriceCents);
      assert.equal(l.rateLimitPerMinute, 1000);
    });
  }

  it('does not hand out the shared default object for mutation', () => {
    for (const tier of ['trial', 'starter', 'enterprise'] as const) {
      const before = effectiveLimits(tier, none).includedCalls;
      const a = effectiveLimits(tier, none);
      a.includedCalls = 1;
      assert.equal(effectiveLimits(tier, none).includedCalls, before, `mutating a ${tier} result changed the tier table`);
    }
  });
});

describe('tier names', () => {
  it('isTier accepts the five tiers only', () => {
    for (const t of TIERS) assert.ok(isTier(t));
    for (const t of ['', 'Trial', 'free', 'enterprise ', 'premium']) assert.equal(isTier(t), false, t);
  });
  it('checkout is offered for starter, pro, business only', () => {
    assert.deepEqual(['trial', 'starter', 'pro', 'business', 'enterprise'].filter(isCheckoutTier), ['starter', 'pro', 'business']);
  });
});
