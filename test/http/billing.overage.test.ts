/**
 * Overage reporting (SPEC §5): every 200 from /api/v1/analyze beyond a paid tier's included
 * calls becomes exactly one Stripe meter event whose identifier is the call's request id —
 * across failures, concurrent reporters on one database, crashed claims and restarts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { openStore } from '../../src/adapters/store/open-store.js';
import type { Store } from '../../src/ports/store.js';
import { windowFor } from '../../src/services/meter-calls.js';
import { reportOverageOnce } from '../../src/services/report-overage.js';
import { syncSubscription } from '../../src/services/sync-subscription.js';
import { createTestDatabase, backends } from '../support/databases.js';
import { payslipLines, textPdf } from '../support/documents.js';
import { answeringPipelines } from '../support/pipelines.js';
import { analyze, closeSharedReader, createOrg, getJson, startServer, type TestServer } from '../support/server.js';
import { FakeStripeApi } from '../support/stripe-api-server.js';

after(closeSharedReader);

const METER = 'POST /v1/billing/meter_events';

for (const backend of backends()) {
  describe(`overage reporting to Stripe (${backend})`, () => {
    let stripe: FakeStripeApi;
    let payslip: Uint8Array;

    before(async () => {
      stripe = await FakeStripeApi.start();
      payslip = await textPdf([payslipLines()]);
    });
    after(() => stripe.close());

    /** A starter organization with a Stripe subscription that has used `used` calls of its 200. */
    async function starterOrg(server: Pick<TestServer, 'store' | 'clock'>, used: number) {
      const org = await createOrg(server, { rateLimit: 1000 });
      const customerId = `cus_${org.organizationId.slice(4, 16)}`;
      const synced = await syncSubscription(
        { store: server.store, clock: server.clock },
        { organizationId: org.organizationId, customerId, subscriptionId: `sub_${customerId}`, tier: 'starter', periodAnchor: server.clock.now() },
      );
      assert.ok(synced.ok);
      const counter = { organizationId: org.organizationId, counterKey: windowFor(synced.value, server.clock.now()).counterKey };
      for (let i = 0; i < used; i++) await server.store.commitCall(counter);
      return { ...org, customerId };
    }

    async function calls(server: TestServer, apiKey: string, n: number): Promise<string[]> {
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const res = await analyze(server.url, apiKey, { documentType: 'lohnabrechnung', file: payslip });
        assert.equal(res.status, 200);
        await res.body?.cancel();
        ids.push(res.headers.get('x-request-id')!);
      }
      // A call is committed (and its overage recorded) once its 200 has been written; the
      // usage endpoint waits for those settlements, as a client reading its usage would.
      assert.equal((await getJson(server.url, '/api/v1/usage', apiKey)).status, 200);
      return ids;
    }

    /** Identifiers Stripe accepted (answered 200) for this customer. */
    const accepted = (customerId: string) =>
      stripe
        .requestsTo(METER)
        .filter((r) => r.status === 200 && r.form['payload[stripe_customer_id]'] === customerId)
        .map((r) => r.form.identifier!);
    const attempts = (customerId: string) => stripe.requestsTo(METER).filter((r) => r.form['payload[stripe_customer_id]'] === customerId);

    const reporter = (server: Pick<TestServer, 'store' | 'clock' | 'billing'>, store: Store = server.store) => ({
      store,
      clock: server.clock,
      reporting: server.billing.usageReporting!,
    });

    test('N calls beyond the allowance → exactly N meter events, identified by the responses’ X-Request-Id', async () => {
      const server = await startServer({ backend, stripeApiBase: stripe.url, pipelines: answeringPipelines() });
      try {
        const org = await starterOrg(server, 199);
        const ids = await calls(server, org.apiKey, 4); // the 200th is included; 3 are overage
        const run = await reportOverageOnce(reporter(server));
        assert.deepEqual(run, { sent: 3, failed: 0, errors: [] });
        assert.deepEqual(accepted(org.customerId).sort(), ids.slice(1).sort());
        const sent = attempts(org.customerId);
        for (const r of sent) {
          assert.deepEqual(Object.keys(r.form).sort(), ['event_name', 'identifier', 'payload[stripe_customer_id]', 'payload[value]', 'timestamp']);
          assert.equal(r.form.event_name, 'klartext_overage_calls');
          assert.equal(r.form['payload[value]'], '1');
          assert.equal(r.form.timestamp, String(Math.floor(server.clock.now().getTime() / 1000)));
        }
        assert.deepEqual(await reportOverageOnce(reporter(server)), { sent: 0, failed: 0, errors: [] }, 'nothing is sent twice');
        const rows = await server.store.listOverageReports(org.organizationId);
        assert.deepEqual(rows.map((r) => r.status), ['sent', 'sent', 'sent']);
      } finally {
        await server.close();
      }
    });

    test('a failed send is retried after its back-off, and each call is still accepted exactly once', async () => {
      const server = await startServer({ backend, stripeApiBase: stripe.url, pipelines: answeringPipelines() });
      try {
        const org = await starterOrg(server, 200);
        const ids = await calls(server, org.apiKey, 2);
        stripe.failNext(METER, 1);
        const first = await reportOverageOnce(reporter(server));
        assert.equal(first.sent, 1);
        assert.equal(first.failed, 1);
        assert.match(first.errors[0]!, /temporary failure/);
        const failedRow = (await server.store.listOverageReports(org.organizationId)).find((r) => r.status === 'pending')!;
        assert.equal(failedRow.attempts, 1);
        assert.match(failedRow.lastError ?? '', /temporary failure/);

        assert.deepEqual(await reportOverageOnce(reporter(server)), { sent: 0, failed: 0, errors: [] }, 'not before the back-off');
        server.clock.advance(31_000);
        assert.deepEqual(await reportOverageOnce(reporter(server)), { sent: 1, failed: 0, errors: [] });
        assert.deepEqual(accepted(org.customerId).sort(), [...ids].sort());
        assert.equal(attempts(org.customerId).length, 3, 'two sends and one retry');
        assert.equal(new Set(accepted(org.customerId)).size, 2);
      } finally {
        await server.close();
      }
    });

    test('two reporters on one database at once never send a row twice', async () => {
      const server = await startServer({ backend, stripeApiBase: stripe.url, pipelines: answeringPipelines() });
      const second = await openStore(server.db.url);
      try {
        const org = await starterOrg(server, 200);
        const ids = await calls(server, org.apiKey, 12);
        // Small batches, many rounds, both instances at the same time.
        for (let round = 0; round < 10; round++) {
          await Promise.all([
            reportOverageOnce(reporter(server), { batchSize: 2 }),
            reportOverageOnce(reporter(server, second), { batchSize: 2 }),
          ]);
        }
        const sent = attempts(org.customerId).map((r) => r.form.identifier!);
        assert.equal(sent.length, 12, `sent ${sent.length} meter events for 12 calls`);
        assert.deepEqual([...sent].sort(), [...ids].sort());
      } finally {
        await second.close();
        await server.close();
      }
    });

    test('a crashed reporter’s claim expires and the row is retried; a restart sends what was pending', async () => {
      const db = await createTestDatabase(backend);
      try {
        const first = await startServer({ backend, db, stripeApiBase: stripe.url, pipelines: answeringPipelines() });
        const org = await starterOrg(first, 200);
        const ids = await calls(first, org.apiKey, 3);
        // An instance claims everything and dies before sending.
        const lost = await first.store.claimOverageReports({ now: first.clock.now(), leaseMs: 60_000, limit: 10, claimToken: 'crashed' });
        assert.equal(lost.length, 3);
        const clock = first.clock;
        await first.close();

        // Restart: a new process on the same database.
        const restarted = await startServer({ backend, db, clock, stripeApiBase: stripe.url, pipelines: answeringPipelines() });
        try {
          assert.deepEqual(await reportOverageOnce(reporter(restarted)), { sent: 0, failed: 0, errors: [] }, 'the claim still holds');
          clock.advance(60_001);
          assert.deepEqual(await reportOverageOnce(reporter(restarted)), { sent: 3, failed: 0, errors: [] });
          assert.deepEqual(accepted(org.customerId).sort(), [...ids].sort());
          // The crashed instance's late mark cannot touch rows it no longer holds.
          assert.equal(await restarted.store.markOverageReportSent(ids[0]!, 'crashed', clock.now()), false);
        } finally {
          await restarted.close();
        }
      } finally {
        await db.drop();
      }
    });

    test('no reports: within the allowance, without a subscription, on enterprise, and with the test-mode provider', async () => {
      const server = await startServer({ backend, stripeApiBase: stripe.url, pipelines: answeringPipelines() });
      try {
        const within = await starterOrg(server, 0);
        await calls(server, within.apiKey, 2);
        const noSubscription = await createOrg(server, { tier: 'starter', rateLimit: 1000 });
        const enterprise = await createOrg(server, { tier: 'enterprise', included: 0, rateLimit: 1000 });
        await server.store.changePlan(enterprise.organizationId, { tier: 'enterprise', billingCustomerId: 'cus_ent', billingSubscriptionId: 'sub_ent' });
        await calls(server, noSubscription.apiKey, 1);
        await calls(server, enterprise.apiKey, 1);
        for (const o of [within, noSubscription, enterprise]) assert.deepEqual(await server.store.listOverageReports(o.organizationId), []);
      } finally {
        await server.close();
      }

      const testMode = await startServer({ backend, pipelines: answeringPipelines() });
      try {
        assert.equal(testMode.billing.usageReporting, null, 'test mode invoices no overage');
        const org = await starterOrg(testMode, 200);
        await calls(testMode, org.apiKey, 2);
        assert.deepEqual(await testMode.store.listOverageReports(org.organizationId), []);
      } finally {
        await testMode.close();
      }
    });
  });
}
