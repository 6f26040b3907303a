/**
 * Stripe as payment provider (SPEC §5), against a local fake of Stripe's API: the exact
 * parameters of customer, checkout and portal requests, and webhooks signed with the SDK's own
 * test helper — applied once, replays ignored, bad signatures refused, out-of-order events
 * converging on Stripe's current state, and the states of docs/billing.md.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Stripe from 'stripe';
import { syncSubscription } from '../../src/services/sync-subscription.js';
import { changePlan } from '../../src/services/change-plan.js';
import { csrfOf, signedInCookie, TEST_SESSION_SECRET } from '../support/account-session.js';
import { backends } from '../support/databases.js';
import { textPdf, payslipLines } from '../support/documents.js';
import { answeringPipelines } from '../support/pipelines.js';
import { analyze, closeSharedReader, createOrg, errorOf, getJson, startServer, type TestServer } from '../support/server.js';
import { FakeStripeApi, STRIPE_TEST_SETTINGS, stripeEvent, type FakeSubscription } from '../support/stripe-api-server.js';

after(closeSharedReader);

const ACCOUNT = 'http://localhost:8080/api-account/billing';
const DAY = 24 * 3600 * 1000;

async function post(server: TestServer, path: string, apiKey: string, body?: unknown): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** Posts an event the way Stripe does: the JSON bytes and a Stripe-Signature over them. */
async function deliver(
  server: TestServer,
  event: Record<string, unknown>,
  opts: { secret?: string; header?: string | null; body?: string } = {},
): Promise<Response> {
  const payload = JSON.stringify(event);
  const header =
    opts.header === undefined
      ? Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? STRIPE_TEST_SETTINGS.webhookSecret })
      : opts.header;
  return fetch(`${server.url}/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', ...(header === null ? {} : { 'stripe-signature': header }) },
    body: opts.body ?? payload,
  });
}

/** Posts raw bytes with a correct Stripe-Signature over them: signed, whatever they are. */
async function deliverSigned(server: TestServer, body: string): Promise<Response> {
  const header = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: STRIPE_TEST_SETTINGS.webhookSecret });
  return fetch(`${server.url}/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
    body,
  });
}

const seconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

function sub(customer: string, overrides: Partial<FakeSubscription> = {}): FakeSubscription {
  return {
    id: 'sub_1',
    customer,
    status: 'active',
    price: STRIPE_TEST_SETTINGS.prices.pro,
    overagePrice: STRIPE_TEST_SETTINGS.overagePrices.pro,
    created: seconds('2026-03-15T10:00:00Z'),
    billingCycleAnchor: seconds('2026-03-15T10:00:00Z'),
    ...overrides,
  };
}

const subscriptionEvent = (type: string, customer: string, payloadStatus = 'active') =>
  stripeEvent(type, { id: 'sub_1', object: 'subscription', customer, status: payloadStatus, items: { data: [] } });

