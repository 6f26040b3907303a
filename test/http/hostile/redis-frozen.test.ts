import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { answeringPipelines } from '../../support/pipelines.js';
import { closeSharedReader, createOrg, errorOf, getJson, startServer, type TestOrg, type TestServer } from '../../support/server.js';
import { hasRedisServerBinary, startThrowawayRedis, type ThrowawayRedis } from '../../support/throwaway-redis.js';

/**
 * Issue 10 §5: a Redis that is frozen, not down (its own redis-server, stopped with SIGSTOP):
 * the socket stays open and nothing answers. Keyed requests and /readyz must answer the
 * documented 503 promptly instead of waiting out the freeze; after SIGCONT all is well again.
 * Client-side bounds below only turn a regression into a failure instead of a hang.
 */
after(closeSharedReader);

describe('Redis frozen', { skip: !hasRedisServerBinary && 'redis-server is not installed' }, () => {
  let redis: ThrowawayRedis;
  let server: TestServer;
  let org: TestOrg;
  before(async () => {
    redis = await startThrowawayRedis();
    server = await startServer({ redisUrl: redis.url, pipelines: answeringPipelines() });
    org = await createOrg(server, { tier: 'business' });
  });
  after(async () => {
    redis.thaw();
    await server.close();
    await redis.kill();
  });

  test('keyed requests and /readyz answer 503 while it is frozen, and recover after', async () => {
    assert.equal((await getJson(server.url, '/api/v1/usage', org.apiKey)).status, 200);
    redis.freeze();
    try {
      const usage = await fetch(`${server.url}/api/v1/usage`, {
        headers: { authorization: `Bearer ${org.apiKey}` },
        signal: AbortSignal.timeout(15_000),
      });
      assert.equal(usage.status, 503);
      assert.equal((await errorOf(usage)).code, 'service_unavailable');
      assert.ok(Number(usage.headers.get('retry-after')) > 0);

      const ready = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(15_000) });
      assert.equal(ready.status, 503);
      assert.match(((await ready.json()) as { reason: string }).reason, /rate-limit store/);
    } finally {
      redis.thaw();
    }
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await getJson(server.url, '/api/v1/usage', org.apiKey)).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(status, 200, 'answers again once Redis does');
  });
});
