import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { meteringWindow, TRIAL_COUNTER, usageFigures } from '../../src/domain/metering.js';
import { effectiveLimits, type PlanOverrides } from '../../src/domain/tiers.js';

const none: PlanOverrides = { includedCalls: null, overageCentsPerCall: null, rateLimitPerMinute: null };
const d = (iso: string) => new Date(iso);

describe('meteringWindow', () => {
  const anchor = d('2026-01-10T09:00:00.000Z');

  it('trial: one lifetime counter "trial" with a hard cap of 50', () => {
    const w = meteringWindow('trial', effectiveLimits('trial', none), anchor, d('2026-01-20T00:00:00.000Z'));
    assert.equal(w.counterKey, TRIAL_COUNTER);
    assert.equal(w.counterKey, 'trial');
    assert.equal(w.hardCap, 50);
    assert.equal(w.period.start.toISOString(), '2026-01-10T09:00:00.000Z');
    assert.equal(w.period.end.toISOString(), '2026-02-10T09:00:00.000Z');
  });

  it('trial: the counter stays "trial" while the period rolls forward monthly', () => {
    const w = meteringWindow('trial', effectiveLimits('trial', none), anchor, d('2026-05-11T00:00:00.000Z'));
    assert.equal(w.counterKey, 'trial');
    assert.equal(w.hardCap, 50);
    assert.equal(w.period.start.toISOString(), '2026-05-10T09:00:00.000Z');
    assert.equal(w.period.end.toISOString(), '2026-06-10T09:00:00.000Z');
  });

  for (const tier of ['starter', 'pro', 'business', 'enterprise'] as const) {
    it(`${tier}: counter keyed by the period start ISO string, no cap`, () => {
      const w1 = meteringWindow(tier, effectiveLimits(tier, none), anchor, d('2026-01-20T00:00:00.000Z'));
      assert.equal(w1.counterKey, '2026-01-10T09:00:00.000Z');
      assert.equal(w1.hardCap, null);
      const w2 = meteringWindow(tier, effectiveLimits(tier, none), anchor, d('2026-02-10T09:00:00.000Z'));
      assert.equal(w2.counterKey, '2026-02-10T09:00:00.000Z');
      assert.notEqual(w1.counterKey, w2.counterKey);
    });
  }

  it('enterprise with a custom included allowance still has no hard cap', () => {
    const w = meteringWindow('enterprise', effectiveLimits('enterprise', { ...none, includedCalls: 7 }), anchor, anchor);
    assert.equal(w.hardCap, null);
  });
});

describe('usageFigures', () => {
  it('starter: 250 calls → 50 overage × 50 ct = 2500 ct', () => {
    assert.deepEqual(usageFigures('starter', effectiveLimits('starter', none), 250), {
      billable_calls: 250,
      included_calls: 200,
      overage_calls: 50,
      overage_cents_per_call: 50,
      overage_cost_cents: 2500,
    });
  });

  it('starter: at or below the allowance there is no overage', () => {
    for (const calls of [0, 1, 199, 200]) {
      const u = usageFigures('starter', effectiveLimits('starter', none), calls);
      assert.equal(u.billable_calls, calls);
      assert.equal(u.overage_calls, 0);
      assert.equal(u.overage_cost_cents, 0);
      assert.equal(u.overage_cents_per_call, 50);
    }
    assert.equal(usageFigures('starter', effectiveLimits('starter', none), 201).overage_cost_cents, 50);
  });

  it('pro: 1000 included, 35 ct per extra call', () => {
    const u = usageFigures('pro', effectiveLimits('pro', none), 1234);
    assert.deepEqual(u, {
      billable_calls: 1234,
      included_calls: 1000,
      overage_calls: 234,
      overage_cents_per_call: 35,
      overage_cost_cents: 234 * 35, // 8190
    });
    assert.equal(u.overage_cost_cents, 8190);
  });

  it('business: 5000 included, 25 ct per extra call', () => {
    assert.deepEqual(usageFigures('business', effectiveLimits('business', none), 5001), {
      billable_calls: 5001,
      included_calls: 5000,
      overage_calls: 1,
      overage_cents_per_call: 25,
      overage_cost_cents: 25,
    });
    assert.equal(usageFigures('business', effectiveLimits('business', none), 4000).overage_calls, 0);
  });

  it('enterprise with overrides uses the contract numbers', () => {
    const limits = effectiveLimits('enterprise', { includedCalls: 20000, overageCentsPerCall: 10, rateLimitPerMinute: 1000 });
    assert.deepEqual(usageFigures('enterprise', limits, 20500), {
      billable_calls: 20500,
      included_calls: 20000,
      overage_calls: 500,
      overage_cents_per_call: 10,
      overage_cost_cents: 5000,
    });
  });

  it('enterprise with an included allowance of 0 bills every call', () => {
    const limits = effectiveLimits('enterprise', { includedCalls: 0, overageCentsPerCall: 3, rateLimitPerMinute: null });
    const u = usageFigures('enterprise', limits, 7);
    assert.equal(u.overage_calls, 7);
    assert.equal(u.overage_cost_cents, 21);
  });

  it('trial never has overage, even beyond 50 calls', () => {
    for (const calls of [0, 49, 50, 51, 500]) {
      assert.deepEqual(usageFigures('trial', effectiveLimits('trial', none), calls), {
        billable_calls: calls,
        included_calls: 50,
        overage_calls: 0,
        overage_cents_per_call: 0,
        overage_cost_cents: 0,
      });
    }
  });

  it('costs are integer cents', () => {
    for (const tier of ['starter', 'pro', 'business'] as const) {
      const u = usageFigures(tier, effectiveLimits(tier, none), 123457);
      assert.ok(Number.isInteger(u.overage_cost_cents));
      assert.equal(u.overage_cost_cents, u.overage_calls * u.overage_cents_per_call);
    }
  });
});