for (const backend of backends()) {
  describe(`billing with Stripe (${backend})`, () => {
    let stripe: FakeStripeApi;
    let server: TestServer;

    before(async () => {
      stripe = await FakeStripeApi.start();
      server = await startServer({
        backend,
        stripeApiBase: stripe.url,
        pipelines: answeringPipelines(),
        config: { sessionSecret: TEST_SESSION_SECRET },
      });
    });
    after(async () => {
      await server.close();
      await stripe.close();
    });

    /** A trial organization that has a Stripe customer (as after its first checkout). */
    async function orgWithCustomer() {
      const org = await createOrg(server);
      const customerId = `cus_${org.organizationId.slice(4, 14)}`;
      await server.store.setBillingCustomerIfAbsent(org.organizationId, customerId);
      return { ...org, customerId };
    }

    const tierOf = async (organizationId: string) => (await server.store.getOrganization(organizationId))?.tier;

    test('checkout: one customer per organization, a subscription-mode session with tax, VAT ID, both prices and return URLs', async () => {
      const org = await createOrg(server, { name: 'Kanzlei Beispiel' });
      const before = stripe.requests.length;
      const res = await post(server, '/api/v1/billing/checkout', org.apiKey, { tier: 'pro' });
      assert.equal(res.status, 200);
      const { url } = (await res.json()) as { url: string };
      assert.match(url, /^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_fake\d+$/);

      const sent = stripe.requests.slice(before);
      assert.deepEqual(sent.map((r) => `${r.method} ${r.path}`), ['POST /v1/customers', 'POST /v1/checkout/sessions']);
      assert.deepEqual(sent[0]!.form, {
        name: 'Kanzlei Beispiel',
        email: 'ops@testfirma.example',
        'metadata[organization_id]': org.organizationId,
      });
      const stored = await server.store.getOrganization(org.organizationId);
      const customerId = stored?.billingCustomerId;
      assert.match(customerId ?? '', /^cus_fake\d+$/, 'the customer id is kept on the organization');
      assert.equal(stored?.tier, 'trial', 'nothing changes before Stripe reports the subscription');
      assert.deepEqual(sent[1]!.form, {
        mode: 'subscription',
        customer: customerId,
        client_reference_id: org.organizationId,
        'metadata[organization_id]': org.organizationId,
        'metadata[tier]': 'pro',
        'subscription_data[metadata][organization_id]': org.organizationId,
        'subscription_data[metadata][tier]': 'pro',
        'line_items[0][price]': 'price_pro',
        'line_items[0][quantity]': '1',
        'line_items[1][price]': 'price_overage_pro',
        'automatic_tax[enabled]': 'true',
        'tax_id_collection[enabled]': 'true',
        'customer_update[name]': 'auto',
        'customer_update[address]': 'auto',
        success_url: `${ACCOUNT}?checkout=success`,
        cancel_url: `${ACCOUNT}?checkout=cancelled`,
      });

      // An abandoned checkout and a second try: the same customer, no second one.
      const again = await post(server, '/api/v1/billing/checkout', org.apiKey, { tier: 'starter' });
      assert.equal(again.status, 200);
      const second = stripe.requests.slice(before + 2);
      assert.deepEqual(second.map((r) => `${r.method} ${r.path}`), ['POST /v1/checkout/sessions']);
      assert.equal(second[0]!.form.customer, customerId);
      assert.equal(second[0]!.form['line_items[0][price]'], 'price_starter');
      assert.equal(second[0]!.form['line_items[1][price]'], 'price_overage_starter');

      // The portal: Stripe's session for the customer, returning to the account area.
      const portal = await post(server, '/api/v1/billing/portal', org.apiKey);
      assert.equal(portal.status, 200);
      assert.match(((await portal.json()) as { url: string }).url, /^https:\/\/billing\.stripe\.test\/p\/session\//);
      const portalRequest = stripe.requests.at(-1)!;
      assert.equal(`${portalRequest.method} ${portalRequest.path}`, 'POST /v1/billing_portal/sessions');
      assert.deepEqual(portalRequest.form, { customer: customerId, return_url: ACCOUNT });
    });

    test('checkout and portal errors: paid tier, no customer, an operator plan, Stripe failing', async () => {
      const org = await createOrg(server);
      const before = stripe.requests.length;
      const portal = await post(server, '/api/v1/billing/portal', org.apiKey);
      assert.equal(portal.status, 400, 'a trial without a customer has nothing to manage');
      assert.equal((await errorOf(portal)).code, 'invalid_request');

      const enterprise = await createOrg(server, { tier: 'enterprise', included: 20000 });
      const noAccount = await post(server, '/api/v1/billing/portal', enterprise.apiKey);
      assert.equal(noAccount.status, 400, 'an operator plan without a Stripe customer');
      assert.match((await errorOf(noAccount)).message, /billing account/);
      const paid = await post(server, '/api/v1/billing/checkout', enterprise.apiKey, { tier: 'pro' });
      assert.equal(paid.status, 400);
      assert.equal((await errorOf(paid)).param, 'tier');
      assert.equal(stripe.requests.length, before, 'Stripe was not asked');

      stripe.failNext('POST /v1/customers', 1);
      const failing = await post(server, '/api/v1/billing/checkout', org.apiKey, { tier: 'pro' });
      assert.equal(failing.status, 503, 'the provider is down: a dependency, not a fault of ours');
      assert.equal(failing.headers.get('retry-after'), '30');
      const e = await errorOf(failing);
      assert.equal(e.code, 'service_unavailable');
      assert.doesNotMatch(e.message, /Fake Stripe/, 'the provider’s message is not passed on');
      assert.ok(server.logs.some((l) => l.includes('payment provider unreachable')), 'but it is logged');
      assert.equal((await server.store.getOrganization(org.organizationId))?.billingCustomerId, null);
    });

    test('the account pages say when Stripe is down: 503 with Retry-After, nothing changed', async () => {
      const org = await createOrg(server);
      const cookie = await signedInCookie(server, org.organizationId);
      const page = await fetch(`${server.url}/api-account/billing`, { headers: { cookie, 'accept-language': 'en' } });
      const csrf = csrfOf(await page.text());
      const form = (body: Record<string, string>) => ({
        method: 'POST',
        redirect: 'manual' as const,
        headers: { cookie, 'accept-language': 'en', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ _csrf: csrf, ...body }).toString(),
      });

      stripe.failNext('POST /v1/customers', 1);
      const checkout = await fetch(`${server.url}/api-account/billing/checkout`, form({ tier: 'starter' }));
      assert.equal(checkout.status, 503);
      assert.equal(checkout.headers.get('retry-after'), '30');
      assert.match(await checkout.text(), /payment provider cannot be reached/);
      assert.equal((await server.store.getOrganization(org.organizationId))?.billingCustomerId, null, 'nothing changed');

      const working = await fetch(`${server.url}/api-account/billing/checkout`, form({ tier: 'starter' }));
      assert.equal(working.status, 303, 'the next try goes through');
      assert.match(working.headers.get('location') ?? '', /^https?:\/\//);
    });

    test('webhook: a valid checkout.session.completed applies once; its replay changes nothing and fetches nothing', async () => {
      const org = await orgWithCustomer();
      stripe.setSubscriptions(org.customerId, [sub(org.customerId, { billingCycleAnchor: seconds('2026-03-15T09:00:00Z') })]);
      const event = stripeEvent('checkout.session.completed', {
        id: 'cs_1',
        object: 'checkout.session',
        customer: org.customerId,
        client_reference_id: org.organizationId,
        metadata: { organization_id: org.organizationId, tier: 'pro' },
        // Payload state is never read: the subscription is fetched.
        subscription: 'sub_1',
      });
      const before = stripe.requestsTo('GET /v1/subscriptions').length;
      const res = await deliver(server, event);
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { received: true });
      const fetches = stripe.requestsTo('GET /v1/subscriptions').slice(before);
      assert.equal(fetches.length, 1);
      assert.deepEqual(fetches[0]!.query, { customer: org.customerId, status: 'all', limit: '20' });

      const applied = await server.store.getOrganization(org.organizationId);
      assert.equal(applied?.tier, 'pro');
      assert.equal(applied?.billingSubscriptionId, 'sub_1');
      assert.equal(applied?.periodAnchor.toISOString(), '2026-03-15T09:00:00.000Z', 'Stripe’s billing cycle anchors the periods');

      // Stripe changed since, but the replayed event is not applied again.
      stripe.setSubscriptions(org.customerId, [sub(org.customerId, { status: 'canceled' })]);
      const replay = await deliver(server, event);
      assert.equal(replay.status, 200);
      assert.equal(stripe.requestsTo('GET /v1/subscriptions').length, before + 1, 'no second fetch');
      assert.deepEqual(await server.store.getOrganization(org.organizationId), applied);
    });

    test('webhook: bad, foreign, tampered or missing signatures are 400 invalid_request and change nothing', async () => {
      const org = await orgWithCustomer();
      stripe.setSubscriptions(org.customerId, [sub(org.customerId)]);
      const event = subscriptionEvent('customer.subscription.updated', org.customerId);
      const before = stripe.requests.length;
      const payload = JSON.stringify(event);
      const cases: { name: string; opts: Parameters<typeof deliver>[2]; message: RegExp }[] = [
        { name: 'other secret', opts: { secret: 'whsec_someone_else' }, message: /signature does not match/ },
        { name: 'garbage header', opts: { header: 't=1,v1=deadbeef' }, message: /signature does not match/ },
        {
          name: 'tampered body',
          opts: {
            header: Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_TEST_SETTINGS.webhookSecret }),
            body: payload.replace('"active"', '"canceled"'),
          },
          message: /signature does not match/,
        },
        {
          name: 'stale timestamp',
          opts: {
            header: Stripe.webhooks.generateTestHeaderString({
              payload,
              secret: STRIPE_TEST_SETTINGS.webhookSecret,
              timestamp: Math.floor(Date.now() / 1000) - 3600,
            }),
          },
          message: /signature does not match/,
        },
        { name: 'missing header', opts: { header: null }, message: /Stripe-Signature header is missing/ },
      ];
      for (const c of cases) {
        const res = await deliver(server, event, c.opts);
        assert.equal(res.status, 400, c.name);
        const e = await errorOf(res);
        assert.equal(e.code, 'invalid_request', c.name);
        assert.match(e.message, c.message, c.name);
      }
      assert.equal(stripe.requests.length, before, 'nothing was fetched');
      assert.equal(await tierOf(org.organizationId), 'trial');
      // A validly signed delivery of the same event still applies: the refusals recorded nothing.
      assert.equal((await deliver(server, event)).status, 200);
      assert.equal(await tierOf(org.organizationId), 'pro');
    });

    test('webhook: a correctly signed body that is not an event (JSON or not) is 400 invalid_request, never 500', async () => {
      const before = stripe.requests.length;
      const bodies = [
        '[]',
        'null',
        '"x"',
        '42',
        '{}',
        '{"id":"evt_1"}',
        '{"id":"evt_1","type":"invoice.paid"}',
        '{"id":"evt_1","type":"invoice.paid","data":null}',
        '{"id":"evt_1","type":"invoice.paid","data":{"object":[]}}',
        '{"id":7,"type":"invoice.paid","data":{"object":{}}}',
        'not json at all',
      ];
      for (const body of bodies) {
        const res = await deliverSigned(server, body);
        assert.equal(res.status, 400, body);
        const e = await errorOf(res);
        assert.equal(e.code, 'invalid_request', body);
        assert.match(e.message, /not a Stripe event/, body);
      }
      assert.equal(stripe.requests.length, before, 'nothing was fetched');
      // A signed event with the shape Stripe sends is still accepted.
      assert.equal((await deliverSigned(server, JSON.stringify(stripeEvent('customer.created', { id: 'cus_x', object: 'customer' })))).status, 200);
    });

    test('webhook: an older event arriving after a newer one does not undo the newer state', async () => {
      const org = await orgWithCustomer();
      const older = subscriptionEvent('customer.subscription.created', org.customerId, 'active');
      const newer = subscriptionEvent('customer.subscription.deleted', org.customerId, 'canceled');
      await syncSubscription({ store: server.store, clock: server.clock }, {
        organizationId: org.organizationId,
        customerId: org.customerId,
        subscriptionId: 'sub_1',
        tier: 'pro',
        periodAnchor: null,
      });
      // Stripe's current state: cancelled. The newer event arrives first, the older one after.
      stripe.setSubscriptions(org.customerId, [sub(org.customerId, { status: 'canceled' })]);
      assert.equal((await deliver(server, newer)).status, 200);
      assert.equal(await tierOf(org.organizationId), 'trial');
      assert.equal((await deliver(server, older)).status, 200);
      assert.equal(await tierOf(org.organizationId), 'trial', 'the late “created, active” event did not resubscribe');

      // And the other way round: a new subscription on business, then a late delete of the old one.
      stripe.setSubscriptions(org.customerId, [
        sub(org.customerId, { id: 'sub_2', price: STRIPE_TEST_SETTINGS.prices.business, created: seconds('2026-03-16T10:00:00Z') }),
        sub(org.customerId, { status: 'canceled' }),
      ]);
      assert.equal((await deliver(server, subscriptionEvent('customer.subscription.created', org.customerId))).status, 200);
      assert.equal((await deliver(server, subscriptionEvent('customer.subscription.deleted', org.customerId, 'canceled'))).status, 200);
      const current = await server.store.getOrganization(org.organizationId);
      assert.equal(current?.tier, 'business');
      assert.equal(current?.billingSubscriptionId, 'sub_2');
    });

    test('cancellation: at period end the tier stays; once canceled, back to trial with the trial’s used allowance', async () => {
      const org = await orgWithCustomer();
      await server.store.changePlan(org.organizationId, { tier: 'trial', rateLimitOverride: 1000 });
      // The trial was used up before subscribing.
      for (let i = 0; i < 50; i++) await server.store.commitCall({ organizationId: org.organizationId, counterKey: 'trial' });
      stripe.setSubscriptions(org.customerId, [sub(org.customerId, { price: STRIPE_TEST_SETTINGS.prices.starter })]);
      await deliver(server, subscriptionEvent('customer.subscription.created', org.customerId));
      assert.equal(await tierOf(org.organizationId), 'starter');

      stripe.setSubscriptions(org.customerId, [sub(org.customerId, { price: STRIPE_TEST_SETTINGS.prices.starter, cancelAtPeriodEnd: true })]);
      await deliver(server, subscriptionEvent('customer.subscription.updated', org.customerId));
      assert.equal(await tierOf(org.organizationId), 'starter', 'cancel_at_period_end keeps the tier until the period ends');

      server.clock.advance(31 * DAY);
      stripe.setSubscriptions(org.customerId, [sub(org.customerId, { price: STRIPE_TEST_SETTINGS.prices.starter, status: 'canceled' })]);
      await deliver(server, subscriptionEvent('customer.subscription.deleted', org.customerId, 'canceled'));
      const ended = await server.store.getOrganization(org.organizationId);
      assert.equal(ended?.tier, 'trial');
      assert.equal(ended?.billingSubscriptionId, null);
      assert.equal(ended?.billingCustomerId, org.customerId, 'the customer stays for a later checkout');
      const usage = (await (await getJson(server.url, '/api/v1/usage', org.apiKey)).json()) as { usage: { billable_calls: number } };
      assert.equal(usage.usage.billable_calls, 50);
      const blocked = await analyze(server.url, org.apiKey, { documentType: 'lohnabrechnung', file: await textPdf([payslipLines()]) });
      assert.equal(blocked.status, 402);
      assert.equal((await errorOf(blocked)).code, 'quota_exceeded');
    });

    test('payment failure: past_due keeps the tier, unpaid drops to trial, paid again restores it; incomplete stays on trial', async () => {
      const org = await orgWithCustomer();
      const invoice = (type: string) => stripeEvent(type, { id: 'in_1', object: 'invoice', customer: org.customerId, subscription: 'sub_1' });
      stripe.setSubscriptions(org.customerId, [sub(org.customerId, { status: 'incomplete' })]);
      await deliver(server, stripeEvent('checkout.session.completed', { object: 'checkout.session', customer: org.customerId, metadata: { organization_id: org.organizationId } }));
      assert.equal(await tierOf(org.organizationId), 'trial', 'incomplete: the first payment has not gone through');

      stripe.setSubscriptions(org.customerId, [sub(org.customerId)]);
      await deliver(server, invoice('invoice.paid'));
      assert.equal(await tierOf(org.organizationId), 'pro');

      stripe.setSubscriptions(org.customerId, [sub(org.customerId, { status: 'past_due' })]);
      await deliver(server, invoice('invoice.payment_failed'));
      assert.equal(await tierOf(org.organizationId), 'pro', 'past_due: Stripe is still retrying');

      stripe.setSubscriptions(org.customerId, [sub(org.customerId, { status: 'unpaid' })]);
      await deliver(server, invoice('invoice.payment_failed'));
      const unpaid = await server.store.getOrganization(org.organizationId);
      assert.equal(unpaid?.tier, 'trial');
      assert.equal(unpaid?.billingSubscriptionId, null);

      stripe.setSubscriptions(org.customerId, [sub(org.customerId)]);
      await deliver(server, invoice('invoice.paid'));
      assert.equal(await tierOf(org.organizationId), 'pro', 'paying the open invoice reactivates it');
    });

    test('webhook: other event types, unknown customers and an operator plan are acknowledged and left alone', async () => {
      const before = stripe.requestsTo('GET /v1/subscriptions').length;
      const other = await deliver(server, stripeEvent('customer.created', { id: 'cus_x', object: 'customer' }));
      assert.equal(other.status, 200);
      assert.equal(stripe.requestsTo('GET /v1/subscriptions').length, before, 'an unhandled type fetches nothing');

      stripe.setSubscriptions('cus_nobody', [sub('cus_nobody')]);
      const unknown = await deliver(server, subscriptionEvent('customer.subscription.updated', 'cus_nobody'));
      assert.equal(unknown.status, 200);

      const enterprise = await orgWithCustomer();
      await changePlan({ store: server.store, clock: server.clock }, enterprise.organizationId, { tier: 'enterprise', includedCalls: 20000 });
      stripe.setSubscriptions(enterprise.customerId, []);
      assert.equal((await deliver(server, subscriptionEvent('customer.subscription.deleted', enterprise.customerId, 'canceled'))).status, 200);
      const kept = await server.store.getOrganization(enterprise.organizationId);
      assert.equal(kept?.tier, 'enterprise', 'no subscription to end: the contract stays');
      assert.equal(kept?.includedCallsOverride, 20000);
    });

    test('webhook: when Stripe cannot be reached the delivery fails (500) and Stripe’s retry applies it', async () => {
      const org = await orgWithCustomer();
      stripe.setSubscriptions(org.customerId, [sub(org.customerId)]);
      const event = subscriptionEvent('customer.subscription.created', org.customerId);
      stripe.failNext('GET /v1/subscriptions', 1);
      const failed = await deliver(server, event);
      assert.equal(failed.status, 500);
      assert.equal((await errorOf(failed)).code, 'internal_error');
      assert.equal(await tierOf(org.organizationId), 'trial');
      const retried = await deliver(server, event);
      assert.equal(retried.status, 200);
      assert.equal(await tierOf(org.organizationId), 'pro');
    });

    test('webhook: a redelivery while the first delivery is still applying is not acknowledged; after the first fails a later delivery applies it', async () => {
      const org = await orgWithCustomer();
      stripe.setSubscriptions(org.customerId, [sub(org.customerId)]);
      const event = subscriptionEvent('customer.subscription.created', org.customerId);
      const held = stripe.holdNext('GET /v1/subscriptions');
      const first = deliver(server, event);
      await held.arrived;
      try {
        // Stripe gave up waiting and redelivers: answering 200 here would end its retries.
        const fetchesBefore = stripe.requestsTo('GET /v1/subscriptions').length;
        const redelivery = await deliver(server, event);
        assert.equal(redelivery.status, 503, 'not acknowledged while the event is unapplied');
        assert.equal(redelivery.headers.get('retry-after'), '30');
        assert.equal((await errorOf(redelivery)).code, 'service_unavailable');
        assert.equal(stripe.requestsTo('GET /v1/subscriptions').length, fetchesBefore, 'the redelivery fetched nothing itself');
        assert.ok(server.logs.some((l) => l.includes('stripe webhook refused') && l.includes('being applied by an earlier delivery')), 'and says why in the log');
      } finally {
        held.release('fail');
      }
      assert.equal((await first).status, 500);
      assert.equal(await tierOf(org.organizationId), 'trial');

      const later = await deliver(server, event);
      assert.equal(later.status, 200);
      assert.equal(await tierOf(org.organizationId), 'pro', 'the event was applied after all');
      const fetches = stripe.requestsTo('GET /v1/subscriptions').length;
      assert.equal((await deliver(server, event)).status, 200, 'applied now: a replay is acknowledged');
      assert.equal(stripe.requestsTo('GET /v1/subscriptions').length, fetches, 'and fetches nothing');
    });

    test('webhook: a redelivery during a first delivery that succeeds is refused, and acknowledged once the event is applied', async () => {
      const org = await orgWithCustomer();
      stripe.setSubscriptions(org.customerId, [sub(org.customerId, { price: STRIPE_TEST_SETTINGS.prices.business })]);
      const event = subscriptionEvent('customer.subscription.updated', org.customerId);
      const held = stripe.holdNext('GET /v1/subscriptions');
      const first = deliver(server, event);
      await held.arrived;
      try {
        assert.equal((await deliver(server, event)).status, 503);
      } finally {
        held.release('answer');
      }
      assert.equal((await first).status, 200);
      assert.equal(await tierOf(org.organizationId), 'business');
      assert.equal((await deliver(server, event)).status, 200);
    });

    test('the raw-body parser is the webhook’s only: JSON bodies elsewhere are still parsed and validated', async () => {
      const org = await createOrg(server);
      const bad = await fetch(`${server.url}/api/v1/billing/checkout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${org.apiKey}`, 'content-type': 'application/json' },
        body: '{"tier":',
      });
      assert.equal(bad.status, 400);
      assert.match((await errorOf(bad)).message, /not valid JSON/);
      const wrong = await fetch(`${server.url}/webhooks/stripe`, { method: 'GET' });
      assert.equal(wrong.status, 405);
    });
  });

  describe(`billing with a Stripe that accepts connections and never answers (${backend})`, () => {
    let stripe: FakeStripeApi;
    let server: TestServer;
    // Short bounds for the test; operators set STRIPE_TIMEOUT_MS / STRIPE_MAX_NETWORK_RETRIES.
    const client = { timeoutMs: 2000, maxNetworkRetries: 1 };
    // The SDK's defaults (80 s × 3 tries) would overrun this by far: the test fails rather than hangs.
    const bound = { timeout: 60_000 };

    before(async () => {
      stripe = await FakeStripeApi.start();
      server = await startServer({ backend, stripeApiBase: stripe.url, stripeClient: client, pipelines: answeringPipelines() });
    });
    after(async () => {
      await server.close();
      await stripe.close();
    });

    test('checkout and portal: 503 service_unavailable with Retry-After once the configured tries time out; nothing changed', bound, async () => {
      stripe.neverAnswer('POST /v1/customers');
      const org = await createOrg(server);
      const checkout = await post(server, '/api/v1/billing/checkout', org.apiKey, { tier: 'pro' });
      assert.equal(checkout.status, 503);
      assert.equal(checkout.headers.get('retry-after'), '30');
      assert.equal((await errorOf(checkout)).code, 'service_unavailable');
      assert.equal(stripe.requestsTo('POST /v1/customers').length, client.maxNetworkRetries + 1, 'one try and the configured retry');
      assert.equal((await server.store.getOrganization(org.organizationId))?.billingCustomerId, null, 'nothing changed');
      assert.ok(server.logs.some((l) => l.includes('payment provider unreachable')));

      // An organization with a customer: the session request hangs instead.
      stripe.neverAnswer('POST /v1/checkout/sessions');
      stripe.neverAnswer('POST /v1/billing_portal/sessions');
      await server.store.setBillingCustomerIfAbsent(org.organizationId, 'cus_hanging');
      const session = await post(server, '/api/v1/billing/checkout', org.apiKey, { tier: 'starter' });
      assert.equal(session.status, 503);
      assert.equal((await errorOf(session)).code, 'service_unavailable');
      const portal = await post(server, '/api/v1/billing/portal', org.apiKey);
      assert.equal(portal.status, 503);
      assert.equal(portal.headers.get('retry-after'), '30');
      assert.equal(stripe.requestsTo('POST /v1/billing_portal/sessions').length, client.maxNetworkRetries + 1);
      assert.equal(await server.store.getOrganization(org.organizationId).then((o) => o?.tier), 'trial');
    });

    test('webhook: a subscription fetch that never answers fails the delivery (500); once Stripe answers, the retry applies it', bound, async () => {
      const org = await createOrg(server);
      const customerId = `cus_${org.organizationId.slice(4, 14)}`;
      await server.store.setBillingCustomerIfAbsent(org.organizationId, customerId);
      stripe.setSubscriptions(customerId, [sub(customerId)]);
      const event = subscriptionEvent('customer.subscription.created', customerId);

      stripe.neverAnswer('GET /v1/subscriptions');
      const failed = await deliver(server, event);
      assert.equal(failed.status, 500);
      assert.equal((await errorOf(failed)).code, 'internal_error');
      assert.equal(stripe.requestsTo('GET /v1/subscriptions').length, client.maxNetworkRetries + 1);
      assert.equal((await server.store.getOrganization(org.organizationId))?.tier, 'trial');

      stripe.answerAgain('GET /v1/subscriptions');
      const retried = await deliver(server, event);
      assert.equal(retried.status, 200);
      assert.equal((await server.store.getOrganization(org.organizationId))?.tier, 'pro');
    });
  });
}
