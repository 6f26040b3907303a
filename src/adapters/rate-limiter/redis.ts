import type { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import type { RateLimitDecision, RateLimiter } from '../../ports/rate-limiter.js';
import { LimiterPool } from './limiter-pool.js';

/**
 * Limiter shared by every instance that uses the same Redis and key prefix (SPEC §4). Counting
 * is one Lua script per request (INCR with expiry), so it is atomic across instances.
 *
 * Failure policy: a Redis error or a connection that is not ready is thrown from hit(), never
 * answered from memory — no insurance limiter, no in-memory blocking — so the caller can answer
 * 503 instead of silently letting every instance grant a full budget.
 */
export class RedisRateLimiter implements RateLimiter {
  readonly #client: Redis;
  readonly #pool: LimiterPool;

  /** Takes ownership of `client`: close() quits it. */
  constructor(client: Redis, keyPrefix = 'klartext:rl') {
    this.#client = client;
    this.#pool = new LimiterPool(
      keyPrefix,
      (opts) =>
        new RateLimiterRedis({
          ...opts,
          storeClient: client,
          rejectIfRedisNotReady: true,
          insuranceLimiter: undefined,
          inMemoryBlockOnConsumed: 0,
        }),
    );
  }

  hit(key: string, limitPerMinute: number): Promise<RateLimitDecision> {
    return this.#pool.hit(key, limitPerMinute);
  }

  async ping(): Promise<void> {
    await this.#client.ping();
  }

  async close(): Promise<void> {
    try {
      await this.#client.quit();
    } catch {
      this.#client.disconnect(); // already gone: drop the socket and stop reconnecting
    }
  }
}
