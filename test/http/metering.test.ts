import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../support/databases.js';
import { payslipLines, textPdf } from '../support/documents.js';
import { changePlan } from '../../src/services/change-plan.js';
import { answeringPipelines } from '../support/pipelines.js';
import { analyze, auditRecordsOf, closeSharedReader, createOrg, errorOf, getJson, startServer, type TestServer } from '../support/server.js';

interface UsageBody {
  organization: { id: string; name: string; tier: string };
  period: { start: string; end: string };
  usage: {
    billable_calls: number;
    included_calls: number;
    overage_calls: number;
    overage_cents_per_call: number;
    overage_cost_cents: number;
  };
}

async function usageOf(server: TestServer, apiKey: string): Promise<UsageBody> {
  const res = await getJson(server.url, '/api/v1/usage', apiKey);
  assert.equal(res.status, 200);
  return (await res.json()) as UsageBody;
}

after(closeSharedReader);

for (const backend of backends()) {
  describe(`metering and quota (${backend})`, () => {
    let server: TestServer;
    let payslip: Uint8Array;

    before(async () => {
      server = await startServer({ backend, pipelines: answeringPipelines() });
      payslip = await textPdf([payslipLines()]);
    });
    after(() => server.close());

    test('trial: 120 concurrent calls yield exactly 50 successes and 70 × 402; usage says 50', async () => {
      const org = await createOrg(server);
      // The trial's 10 requests/minute would answer 429 first (SPEC §2 order); an operator may
      // raise one organization's rate limit, which leaves only the quota in play.
      await changePlan({ store: server.store, clock: server.clock }, org.organizationId, { tier: 'trial', rateLimit: 1000 });
      const responses = await Promise.all(
        Array.from({ length: 120 }, () => analyze(server.url, org.apiKey, { documentType: 'lohnabrechnung', file: payslip })),
      );
      const statuses = responses.map((r) => r.status);
      assert.equal(statuses.filter((s) => s === 200).length, 50);
      assert.equal(statuses.filter((s) => s === 402).length, 70);
      const blocked = responses.find((r) => r.status === 402)!;
      assert.equal((await errorOf(blocked)).code, 'quota_exceeded');
      await Promise.all(responses.filter((r) => !r.bodyUsed).map((r) => r.body?.cancel()));
      const body = await usageOf(server, org.apiKey);
      assert.equal(body.usage.billable_calls, 50);
      assert.equal(body.usage.overage_calls, 0);

      // The block is hard: a valid file still gets 402, and so does an invalid one (check order).
      const again = await analyze(server.url, org.apiKey, { documentType: 'lohnabrechnung', file: payslip });
      assert.equal(again.status, 402);
      const invalid = await analyze(server.url, org.apiKey, { documentType: 'bogus', file: Buffer.from('x') });
      assert.equal(invalid.status, 402);
    });

    test('trial: failed calls give their reservation back', async () => {
      const org = await createOrg(server);
      await changePlan({ store: server.store, clock: server.clock }, org.organizationId, { tier: 'trial', rateLimit: 1000 });
      const failures = await Promise.all(
        Array.from({ length: 30 }, () => analyze(server.url, org.apiKey, { documentType: 'kontoauszug', file: payslip })),
      );
      assert.ok(failures.every((r) => r.status === 422));
      const ok = await Promise.all(
        Array.from({ length: 60 }, () => analyze(server.url, org.apiKey, { documentType: 'lohnabrechnung', file: payslip })),
      );
      assert.equal(ok.filter((r) => r.status === 200).length, 50);
      assert.equal((await usageOf(server, org.apiKey)).usage.billable_calls, 50);
    });

    test('paid tiers: overage arithmetic of the usage record', async () => {
      const cases = [
        { tier: 'starter', included: 200, price: 50 },
        { tier: 'pro', included: 1000, price: 35 },
        { tier: 'business', included: 5000, price: 25 },
      ] as const;
      for (const c of cases) {
        const org = await createOrg(server, { tier: c.tier });
        const record = await usageOf(server, org.apiKey);
        const counter = { organizationId: org.organizationId, counterKey: record.period.start };
        for (let i = 0; i < c.included + 7; i++) {
          assert.ok(await server.store.reserveCall(counter, null));
          await server.store.commitCall(counter);
        }
        const body = await usageOf(server, org.apiKey);
        assert.deepEqual(body.usage, {
          billable_calls: c.included + 7,
          included_calls: c.included,
          overage_calls: 7,
          overage_cents_per_call: c.price,
          overage_cost_cents: 7 * c.price,
        });
      }
    });

    test('enterprise: contract numbers set by the operator', async () => {
      const org = await createOrg(server, { tier: 'enterprise', included: 3, overageCents: 12 });
      for (let i = 0; i < 5; i++) {
        assert.equal((await analyze(server.url, org.apiKey, { documentType: 'lohnabrechnung', file: payslip })).status, 200);
      }
      const body = await usageOf(server, org.apiKey);
      assert.equal(body.organization.tier, 'enterprise');
      assert.deepEqual(body.usage, { billable_calls: 5, included_calls: 3, overage_calls: 2, overage_cents_per_call: 12, overage_cost_cents: 24 });
    });

    test('period rollover: a paid period starts empty, the trial keeps counting', async () => {
      const start = server.clock.now();
      const paid = await createOrg(server, { tier: 'pro' });
      const trial = await createOrg(server);
      for (const org of [paid, trial]) {
        assert.equal((await analyze(server.url, org.apiKey, { documentType: 'lohnabrechnung', file: payslip })).status, 200);
      }
      const before = await usageOf(server, paid.apiKey);
      assert.equal(before.usage.billable_calls, 1);
      assert.equal(before.period.start, start.toISOString());

      server.clock.set(before.period.end); // the first instant of the next period
      const paidAfter = await usageOf(server, paid.apiKey);
      assert.equal(paidAfter.period.start, before.period.end);
      assert.equal(paidAfter.usage.billable_calls, 0);
      assert.equal((await analyze(server.url, paid.apiKey, { documentType: 'lohnabrechnung', file: payslip })).status, 200);
      assert.equal((await usageOf(server, paid.apiKey)).usage.billable_calls, 1);

      const trialAfter = await usageOf(server, trial.apiKey);
      assert.equal(trialAfter.period.start, before.period.end, 'the trial period rolls monthly');
      assert.equal(trialAfter.usage.billable_calls, 1, 'but the trial counts every call of the whole trial');
      server.clock.set(start);
    });

    test('usage record of a fresh trial organization', async () => {
      const org = await createOrg(server);
      const body = await usageOf(server, org.apiKey);
      assert.deepEqual(Object.keys(body).sort(), ['organization', 'period', 'usage']);
      assert.equal(body.organization.id, org.organizationId);
      assert.equal(body.organization.tier, 'trial');
      assert.match(body.period.start, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      assert.equal(body.period.start, server.clock.now().toISOString());
      assert.deepEqual(body.usage, {
        billable_calls: 0,
        included_calls: 50,
        overage_calls: 0,
        overage_cents_per_call: 0,
        overage_cost_cents: 0,
      });
    });

    test('only a 200 is billable: 400, 422 and 401 leave the count unchanged', async () => {
      const org = await createOrg(server, { tier: 'starter' });
      assert.equal((await analyze(server.url, org.apiKey, { documentType: 'lohnabrechnung', file: payslip })).status, 200);
      assert.equal((await analyze(server.url, org.apiKey, { documentType: 'kontoauszug', file: payslip })).status, 422);
      assert.equal((await analyze(server.url, org.apiKey, { documentType: 'lohnabrechnung', file: Buffer.from('%PDF-1.4 junk') })).status, 400);
      assert.equal((await analyze(server.url, org.apiKey, { documentType: 'bogus', file: payslip })).status, 400);
      assert.equal((await analyze(server.url, 'kt_live_' + 'b'.repeat(32), { documentType: 'lohnabrechnung', file: payslip })).status, 401);
      const body = await usageOf(server, org.apiKey);
      assert.equal(body.usage.billable_calls, 1);
      const audit = await auditRecordsOf(server, org.organizationId, 4);
      assert.deepEqual(audit.map((a) => a.statusCode).sort(), [200, 400, 400, 422]);
    });
  });
}
