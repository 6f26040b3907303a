/** src/domain/subscription-state.ts: what a subscription status grants, which is current, back-off. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { currentSubscription, grantsTier, overageRetryDelayMs } from '../../src/domain/subscription-state.js';

describe('grantsTier', () => {
  it('active, trialing and past_due keep the tier; every other status grants nothing', () => {
    for (const s of ['active', 'trialing', 'past_due']) assert.equal(grantsTier(s), true, s);
    for (const s of ['unpaid', 'canceled', 'incomplete', 'incomplete_expired', 'paused', 'something_new', '']) {
      assert.equal(grantsTier(s), false, s);
    }
  });
});

describe('currentSubscription', () => {
  const at = (d: string) => new Date(`2026-03-${d}T00:00:00Z`);
  it('none → null', () => assert.equal(currentSubscription([]), null));
  it('the newest one that grants a tier wins over newer ones that do not', () => {
    const subs = [
      { id: 'old_active', status: 'active', created: at('01') },
      { id: 'new_incomplete', status: 'incomplete', created: at('10') },
      { id: 'older_active', status: 'active', created: at('02') },
    ];
    assert.equal(currentSubscription(subs)?.id, 'older_active');
  });
  it('without a granting one, the newest of any status (a cancelled subscription is reported cancelled)', () => {
    const subs = [
      { id: 'a', status: 'canceled', created: at('01') },
      { id: 'b', status: 'unpaid', created: at('05') },
    ];
    assert.equal(currentSubscription(subs)?.id, 'b');
  });
});

describe('overageRetryDelayMs', () => {
  it('30 s doubling, capped at one hour', () => {
    assert.deepEqual([0, 1, 2, 3].map(overageRetryDelayMs), [30_000, 60_000, 120_000, 240_000]);
    assert.equal(overageRetryDelayMs(7), 3_600_000);
    assert.equal(overageRetryDelayMs(1000), 3_600_000);
    assert.equal(overageRetryDelayMs(-1), 30_000);
  });
});
