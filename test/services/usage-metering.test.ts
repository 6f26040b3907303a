/** src/services/get-usage.ts + src/services/meter-calls.ts on a real store. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Organization } from '../../src/ports/store.js';
import { changePlan } from '../../src/services/change-plan.js';
import { getUsage } from '../../src/services/get-usage.js';
import { commitCall, releaseCall, reserveCall } from '../../src/services/meter-calls.js';
import { backends } from '../support/databases.js';
import { manualClock, newOrg, useStore, type ManualClock } from './helpers.js';

const CREATED = '2026-01-31T10:00:00.000Z';
const DAY = 24 * 3600 * 1000;

for (const kind of backends()) {
  describe(`metering and usage on ${kind}`, () => {
    const ctx = useStore(kind);

    async function setup(tier: 'trial' | 'starter' | 'pro' | 'business' | 'enterprise' = 'trial', overrides = {}) {
      const clock = manualClock(CREATED);
      const deps = { store: ctx.store, clock };
      let { organization } = await newOrg(ctx.store, clock);
      if (tier !== 'trial') {
        const r = await changePlan(deps, organization.id, { tier, ...overrides });
        assert.ok(r.ok);
        organization = r.value;
      }
      return { clock, deps, organization };
    }

    /** One successful call: reserve, then commit. */
    async function successfulCall(deps: { store: typeof ctx.store; clock: ManualClock }, org: Organization) {
      const r = await reserveCall(deps, org);
      assert.ok(r, 'reservation refused');
      await commitCall(deps, r);
    }

    const billable = async (deps: { store: typeof ctx.store; clock: ManualClock }, org: Organization) =>
      (await getUsage(deps, org)).usage.billable_calls;

    it('usage record has exactly the fields of SPEC §4', async () => {
      const { deps, organization } = await setup();
      const u = await getUsage(deps, organization);
      assert.deepEqual(Object.keys(u).sort(), ['organization', 'period', 'usage']);
      assert.deepEqual(u.organization, { id: organization.id, name: organization.name, tier: 'trial' });
      assert.deepEqual(u.period, { start: '2026-01-31T10:00:00.000Z', end: '2026-02-28T10:00:00.000Z' });
      assert.deepEqual(u.usage, {
        billable_calls: 0,
        included_calls: 50,
        overage_calls: 0,
        overage_cents_per_call: 0,
        overage_cost_cents: 0,
      });
    });

    it('reserve is not billable; commit makes it billable; release gives it back', async () => {
      const { deps, organization } = await setup();
      const r1 = await reserveCall(deps, organization);
      assert.ok(r1);
      assert.equal(await billable(deps, organization), 0, 'a reservation alone is not billable');
      await commitCall(deps, r1);
      assert.equal(await billable(deps, organization), 1);
      const r2 = await reserveCall(deps, organization);
      assert.ok(r2);
      await releaseCall(deps, r2);
      assert.equal(await billable(deps, organization), 1, 'a released call is not billable');
    });

    it('settling twice has no further effect (commit then commit/release)', async () => {
      const { deps, organization } = await setup('starter');
      const r = await reserveCall(deps, organization);
      assert.ok(r);
      await commitCall(deps, r);
      await commitCall(deps, r);
      await releaseCall(deps, r);
      assert.equal(await billable(deps, organization), 1);
      const r2 = await reserveCall(deps, organization);
      assert.ok(r2);
      await releaseCall(deps, r2);
      await commitCall(deps, r2);
      assert.equal(await billable(deps, organization), 1);
    });

    it('trial: 50 successful calls, the 51st reservation is refused', async () => {
      const { deps, organization } = await setup();
      for (let i = 0; i < 50; i++) await successfulCall(deps, organization);
      assert.equal(await reserveCall(deps, organization), null);
      assert.equal(await reserveCall(deps, organization), null);
      const u = await getUsage(deps, organization);
      assert.equal(u.usage.billable_calls, 50);
      assert.equal(u.usage.overage_calls, 0);
    });

    it('trial: pending reservations count against the cap; a release frees a slot', async () => {
      const { deps, organization } = await setup();
      for (let i = 0; i < 49; i++) await successfulCall(deps, organization);
      const pending = await reserveCall(deps, organization);
      assert.ok(pending);
      assert.equal(await reserveCall(deps, organization), null, '49 committed + 1 reserved = cap');
      await releaseCall(deps, pending);
      const again = await reserveCall(deps, organization);
      assert.ok(again, 'the released slot is available again');
      await commitCall(deps, again);
      assert.equal(await billable(deps, organization), 50);
      assert.equal(await reserveCall(deps, organization), null);
    });

    it('trial: 80 concurrent reservations, exactly 50 granted', async () => {
      const { deps, organization } = await setup();
      const results = await Promise.all(Array.from({ length: 80 }, () => reserveCall(deps, organization)));
      const granted = results.filter((r) => r !== null);
      assert.equal(granted.length, 50);
      await Promise.all(granted.map((r) => commitCall(deps, r!)));
      assert.equal(await billable(deps, organization), 50);
    });

    it('paid tiers have no cap: starter 250 calls → 50 overage × 50 ct = 2500 ct', async () => {
      const { deps, organization } = await setup('starter');
      for (let i = 0; i < 250; i++) await successfulCall(deps, organization);
      assert.deepEqual((await getUsage(deps, organization)).usage, {
        billable_calls: 250,
        included_calls: 200,
        overage_calls: 50,
        overage_cents_per_call: 50,
        overage_cost_cents: 2500,
      });
    });

    it('enterprise overrides show in the usage record', async () => {
      const { deps, organization } = await setup('enterprise', { includedCalls: 2, overageCents: 7, rateLimit: 1000 });
      for (let i = 0; i < 5; i++) await successfulCall(deps, organization);
      const u = await getUsage(deps, organization);
      assert.equal(u.organization.tier, 'enterprise');
      assert.deepEqual(u.usage, {
        billable_calls: 5,
        included_calls: 2,
        overage_calls: 3,
        overage_cents_per_call: 7,
        overage_cost_cents: 21,
      });
    });

    it('counters are per organization', async () => {
      const a = await setup('pro');
      const b = await setup('pro');
      await successfulCall(a.deps, a.organization);
      await successfulCall(a.deps, a.organization);
      assert.equal(await billable(a.deps, a.organization), 2);
      assert.equal(await billable(b.deps, b.organization), 0);
    });

    it('paid tier: calls of period 1 are not counted in period 2', async () => {
      // The tier change anchors the periods at 2026-03-10T12:00Z.
      const clock = manualClock('2026-03-10T12:00:00.000Z');
      const deps = { store: ctx.store, clock };
      const { organization: trial } = await newOrg(ctx.store, clock);
      const changed = await changePlan(deps, trial.id, { tier: 'pro' });
      assert.ok(changed.ok);
      const org = changed.value;
      for (let i = 0; i < 3; i++) await successfulCall(deps, org);
      let u = await getUsage(deps, org);
      assert.equal(u.usage.billable_calls, 3);
      assert.deepEqual(u.period, { start: '2026-03-10T12:00:00.000Z', end: '2026-04-10T12:00:00.000Z' });

      clock.set('2026-04-10T11:59:59.999Z'); // last instant of period 1
      await successfulCall(deps, org);
      assert.equal(await billable(deps, org), 4);

      clock.set('2026-04-10T12:00:00.000Z'); // first instant of period 2
      u = await getUsage(deps, org);
      assert.equal(u.usage.billable_calls, 0);
      assert.deepEqual(u.period, { start: '2026-04-10T12:00:00.000Z', end: '2026-05-10T12:00:00.000Z' });
      await successfulCall(deps, org);
      assert.equal(await billable(deps, org), 1);

      clock.set('2026-04-01T00:00:00.000Z'); // looking back at period 1: its count is kept
      assert.equal(await billable(deps, org), 4);
    });

    it('a call reserved before the period boundary and committed after it is counted exactly once', async () => {
      const clock = manualClock('2026-03-10T12:00:00.000Z');
      const deps = { store: ctx.store, clock };
      const { organization: trial } = await newOrg(ctx.store, clock);
      const changed = await changePlan(deps, trial.id, { tier: 'starter' });
      assert.ok(changed.ok);
      const org = changed.value;
      clock.set('2026-04-10T11:59:59.000Z');
      const r = await reserveCall(deps, org);
      assert.ok(r);
      clock.set('2026-04-10T12:00:01.000Z');
      await commitCall(deps, r);
      const inPeriod2 = await billable(deps, org);
      clock.set('2026-04-01T00:00:00.000Z');
      const inPeriod1 = await billable(deps, org);
      assert.equal(inPeriod1 + inPeriod2, 1);
    });

    it('trial: counts every call of the whole trial while period.start/end roll monthly', async () => {
      const { clock, deps, organization } = await setup();
      for (let i = 0; i < 3; i++) await successfulCall(deps, organization);

      clock.set('2026-02-28T10:00:00.000Z'); // period 2 (Jan 31 anchor → Feb 28, clamped)
      let u = await getUsage(deps, organization);
      assert.equal(u.usage.billable_calls, 3);
      assert.deepEqual(u.period, { start: '2026-02-28T10:00:00.000Z', end: '2026-03-31T10:00:00.000Z' });
      await successfulCall(deps, organization);

      clock.advance(100 * DAY); // 2026-06-08: period from May 31 to Jun 30
      u = await getUsage(deps, organization);
      assert.equal(u.usage.billable_calls, 4);
      assert.deepEqual(u.period, { start: '2026-05-31T10:00:00.000Z', end: '2026-06-30T10:00:00.000Z' });
    });

    it('trial: the cap holds across periods', async () => {
      const { clock, deps, organization } = await setup();
      for (let i = 0; i < 50; i++) await successfulCall(deps, organization);
      clock.advance(65 * DAY);
      assert.equal(await reserveCall(deps, organization), null);
      assert.equal(await billable(deps, organization), 50);
    });

    it('upgrading from trial starts a fresh paid counter; trial calls are not billed', async () => {
      const { clock, deps, organization } = await setup();
      for (let i = 0; i < 50; i++) await successfulCall(deps, organization);
      clock.advance(3 * DAY);
      const changed = await changePlan(deps, organization.id, { tier: 'starter' });
      assert.ok(changed.ok);
      const u = await getUsage(deps, changed.value);
      assert.equal(u.usage.billable_calls, 0);
      assert.equal(u.usage.included_calls, 200);
      assert.equal(u.period.start, clock.now().toISOString());
      assert.ok(await reserveCall(deps, changed.value), 'paid tier is not capped');
    });
  });
}
