import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { RateLimitDecision, RateLimiter } from '../../ports/rate-limiter.js';
import { LimiterPool } from './limiter-pool.js';

/** In-process limiter: correct for one instance only (the embedded default, SPEC §10). */
export class MemoryRateLimiter implements RateLimiter {
  readonly #pool: LimiterPool;

  constructor(keyPrefix = 'klartext:rl') {
    this.#pool = new LimiterPool(keyPrefix, (opts) => new RateLimiterMemory(opts));
  }

  hit(key: string, limitPerMinute: number): Promise<RateLimitDecision> {
    return this.#pool.hit(key, limitPerMinute);
  }

  async ping(): Promise<void> {
    // Always ready: the counts live in this process.
  }

  async close(): Promise<void> {
    // Window timers are unref'd by the library; nothing holds the process open.
  }
}
