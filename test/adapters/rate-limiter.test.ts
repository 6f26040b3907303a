/**
 * Rate limiter adapters against real stores: in-process memory always, Redis when
 * TEST_REDIS_URL is set (a random key prefix per run keeps runs apart). No timing assertions.
 *
 *   node --import tsx --test test/adapters/rate-limiter.test.ts
 *   TEST_REDIS_URL=redis://127.0.0.1:6379 node --import tsx --test test/adapters/rate-limiter.test.ts
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { randomBase62 } from '../../src/domain/random-id.js';
import type { RateLimitDecision, RateLimiter } from '../../src/ports/rate-limiter.js';
import { openRateLimiter } from '../../src/adapters/rate-limiter/open-rate-limiter.js';
import { MemoryRateLimiter } from '../../src/adapters/rate-limiter/memory.js';

async function hitTimes(limiter: RateLimiter, key: string, limit: number, times: number): Promise<RateLimitDecision[]> {
  const out: RateLimitDecision[] = [];
  for (let i = 0; i < times; i++) out.push(await limiter.hit(key, limit));
  return out;
}

function assertWindowOpen(d: RateLimitDecision): void {
  assert.ok(Number.isInteger(d.resetSeconds) && d.resetSeconds >= 1 && d.resetSeconds <= 60, `resetSeconds ${d.resetSeconds}`);
}

/** Behaviour every adapter shares; `open` gives a fresh limiter with its own key space. */
function limiterContract(label: string, open: () => Promise<RateLimiter>): void {
  describe(`RateLimiter contract on ${label}`, () => {
    let limiter: RateLimiter;
    before(async () => {
      limiter = await open();
    });
    after(async () => {
      await limiter?.close();
    });

    it('allows `limit` requests counting down, refuses the next with remaining 0', async () => {
      const decisions = await hitTimes(limiter, 'org_a', 3, 4);
      assert.deepEqual(
        decisions.map((d) => [d.allowed, d.limit, d.remaining]),
        [
          [true, 3, 2],
          [true, 3, 1],
          [true, 3, 0],
          [false, 3, 0],
        ],
      );
      decisions.forEach(assertWindowOpen);
    });

    it('keeps keys independent', async () => {
      await hitTimes(limiter, 'org_b', 2, 3);
      const other = await limiter.hit('org_c', 2);
      assert.equal(other.allowed, true);
      assert.equal(other.remaining, 1);
    });

    it('keeps limits independent: a changed limit starts a fresh budget', async () => {
      const atTwo = await hitTimes(limiter, 'org_d', 2, 3);
      assert.equal(atTwo[2]?.allowed, false);
      const atFive = await limiter.hit('org_d', 5);
      assert.deepEqual([atFive.allowed, atFive.limit, atFive.remaining], [true, 5, 4]);
      // The old budget is still spent.
      assert.equal((await limiter.hit('org_d', 2)).allowed, false);
    });

    it('refuses exactly the requests beyond the limit under concurrency', async () => {
      const decisions = await Promise.all(Array.from({ length: 25 }, () => limiter.hit('org_e', 10)));
      assert.equal(decisions.filter((d) => d.allowed).length, 10);
      assert.deepEqual(
        decisions.filter((d) => d.allowed).map((d) => d.remaining).sort((a, b) => a - b),
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      );
      assert.ok(decisions.filter((d) => !d.allowed).every((d) => d.remaining === 0));
    });

    it('rejects a limit that is not a positive integer', async () => {
      await assert.rejects(limiter.hit('org_f', 0), RangeError);
      await assert.rejects(limiter.hit('org_f', 2.5), RangeError);
    });
  });
}

limiterContract('memory', async () => new MemoryRateLimiter(`test:${randomBase62(8)}`));

describe('openRateLimiter', () => {
  it('gives the in-process limiter without a URL', async () => {
    const limiter = await openRateLimiter(undefined);
    assert.ok(limiter instanceof MemoryRateLimiter);
    await limiter.close();
  });

  it('rejects at start, without the password, when Redis cannot be reached', async () => {
    await assert.rejects(openRateLimiter('redis://:s3cret@127.0.0.1:1'), (err: Error) => {
      assert.match(err.message, /Redis at 127\.0\.0\.1:1 is not reachable/);
      assert.doesNotMatch(err.message, /s3cret/);
      return true;
    });
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  const runPrefix = `klartext-test:${randomBase62(10)}`;
  let n = 0;
  limiterContract('Redis', () => openRateLimiter(redisUrl, { keyPrefix: `${runPrefix}:${n++}` }));

  describe('Redis limiter across instances', () => {
    const prefix = `${runPrefix}:shared`;
    let first: RateLimiter;
    let second: RateLimiter;
    before(async () => {
      // Two limiters, two ioredis clients: two service instances.
      first = await openRateLimiter(redisUrl, { keyPrefix: prefix });
      second = await openRateLimiter(redisUrl, { keyPrefix: prefix });
    });
    after(async () => {
      await first?.close();
      await second?.close();
      // Leave nothing behind in the shared Redis.
      const admin = new Redis(redisUrl);
      const keys = await admin.keys(`${runPrefix}:*`);
      if (keys.length > 0) await admin.del(...keys);
      await admin.quit();
    });

    it('shares one budget between instances', async () => {
      const decisions = await Promise.all(
        Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? first : second).hit('org_shared', 6)),
      );
      assert.equal(decisions.filter((d) => d.allowed).length, 6);
      const next = await second.hit('org_shared', 6);
      assert.deepEqual([next.allowed, next.remaining], [false, 0]);
      assertWindowOpen(next);
    });

    it('throws, rather than allowing, once its Redis connection is gone', async () => {
      const limiter = await openRateLimiter(redisUrl, { keyPrefix: prefix });
      assert.equal((await limiter.hit('org_gone', 5)).allowed, true);
      await limiter.close();
      await assert.rejects(limiter.hit('org_gone', 5), (err: unknown) => err instanceof Error);
    });
  });
} else {
  describe('RateLimiter contract on Redis', () => {
    it('runs when TEST_REDIS_URL is set', { skip: 'TEST_REDIS_URL not set' }, () => {});
  });
}
