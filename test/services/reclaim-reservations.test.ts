/** src/services/reclaim-reservations.ts with src/services/meter-calls.ts on a real store. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openStore } from '../../src/adapters/store/open-store.js';
import type { Store } from '../../src/ports/store.js';
import { commitCall, releaseCall, reserveCall } from '../../src/services/meter-calls.js';
import { reclaimStaleReservations } from '../../src/services/reclaim-reservations.js';
import { backends, createTestDatabase, type TestDatabase } from '../support/databases.js';
import { manualClock, newOrg } from './helpers.js';

const CREATED = '2026-01-31T10:00:00.000Z';
const MAX_AGE = 2 * 60_000 + 10_000; // 2 × processing deadline + shutdown grace, as main would pass

for (const kind of backends()) {
  describe(`reclaimStaleReservations on ${kind}`, () => {
    // The store stamps counters with the same manual clock the service reads, so aging a
    // counter is one clock.advance — helpers.useStore opens its store on the system time.
    const clock = manualClock(CREATED);
    let db: TestDatabase;
    let store: Store;
    before(async () => {
      db = await createTestDatabase(kind);
      store = await openStore(db.url, { clock });
      await store.migrate();
    });
    after(async () => {
      await store?.close();
      await db?.drop();
    });

    it('gives a trial the call of a request that died, once the counter is older than maxAge', async () => {
      clock.set(CREATED);
      const deps = { store, clock };
      const { organization } = await newOrg(store, clock);
      for (let i = 0; i < 49; i++) {
        const r = await reserveCall(deps, organization);
        assert.ok(r);
        await commitCall(deps, r);
      }
      // The 50th call reserves, then its process dies: no commit, no release.
      assert.ok(await reserveCall(deps, organization));
      assert.equal(await reserveCall(deps, organization), null, 'blocked at the cap');

      clock.advance(MAX_AGE);
      assert.equal(await reserveCall(deps, organization), null, 'a refused retry does not renew the counter');
      assert.equal(await reclaimStaleReservations(deps, MAX_AGE), 0, 'exactly maxAge old: not yet');
      clock.advance(1);
      assert.equal(await reclaimStaleReservations(deps, MAX_AGE), 1);
      assert.equal(await reclaimStaleReservations(deps, MAX_AGE), 0, 'nothing left');

      const last = await reserveCall(deps, organization);
      assert.ok(last, 'the lost call is available again');
      await commitCall(deps, last);
      assert.equal(await store.billableCalls(last.counter), 50);
      assert.equal(await reserveCall(deps, organization), null, 'and the cap of 50 holds');
    });

    it('leaves reservations of requests still within maxAge alone', async () => {
      clock.set('2026-02-10T00:00:00.000Z');
      const deps = { store, clock };
      const { organization } = await newOrg(store, clock);
      const running = await reserveCall(deps, organization);
      assert.ok(running);
      clock.advance(MAX_AGE - 1);
      assert.equal(await reclaimStaleReservations(deps, MAX_AGE), 0);
      await releaseCall(deps, running);
      clock.advance(10 * MAX_AGE);
      assert.equal(await reclaimStaleReservations(deps, MAX_AGE), 0, 'settled: nothing to reclaim');
    });

    it('refuses a maxAge that would reclaim reservations in flight', async () => {
      const deps = { store, clock };
      for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
        await assert.rejects(reclaimStaleReservations(deps, bad), RangeError, String(bad));
      }
    });
  });
}

describe('staleReservationAgeMs', () => {
  it('outlasts the longest life of a live request: upload, processing, shutdown grace, plus a margin', async () => {
    const { staleReservationAgeMs } = await import('../../src/services/reclaim-reservations.js');
    const limits = { requestTimeoutMs: 120_000, processingTimeoutMs: 60_000, shutdownGraceMs: 10_000 };
    const age = staleReservationAgeMs(limits);
    assert.ok(age > limits.requestTimeoutMs + limits.processingTimeoutMs + limits.shutdownGraceMs);
    assert.ok(age <= 2 * (limits.requestTimeoutMs + limits.processingTimeoutMs + limits.shutdownGraceMs), 'but not absurdly long');
    assert.ok(staleReservationAgeMs({ ...limits, requestTimeoutMs: 300_000 }) > age, 'a longer upload window delays reclaiming');
  });
});
