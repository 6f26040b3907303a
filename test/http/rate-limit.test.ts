import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, describe, test } from 'node:test';
import { changePlan } from '../../src/services/change-plan.js';
import { closeSharedReader, createOrg, errorOf, getJson, startServer } from '../support/server.js';

/**
 * Per-organization per-minute limits with the RateLimit headers (SPEC §4): in memory on one
 * instance, and shared across instances on one Redis.
 */
after(closeSharedReader);

describe('rate limit (in-memory, one instance)', () => {
  test('the (limit+1)th request in a minute is 429 with Retry-After; headers count down', async () => {
    const server = await startServer();
    try {
      const org = await createOrg(server); // trial: 10 requests per minute
      const remaining: number[] = [];
      for (let i = 0; i < 10; i++) {
        const res = await getJson(server.url, '/api/v1/usage', org.apiKey);
        assert.equal(res.status, 200);
        assert.equal(res.headers.get('ratelimit-limit'), '10');
        remaining.push(Number(res.headers.get('ratelimit-remaining')));
        const reset = Number(res.headers.get('ratelimit-reset'));
        assert.ok(reset >= 1 && reset <= 60, `reset ${reset}`);
        await res.body?.cancel();
      }
      assert.deepEqual(remaining, [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
      const refused = await getJson(server.url, '/api/v1/usage', org.apiKey);
      assert.equal(refused.status, 429);
      const retry = Number(refused.headers.get('retry-after'));
      assert.ok(retry >= 1 && retry <= 60, `Retry-After ${retry}`);
      assert.equal(refused.headers.get('ratelimit-remaining'), '0');
      const e = await errorOf(refused);
      assert.equal(e.code, 'rate_limited');

      // Another organization has its own budget.
      const other = await createOrg(server);
      assert.equal((await getJson(server.url, '/api/v1/usage', other.apiKey)).status, 200);
    } finally {
      await server.close();
    }
  });

  test('the tier decides the limit, and an operator override replaces it', async () => {
    const server = await startServer();
    try {
      const org = await createOrg(server, { tier: 'pro' });
      const res = await getJson(server.url, '/api/v1/usage', org.apiKey);
      assert.equal(res.headers.get('ratelimit-limit'), '120');
      await changePlan({ store: server.store, clock: server.clock }, org.organizationId, { tier: 'pro', rateLimit: 2 });
      const limited = await getJson(server.url, '/api/v1/usage', org.apiKey);
      assert.equal(limited.headers.get('ratelimit-limit'), '2');
    } finally {
      await server.close();
    }
  });

  test('unauthenticated requests carry no RateLimit headers and do not spend any budget', async () => {
    const server = await startServer();
    try {
      const res = await getJson(server.url, '/api/v1/usage', null);
      assert.equal(res.status, 401);
      assert.equal(res.headers.get('ratelimit-limit'), null);
    } finally {
      await server.close();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe('rate limit shared across instances (Redis)', { skip: redisUrl ? false : 'TEST_REDIS_URL not set' }, () => {
  test('two instances on one Redis share one budget', async () => {
    const prefix = `test:${randomBytes(6).toString('hex')}`;
    const a = await startServer({ redisUrl, rateLimitPrefix: prefix });
    const b = await startServer({ db: a.db, redisUrl, rateLimitPrefix: prefix });
    try {
      const org = await createOrg(a); // trial: 10 per minute
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        const res = await getJson(i % 2 === 0 ? a.url : b.url, '/api/v1/usage', org.apiKey);
        statuses.push(res.status);
        await res.body?.cancel();
      }
      assert.deepEqual(statuses, Array(10).fill(200));
      const fromA = await getJson(a.url, '/api/v1/usage', org.apiKey);
      const fromB = await getJson(b.url, '/api/v1/usage', org.apiKey);
      assert.equal(fromA.status, 429);
      assert.equal(fromB.status, 429);
      assert.ok(Number(fromB.headers.get('retry-after')) >= 1);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
