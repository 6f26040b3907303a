/** The Store's billing-provider methods (migration 0004) on every backend. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openStore } from '../../src/adapters/store/open-store.js';
import { backends } from '../support/databases.js';
import { manualClock, newOrg, useStore } from '../services/helpers.js';

const T0 = new Date('2026-03-01T09:00:00.000Z');

for (const kind of backends()) {
  describe(`billing store on ${kind}`, () => {
    const ctx = useStore(kind);

    it('commitCall returns the committed count and records an overage report only beyond the allowance, once per request id', async () => {
      const { organization } = await newOrg(ctx.store, manualClock(T0.toISOString()));
      const counter = { organizationId: organization.id, counterKey: 'p1' };
      const overage = (requestId: string) => ({ requestId, customerId: 'cus_1', occurredAt: T0, includedCalls: 2 });
      assert.equal(await ctx.store.commitCall(counter, overage('req_a')), 1);
      assert.equal(await ctx.store.commitCall(counter, overage('req_b')), 2);
      assert.equal(await ctx.store.commitCall(counter, overage('req_c')), 3);
      assert.equal(await ctx.store.commitCall(counter, overage('req_c')), 4, 'a repeated id still counts the call');
      assert.equal(await ctx.store.commitCall(counter), 5);
      const rows = await ctx.store.listOverageReports(organization.id);
      assert.deepEqual(rows.map((r) => [r.requestId, r.status, r.attempts, r.customerId]), [['req_c', 'pending', 0, 'cus_1']]);
    });

    it('claims of overage reports are disjoint under concurrency and together cover every due row', async () => {
      const { organization } = await newOrg(ctx.store, manualClock(T0.toISOString()));
      const counter = { organizationId: organization.id, counterKey: 'p2' };
      const ids = Array.from({ length: 40 }, (_, i) => `req_${String(i).padStart(2, '0')}`);
      for (const id of ids) await ctx.store.commitCall(counter, { requestId: id, customerId: 'cus_2', occurredAt: T0, includedCalls: 0 });
      const other = await openStore(ctx.db.url);
      try {
        const claimed: string[] = [];
        for (let round = 0; round < 6; round++) {
          const batches = await Promise.all(
            [ctx.store, other, ctx.store, other].map((s, i) =>
              s.claimOverageReports({ now: T0, leaseMs: 60_000, limit: 3, claimToken: `r${round}i${i}` }),
            ),
          );
          claimed.push(...batches.flat().map((r) => r.requestId));
        }
        const mine = claimed.filter((id) => ids.includes(id));
        assert.equal(new Set(mine).size, mine.length, 'no row was claimed twice');
        // Leftovers (a claimer may lose a race and take fewer) are claimable afterwards.
        const rest = await ctx.store.claimOverageReports({ now: T0, leaseMs: 60_000, limit: 100, claimToken: 'rest' });
        assert.deepEqual([...mine, ...rest.map((r) => r.requestId).filter((id) => ids.includes(id))].sort(), ids);
      } finally {
        await other.close();
      }
    });

    it('a failed report is not due before its next attempt and its claim is freed', async () => {
      const { organization } = await newOrg(ctx.store, manualClock(T0.toISOString()));
      await ctx.store.commitCall({ organizationId: organization.id, counterKey: 'p3' }, { requestId: 'req_f', customerId: 'cus_3', occurredAt: T0, includedCalls: 0 });
      const [row] = await ctx.store.claimOverageReports({ now: T0, leaseMs: 60_000, limit: 100, claimToken: 'a' });
      assert.equal(row?.requestId, 'req_f');
      await ctx.store.markOverageReportFailed('req_f', 'a', { nextAttemptAt: new Date(T0.getTime() + 30_000), error: 'x'.repeat(900) });
      const [stored] = await ctx.store.listOverageReports(organization.id);
      assert.equal(stored?.attempts, 1);
      assert.equal(stored?.lastError?.length, 500, 'error messages are capped');
      assert.deepEqual(await ctx.store.claimOverageReports({ now: new Date(T0.getTime() + 29_999), leaseMs: 1, limit: 100, claimToken: 'b' }), []);
      const again = await ctx.store.claimOverageReports({ now: new Date(T0.getTime() + 30_000), leaseMs: 1, limit: 100, claimToken: 'b' });
      assert.deepEqual(again.map((r) => r.requestId), ['req_f']);
      assert.equal(await ctx.store.markOverageReportSent('req_f', 'a', T0), false, 'an old claim cannot mark it');
      assert.equal(await ctx.store.markOverageReportSent('req_f', 'b', T0), true);
      assert.equal(await ctx.store.markOverageReportSent('req_f', 'b', T0), false, 'marked once');
    });

    it('webhook events: claimed once; a delivery during a claim is in progress, a replay after it processed; a released or stale claim can be retaken', async () => {
      const stale = new Date(T0.getTime() - 300_000);
      const ev = { id: `evt_${kind}_1`, type: 'customer.subscription.updated' };
      const first = await ctx.store.claimWebhookEvent(ev, T0, stale);
      assert.equal(first.state, 'claimed');
      const firstToken = first.state === 'claimed' ? first.token : -1;
      assert.deepEqual(await ctx.store.claimWebhookEvent(ev, T0, stale), { state: 'in_progress' }, 'held by another delivery, not done');
      await ctx.store.releaseWebhookEvent(ev.id, firstToken);
      const second = await ctx.store.claimWebhookEvent(ev, T0, stale);
      assert.equal(second.state, 'claimed', 'released: the retry applies it');

      // That claim goes stale (its process died); a later delivery retakes it.
      const later = new Date(T0.getTime() + 300_001);
      const retaken = await ctx.store.claimWebhookEvent(ev, later, new Date(later.getTime() - 300_000));
      assert.equal(retaken.state, 'claimed', 'a claim left by a dead process');
      const retakenToken = retaken.state === 'claimed' ? retaken.token : -1;
      // The stale holder, had it lived on, can neither finish nor release the new claim.
      assert.equal(await ctx.store.finishWebhookEvent(ev.id, firstToken, later), false);
      await ctx.store.releaseWebhookEvent(ev.id, firstToken);
      assert.deepEqual(await ctx.store.claimWebhookEvent(ev, later, new Date(later.getTime() - 300_000)), { state: 'in_progress' });

      assert.equal(await ctx.store.finishWebhookEvent(ev.id, retakenToken, later), true);
      await ctx.store.releaseWebhookEvent(ev.id, retakenToken);
      const muchLater = new Date(T0.getTime() + 86_400_000);
      assert.deepEqual(await ctx.store.claimWebhookEvent(ev, muchLater, new Date(muchLater.getTime() - 300_000)), { state: 'processed' }, 'processed: a replay');
    });

    it('setBillingCustomerIfAbsent keeps the first customer; changePlan bumps plan_version only on a new tier', async () => {
      const { organization } = await newOrg(ctx.store, manualClock(T0.toISOString()));
      assert.equal(await ctx.store.setBillingCustomerIfAbsent(organization.id, 'cus_first'), 'cus_first');
      assert.equal(await ctx.store.setBillingCustomerIfAbsent(organization.id, 'cus_second'), 'cus_first');
      assert.equal(await ctx.store.setBillingCustomerIfAbsent('org_missing', 'cus_x'), null);
      assert.equal(organization.planVersion, 0);
      assert.equal((await ctx.store.changePlan(organization.id, { tier: 'trial' }))?.planVersion, 0);
      assert.equal((await ctx.store.changePlan(organization.id, { tier: 'pro' }))?.planVersion, 1);
      assert.equal((await ctx.store.changePlan(organization.id, { tier: 'pro', rateLimitOverride: 5 }))?.planVersion, 1);
      assert.equal((await ctx.store.changePlan(organization.id, { tier: 'trial' }))?.planVersion, 2);
    });
  });
}
