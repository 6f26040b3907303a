import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openStore } from '../../src/adapters/store/open-store.js';
import { attemptBucket, fixedWindow, LOGIN_LIMITS } from '../../src/domain/login-limits.js';
import { generateLoginToken, hashLoginToken, LOGIN_LINK_LIFETIME_MS } from '../../src/domain/login-link.js';
import type { Store } from '../../src/ports/store.js';
import { throttleLoginRequest } from '../../src/services/login-throttle.js';
import { sweepAccountData } from '../../src/services/sweep-account-data.js';
import { ManualClock } from '../support/clock.js';
import { backends, createTestDatabase, type TestDatabase } from '../support/databases.js';

for (const backend of backends()) {
  describe(`account data: limit windows and the sweep (${backend})`, () => {
    let db: TestDatabase;
    let store: Store;
    const clock = new ManualClock('2026-03-15T10:00:00.000Z');
    before(async () => {
      db = await createTestDatabase(backend);
      store = await openStore(db.url);
      await store.migrate();
    });
    after(async () => {
      await store.close();
      await db.drop();
    });

    it('countAuthAttempt counts atomically per bucket and window, also under concurrency', async () => {
      const window = fixedWindow(clock.now(), 60_000);
      const counts = await Promise.all(Array.from({ length: 20 }, () => store.countAuthAttempt('ip:test', window.start, window.end)));
      assert.deepEqual([...counts].sort((a, b) => a - b), Array.from({ length: 20 }, (_, i) => i + 1));
      assert.equal(await store.countAuthAttempt('ip:other', window.start, window.end), 1);
    });

    it('the throttle refuses the IP first and then does not count the address', async () => {
      const deps = { store, clock };
      for (let i = 0; i < LOGIN_LIMITS.perIp.limit; i++) {
        assert.deepEqual(await throttleLoginRequest(deps, { ip: '203.0.113.9', email: `p${i}@example.com` }), { allowed: true });
      }
      const refused = await throttleLoginRequest(deps, { ip: '203.0.113.9', email: 'victim@example.com' });
      assert.equal(refused.allowed, false);
      const window = fixedWindow(clock.now(), LOGIN_LIMITS.perAddress.windowMs);
      // The address bucket was not touched by the refused request: its next count is 1.
      assert.equal(await store.countAuthAttempt(attemptBucket('address', 'victim@example.com'), window.start, window.end), 1);
    });

    it('the sweep deletes expired login tokens, sessions and finished windows, and nothing else', async () => {
      const now = clock.now();
      const token = (expiresAt: Date) => ({
        tokenHash: hashLoginToken(generateLoginToken()),
        purpose: 'sign_up' as const,
        email: 'sweep@example.com',
        companyName: 'Sweep GmbH',
        organizationId: null,
        createdAt: now,
        expiresAt,
      });
      const live = token(new Date(now.getTime() + LOGIN_LINK_LIFETIME_MS));
      await store.createLoginToken(live);
      await store.createLoginToken(token(new Date(now.getTime() - 1)));
      await store.setAccountSession({ id: 'old-session', data: '{}', expiresAt: new Date(now.getTime() - 1) });
      await store.setAccountSession({ id: 'live-session', data: '{}', expiresAt: new Date(now.getTime() + 60_000) });
      await store.countAuthAttempt('ip:ended', new Date(now.getTime() - 120_000), new Date(now.getTime() - 60_000));

      const removed = await sweepAccountData({ store, clock });
      assert.ok(removed >= 3, `removed ${removed}`);
      assert.ok(await store.getAccountSession('live-session', now));
      assert.ok(await store.consumeLoginToken(live.tokenHash, now), 'the live token is still there');
      assert.equal(await store.countAuthAttempt('ip:ended', new Date(now.getTime() - 120_000), new Date(now.getTime() - 60_000)), 1, 'the ended window was deleted');
    });
  });
}
