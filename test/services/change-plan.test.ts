import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { changePlan } from '../../src/services/change-plan.js';
import { backends } from '../support/databases.js';
import { fixedClock, newOrg, useStore } from './helpers.js';

const CREATED = '2026-01-31T10:00:00.000Z';

for (const kind of backends()) {
  describe(`changePlan on ${kind}`, () => {
    const ctx = useStore(kind);
    const created = fixedClock(CREATED);

    it('enterprise keeps the contract numbers', async () => {
      const { organization } = await newOrg(ctx.store, created);
      const r = await changePlan({ store: ctx.store, clock: fixedClock('2026-03-01T00:00:00.000Z') }, organization.id, {
        tier: 'enterprise',
        includedCalls: 20000,
        overageCents: 10,
        rateLimit: 1000,
      });
      assert.ok(r.ok);
      assert.equal(r.value.tier, 'enterprise');
      assert.equal(r.value.includedCallsOverride, 20000);
      assert.equal(r.value.overageCentsOverride, 10);
      assert.equal(r.value.rateLimitOverride, 1000);
      const stored = await ctx.store.getOrganization(organization.id);
      assert.equal(stored?.includedCallsOverride, 20000);
      assert.equal(stored?.overageCentsOverride, 10);
      assert.equal(stored?.rateLimitOverride, 1000);
    });

    it('enterprise: a later change of one number keeps the others', async () => {
      const { organization } = await newOrg(ctx.store, created);
      const deps = { store: ctx.store, clock: fixedClock('2026-03-01T00:00:00.000Z') };
      await changePlan(deps, organization.id, { tier: 'enterprise', includedCalls: 20000, overageCents: 10, rateLimit: 1000 });
      const r = await changePlan(deps, organization.id, { tier: 'enterprise', rateLimit: 50 });
      assert.ok(r.ok);
      assert.equal(r.value.includedCallsOverride, 20000);
      assert.equal(r.value.overageCentsOverride, 10);
      assert.equal(r.value.rateLimitOverride, 50);
    });

    for (const tier of ['trial', 'starter', 'pro', 'business'] as const) {
      it(`allowance and price overrides are refused on the public tier ${tier} and nothing changes`, async () => {
        const { organization } = await newOrg(ctx.store, created);
        for (const input of [{ includedCalls: 10 }, { overageCents: 1 }, { includedCalls: 10, overageCents: 1, rateLimit: 5 }]) {
          const r = await changePlan({ store: ctx.store, clock: created }, organization.id, { tier, ...input });
          assert.equal(r.ok, false, JSON.stringify(input));
          if (!r.ok) assert.equal(r.error.code, 'invalid_request');
        }
        const stored = await ctx.store.getOrganization(organization.id);
        assert.equal(stored?.tier, 'trial');
        assert.equal(stored?.includedCallsOverride, null);
        assert.equal(stored?.overageCentsOverride, null);
        assert.equal(stored?.rateLimitOverride, null);
      });

      // acb72e5: an operator may set a custom rate limit on any tier.
      it(`a rate-limit override is accepted on ${tier}`, async () => {
        const { organization } = await newOrg(ctx.store, created);
        const r = await changePlan({ store: ctx.store, clock: created }, organization.id, { tier, rateLimit: 500 });
        assert.ok(r.ok);
        assert.equal(r.value.tier, tier);
        assert.equal(r.value.rateLimitOverride, 500);
        assert.equal(r.value.includedCallsOverride, null);
      });
    }

    it('a rate-limit override survives a tier change until cleared with null', async () => {
      const { organization } = await newOrg(ctx.store, created);
      const deps = { store: ctx.store, clock: created };
      await changePlan(deps, organization.id, { tier: 'trial', rateLimit: 500 });
      const moved = await changePlan(deps, organization.id, { tier: 'pro' });
      assert.ok(moved.ok);
      assert.equal(moved.value.rateLimitOverride, 500);
      const cleared = await changePlan(deps, organization.id, { tier: 'pro', rateLimit: null });
      assert.ok(cleared.ok);
      assert.equal(cleared.value.rateLimitOverride, null);
    });

    it('leaving enterprise for a public tier clears the allowance and price overrides', async () => {
      const { organization } = await newOrg(ctx.store, created);
      const deps = { store: ctx.store, clock: fixedClock('2026-03-01T00:00:00.000Z') };
      await changePlan(deps, organization.id, { tier: 'enterprise', includedCalls: 20000, overageCents: 10, rateLimit: 1000 });
      const r = await changePlan(deps, organization.id, { tier: 'pro' });
      assert.ok(r.ok);
      assert.equal(r.value.tier, 'pro');
      assert.equal(r.value.includedCallsOverride, null);
      assert.equal(r.value.overageCentsOverride, null);
    });

    it('negative, fractional and zero rate limit are refused', async () => {
      const { organization } = await newOrg(ctx.store, created);
      const deps = { store: ctx.store, clock: created };
      for (const input of [{ includedCalls: -1 }, { overageCents: 1.5 }, { rateLimit: 0 }]) {
        const r = await changePlan(deps, organization.id, { tier: 'enterprise', ...input });
        assert.equal(r.ok, false, JSON.stringify(input));
      }
      const zeroIncluded = await changePlan(deps, organization.id, { tier: 'enterprise', includedCalls: 0 });
      assert.ok(zeroIncluded.ok, 'an allowance of 0 is a valid contract');
    });

    it('a tier change moves the period anchor to now', async () => {
      const { organization } = await newOrg(ctx.store, created);
      assert.equal(organization.periodAnchor.toISOString(), CREATED);
      const now = '2026-04-12T08:30:00.000Z';
      const r = await changePlan({ store: ctx.store, clock: fixedClock(now) }, organization.id, { tier: 'starter' });
      assert.ok(r.ok);
      assert.equal(r.value.periodAnchor.toISOString(), now);
      assert.equal((await ctx.store.getOrganization(organization.id))?.periodAnchor.toISOString(), now);
      assert.equal(r.value.createdAt.toISOString(), CREATED, 'createdAt never changes');
    });

    it('staying on the same tier keeps the anchor', async () => {
      const { organization } = await newOrg(ctx.store, created);
      await changePlan({ store: ctx.store, clock: fixedClock('2026-04-12T08:30:00.000Z') }, organization.id, { tier: 'enterprise' });
      const r = await changePlan({ store: ctx.store, clock: fixedClock('2026-06-01T00:00:00.000Z') }, organization.id, {
        tier: 'enterprise',
        includedCalls: 5,
      });
      assert.ok(r.ok);
      assert.equal(r.value.periodAnchor.toISOString(), '2026-04-12T08:30:00.000Z');
    });

    it('an explicit anchor (from the provider) wins over now', async () => {
      const { organization } = await newOrg(ctx.store, created);
      const r = await changePlan({ store: ctx.store, clock: fixedClock('2026-04-12T08:30:00.000Z') }, organization.id, {
        tier: 'pro',
        periodAnchor: new Date('2026-04-01T00:00:00.000Z'),
      });
      assert.ok(r.ok);
      assert.equal(r.value.periodAnchor.toISOString(), '2026-04-01T00:00:00.000Z');
    });

    it('back to trial re-anchors to createdAt', async () => {
      const { organization } = await newOrg(ctx.store, created);
      await changePlan({ store: ctx.store, clock: fixedClock('2026-04-12T08:30:00.000Z') }, organization.id, { tier: 'business' });
      const r = await changePlan({ store: ctx.store, clock: fixedClock('2026-07-20T00:00:00.000Z') }, organization.id, { tier: 'trial' });
      assert.ok(r.ok);
      assert.equal(r.value.tier, 'trial');
      assert.equal(r.value.periodAnchor.toISOString(), CREATED);
    });

    it('billing ids are set when given and kept when omitted', async () => {
      const { organization } = await newOrg(ctx.store, created);
      const deps = { store: ctx.store, clock: created };
      await changePlan(deps, organization.id, { tier: 'pro', billingCustomerId: 'cus_1', billingSubscriptionId: 'sub_1' });
      const r = await changePlan(deps, organization.id, { tier: 'business' });
      assert.ok(r.ok);
      assert.equal(r.value.billingCustomerId, 'cus_1');
      assert.equal(r.value.billingSubscriptionId, 'sub_1');
    });

    it('an unknown organization is not_found', async () => {
      const r = await changePlan({ store: ctx.store, clock: created }, 'org_doesnotexist0000000', { tier: 'pro' });
      assert.equal(r.ok, false);
      if (!r.ok) assert.equal(r.error.code, 'not_found');
    });
  });
}
