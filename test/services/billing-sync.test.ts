/** src/services/sync-subscription.ts and src/services/test-mode-billing.ts, with the real signed links. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createTestModeBilling } from '../../src/adapters/billing/test-mode.js';
import { signToken } from '../../src/domain/signed-token.js';
import type { Organization } from '../../src/ports/store.js';
import { changePlan } from '../../src/services/change-plan.js';
import { syncSubscription } from '../../src/services/sync-subscription.js';
import {
  cancelSubscription,
  completeCheckout,
  testModeCustomerId,
  testModeSubscriptionId,
  viewCheckout,
  viewPortal,
} from '../../src/services/test-mode-billing.js';
import { backends } from '../support/databases.js';
import { manualClock, newOrg, useStore } from './helpers.js';

const SECRET = 'service-test-secret';
const HOUR = 3600_000;

const tokenOf = (url: string) => {
  const u = new URL(url);
  const token = u.searchParams.get('token');
  assert.ok(token, `no token in ${url}`);
  return token;
};

for (const kind of backends()) {
  describe(`billing sync on ${kind}`, () => {
    const ctx = useStore(kind);

    async function setup() {
      const clock = manualClock('2026-03-01T09:00:00.000Z');
      const deps = { store: ctx.store, clock, secret: SECRET };
      const billing = createTestModeBilling({ publicBaseUrl: 'http://127.0.0.1:9', secret: SECRET, clock });
      const { organization } = await newOrg(ctx.store, clock);
      const checkoutLink = async (org: Organization, tier: 'starter' | 'pro' | 'business') =>
        tokenOf((await billing.createCheckoutSession({ organization: org, tier })).url);
      const portalLink = async (org: Organization) => tokenOf((await billing.createPortalSession({ organization: org })).url);
      return { clock, deps, billing, organization, checkoutLink, portalLink };
    }

    it('links point at the service’s own hosted pages', async () => {
      const { billing, organization } = await setup();
      const { url } = await billing.createCheckoutSession({ organization, tier: 'pro' });
      assert.match(url, /^http:\/\/127\.0\.0\.1:9\/billing\/test-mode\/checkout\?token=/);
      const portal = await billing.createPortalSession({ organization });
      assert.match(portal.url, /^http:\/\/127\.0\.0\.1:9\/billing\/test-mode\/portal\?token=/);
    });

    it('viewCheckout shows the tier’s public numbers', async () => {
      const { deps, organization, checkoutLink } = await setup();
      const v = await viewCheckout(deps, await checkoutLink(organization, 'pro'));
      assert.ok(v.ok);
      assert.equal(v.value.tier, 'pro');
      assert.equal(v.value.organization.id, organization.id);
      assert.equal(v.value.includedCalls, 1000);
      assert.equal(v.value.overageCentsPerCall, 35);
    });

    it('completing checkout moves the organization to the tier and sets customer and subscription ids', async () => {
      const { clock, deps, organization, checkoutLink } = await setup();
      const token = await checkoutLink(organization, 'starter');
      clock.advance(HOUR); // the customer pays an hour later
      const r = await completeCheckout(deps, token);
      assert.ok(r.ok);
      const stored = await ctx.store.getOrganization(organization.id);
      assert.equal(stored?.tier, 'starter');
      assert.equal(stored?.billingCustomerId, testModeCustomerId(organization.id));
      assert.equal(stored?.billingSubscriptionId, testModeSubscriptionId(organization.id));
      assert.equal(stored?.periodAnchor.toISOString(), '2026-03-01T10:00:00.000Z', 'the paid periods start at completion');
      assert.equal(await ctx.store.findOrganizationByBillingCustomer(testModeCustomerId(organization.id)).then((o) => o?.id), organization.id);
    });

    it('completing the same checkout twice converges on the state of the first', async () => {
      const { clock, deps, organization, checkoutLink } = await setup();
      const token = await checkoutLink(organization, 'business');
      const first = await completeCheckout(deps, token);
      assert.ok(first.ok);
      clock.advance(2 * HOUR);
      const second = await completeCheckout(deps, token);
      assert.ok(second.ok, 'a second completion (double click, reload) is not an error');
      assert.deepEqual(second.value, first.value);
      const stored = await ctx.store.getOrganization(organization.id);
      assert.deepEqual(stored, first.value);
      assert.equal(stored?.periodAnchor.toISOString(), '2026-03-01T09:00:00.000Z', 'the anchor did not move');
    });

    it('a second checkout for another tier after completion is refused', async () => {
      const { deps, organization, checkoutLink } = await setup();
      const pro = await checkoutLink(organization, 'pro');
      const business = await checkoutLink(organization, 'business');
      assert.ok((await completeCheckout(deps, pro)).ok);
      const r = await completeCheckout(deps, business);
      assert.equal(r.ok, false);
      assert.equal((await ctx.store.getOrganization(organization.id))?.tier, 'pro');
    });

    it('an expired checkout link is refused and changes nothing', async () => {
      const { clock, deps, organization, checkoutLink } = await setup();
      const token = await checkoutLink(organization, 'pro');
      clock.advance(24 * HOUR + 1);
      const r = await completeCheckout(deps, token);
      assert.equal(r.ok, false);
      if (!r.ok) assert.equal(r.error.code, 'invalid_request');
      assert.equal((await ctx.store.getOrganization(organization.id))?.tier, 'trial');
    });

    it('a tampered checkout link is refused (tier changed in the payload)', async () => {
      const { deps, organization, checkoutLink } = await setup();
      const token = await checkoutLink(organization, 'starter');
      const [body, sig] = token.split('.') as [string, string];
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
      assert.equal(payload.t, 'starter');
      const forged = Buffer.from(JSON.stringify({ ...payload, t: 'business' })).toString('base64url');
      const r = await completeCheckout(deps, `${forged}.${sig}`);
      assert.equal(r.ok, false);
      assert.equal((await ctx.store.getOrganization(organization.id))?.tier, 'trial');
    });

    it('a link signed with another secret is refused', async () => {
      const { clock, deps, organization } = await setup();
      const other = createTestModeBilling({ publicBaseUrl: 'http://x', secret: 'another-secret', clock });
      const token = tokenOf((await other.createCheckoutSession({ organization, tier: 'pro' })).url);
      assert.equal((await completeCheckout(deps, token)).ok, false);
    });

    it('a validly signed token of the wrong kind or for a non-checkout tier is refused', async () => {
      const { clock, deps, organization, portalLink } = await setup();
      assert.equal((await completeCheckout(deps, await portalLink(organization))).ok, false, 'portal token used for checkout');
      const enterprise = signToken({ k: 'checkout', o: organization.id, t: 'enterprise', exp: clock.now().getTime() + HOUR }, SECRET);
      assert.equal((await completeCheckout(deps, enterprise)).ok, false, 'enterprise is not sold by checkout');
      assert.equal((await completeCheckout(deps, 'garbage')).ok, false);
      assert.equal((await ctx.store.getOrganization(organization.id))?.tier, 'trial');
    });

    it('cancel through the portal returns the organization to trial', async () => {
      const { clock, deps, organization, checkoutLink, portalLink } = await setup();
      const done = await completeCheckout(deps, await checkoutLink(organization, 'pro'));
      assert.ok(done.ok);
      clock.advance(10 * 24 * HOUR);
      const portal = await portalLink(done.value);
      const view = await viewPortal(deps, portal);
      assert.ok(view.ok);
      assert.equal(view.value.tier, 'pro');
      const r = await cancelSubscription(deps, portal);
      assert.ok(r.ok);
      assert.equal(r.value.tier, 'trial');
      assert.equal(r.value.billingSubscriptionId, null);
      assert.equal(r.value.billingCustomerId, testModeCustomerId(organization.id), 'the customer stays known');
      assert.equal(r.value.periodAnchor.toISOString(), organization.createdAt.toISOString(), 'trial periods run from sign-up');
      const again = await cancelSubscription(deps, portal);
      assert.ok(again.ok, 'cancelling twice converges');
      assert.equal(again.value.tier, 'trial');
    });

    it('after cancelling, a new checkout can be completed', async () => {
      const { deps, organization, checkoutLink, portalLink } = await setup();
      assert.ok((await completeCheckout(deps, await checkoutLink(organization, 'pro'))).ok);
      assert.ok((await cancelSubscription(deps, await portalLink(organization))).ok);
      // The new link is made from the organization as it is now, as the checkout route does.
      const current = await ctx.store.getOrganization(organization.id);
      assert.ok(current);
      const back = await completeCheckout(deps, await checkoutLink(current, 'starter'));
      assert.ok(back.ok);
      assert.equal(back.value.tier, 'starter');
    });

    it('an expired portal link is refused', async () => {
      const { clock, deps, organization, portalLink } = await setup();
      const token = await portalLink(organization);
      clock.advance(25 * HOUR);
      assert.equal((await viewPortal(deps, token)).ok, false);
      assert.equal((await cancelSubscription(deps, token)).ok, false);
    });

    describe('syncSubscription (the webhook path)', () => {
      it('finds the organization by customer id and applies the snapshot idempotently', async () => {
        const { clock, organization } = await setup();
        const deps = { store: ctx.store, clock };
        const anchor = new Date('2026-02-20T00:00:00.000Z');
        const first = await syncSubscription(deps, {
          organizationId: organization.id,
          customerId: 'cus_ABC',
          subscriptionId: 'sub_1',
          tier: 'pro',
          periodAnchor: anchor,
        });
        assert.ok(first.ok);
        const snapshot = { customerId: 'cus_ABC', subscriptionId: 'sub_1', tier: 'pro' as const, periodAnchor: anchor };
        clock.advance(HOUR);
        const second = await syncSubscription(deps, snapshot);
        const third = await syncSubscription(deps, snapshot);
        assert.ok(second.ok && third.ok);
        assert.deepEqual(third.value, first.value);
        assert.equal(third.value.periodAnchor.toISOString(), anchor.toISOString(), 'the provider’s anchor is used');
      });

      it('an upgrade snapshot (pro → business) moves tier and anchor', async () => {
        const { clock, organization } = await setup();
        const deps = { store: ctx.store, clock };
        await syncSubscription(deps, { organizationId: organization.id, customerId: 'cus_X', subscriptionId: 'sub_X', tier: 'pro', periodAnchor: new Date('2026-03-01T00:00:00.000Z') });
        const r = await syncSubscription(deps, { customerId: 'cus_X', subscriptionId: 'sub_X', tier: 'business', periodAnchor: new Date('2026-03-15T00:00:00.000Z') });
        assert.ok(r.ok);
        assert.equal(r.value.tier, 'business');
        assert.equal(r.value.periodAnchor.toISOString(), '2026-03-15T00:00:00.000Z');
      });

      it('a snapshot without an active subscription returns to trial', async () => {
        const { clock, organization } = await setup();
        const deps = { store: ctx.store, clock };
        await syncSubscription(deps, { organizationId: organization.id, customerId: 'cus_Y', subscriptionId: 'sub_Y', tier: 'starter', periodAnchor: null });
        const r = await syncSubscription(deps, { customerId: 'cus_Y', subscriptionId: null, tier: null, periodAnchor: null });
        assert.ok(r.ok);
        assert.equal(r.value.tier, 'trial');
        assert.equal(r.value.billingSubscriptionId, null);
        assert.equal(r.value.periodAnchor.toISOString(), organization.createdAt.toISOString());
      });

      it('an unknown customer is not_found and changes nothing', async () => {
        const { clock } = await setup();
        const r = await syncSubscription({ store: ctx.store, clock }, { customerId: 'cus_nobody', subscriptionId: 'sub_z', tier: 'pro', periodAnchor: null });
        assert.equal(r.ok, false);
        if (!r.ok) assert.equal(r.error.code, 'not_found');
      });

      it('an enterprise organization keeps its contract numbers through a sync', async () => {
        const { clock, organization } = await setup();
        const deps = { store: ctx.store, clock };
        await changePlan(deps, organization.id, { tier: 'enterprise', includedCalls: 20000, overageCents: 10, rateLimit: 1000 });
        const r = await syncSubscription(deps, { organizationId: organization.id, customerId: 'cus_E', subscriptionId: 'sub_E', tier: 'enterprise', periodAnchor: null });
        assert.ok(r.ok);
        assert.equal(r.value.includedCallsOverride, 20000);
        assert.equal(r.value.overageCentsOverride, 10);
        assert.equal(r.value.rateLimitOverride, 1000);
      });
    });
  });
}

// Bug (SPEC §5 "Checkout is only for an organization on trial"): completeCheckout only refuses a
// non-trial organization when it has a subscription id, so a checkout link made while on trial
// still works after an operator moved the organization to enterprise by hand (no subscription).
for (const kind of backends()) {
  describe(`test-mode billing after an operator tier change on ${kind}`, () => {
    const ctx = useStore(kind);
    it(
      'a checkout link made on trial cannot downgrade an organization an operator has since put on enterprise',
      async () => {
        const clock = manualClock('2026-03-01T09:00:00.000Z');
        const deps = { store: ctx.store, clock, secret: SECRET };
        const billing = createTestModeBilling({ publicBaseUrl: 'http://127.0.0.1:9', secret: SECRET, clock });
        const { organization } = await newOrg(ctx.store, clock);
        const token = tokenOf((await billing.createCheckoutSession({ organization, tier: 'starter' })).url);
        const moved = await changePlan({ store: ctx.store, clock }, organization.id, {
          tier: 'enterprise',
          includedCalls: 20000,
          overageCents: 10,
          rateLimit: 1000,
        });
        assert.ok(moved.ok);
        clock.advance(HOUR);
        const r = await completeCheckout(deps, token);
        const stored = await ctx.store.getOrganization(organization.id);
        assert.equal(stored?.tier, 'enterprise', `completion moved the organization to ${stored?.tier}`);
        assert.equal(stored?.includedCallsOverride, 20000);
        assert.equal(r.ok, false);
      },
    );


    // Same root: cancelSubscription ends whatever tier the organization is on, also one that has
    // no subscription at all (enterprise set by an operator), and clears its contract numbers.
    it(
      'cancelling in the portal of an organization without a subscription does not drop its operator-set tier',
      async () => {
        const clock = manualClock('2026-03-01T09:00:00.000Z');
        const deps = { store: ctx.store, clock, secret: SECRET };
        const billing = createTestModeBilling({ publicBaseUrl: 'http://127.0.0.1:9', secret: SECRET, clock });
        const { organization } = await newOrg(ctx.store, clock);
        const moved = await changePlan({ store: ctx.store, clock }, organization.id, { tier: 'enterprise', includedCalls: 20000 });
        assert.ok(moved.ok);
        const portal = tokenOf((await billing.createPortalSession({ organization: moved.value })).url);
        await cancelSubscription(deps, portal);
        const stored = await ctx.store.getOrganization(organization.id);
        assert.equal(stored?.tier, 'enterprise', `cancel moved the organization to ${stored?.tier}`);
        assert.equal(stored?.includedCallsOverride, 20000);
      },
    );
  });
}

// "An old checkout link re-subscribes after a cancellation": test-mode links carry the plan
// version they were issued at, and a link issued before the plan last changed is refused.
for (const kind of backends()) {
  describe(`test-mode checkout links issued before a plan change on ${kind}`, () => {
    const ctx = useStore(kind);
    it('a link issued before a cancellation cannot subscribe again; a link issued after can', async () => {
      const clock = manualClock('2026-03-01T09:00:00.000Z');
      const deps = { store: ctx.store, clock, secret: SECRET };
      const billing = createTestModeBilling({ publicBaseUrl: 'http://127.0.0.1:9', secret: SECRET, clock });
      const link = async (tier: 'starter' | 'pro') => {
        const organization = await ctx.store.getOrganization(created.organization.id);
        assert.ok(organization);
        return tokenOf((await billing.createCheckoutSession({ organization, tier })).url);
      };
      const created = await newOrg(ctx.store, clock);
      const used = await link('pro');
      const spare = await link('starter'); // opened in another tab, never completed
      assert.ok((await completeCheckout(deps, used)).ok);
      clock.advance(HOUR);
      const portal = tokenOf((await billing.createPortalSession({ organization: (await ctx.store.getOrganization(created.organization.id))! })).url);
      assert.ok((await cancelSubscription(deps, portal)).ok);

      for (const [name, token] of [['the completed link', used], ['the spare link', spare]] as const) {
        const r = await completeCheckout(deps, token);
        assert.equal(r.ok, false, name);
        if (!r.ok) assert.match(r.error.message, /issued before the plan last changed/, name);
        const view = await viewCheckout(deps, token);
        assert.equal(view.ok, false, `${name}: the page refuses it too`);
      }
      assert.equal((await ctx.store.getOrganization(created.organization.id))?.tier, 'trial');

      const fresh = await completeCheckout(deps, await link('starter'));
      assert.ok(fresh.ok);
      assert.equal(fresh.value.tier, 'starter');
    });
  });
}
