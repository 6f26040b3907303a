import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimitDecision } from '../../ports/rate-limiter.js';

/** Fixed window of the limit (SPEC §4): one minute, from the key's first request. */
export const WINDOW_SECONDS = 60;

/**
 * One rate-limiter-flexible instance per distinct limit (tiers and overrides differ per
 * organization), created on first use and kept. The limit is part of the key prefix, so an
 * organization whose limit changes starts a fresh window instead of inheriting a count made
 * against another limit.
 */
export class LimiterPool {
  readonly #byLimit = new Map<number, RateLimiterAbstract>();
  readonly #keyPrefix: string;
  readonly #create: (opts: { keyPrefix: string; points: number; duration: number }) => RateLimiterAbstract;

  constructor(
    keyPrefix: string,
    create: (opts: { keyPrefix: string; points: number; duration: number }) => RateLimiterAbstract,
  ) {
    this.#keyPrefix = keyPrefix;
    this.#create = create;
  }

  /** Counts one request; a store failure is thrown as an Error, never turned into "allowed". */
  async hit(key: string, limitPerMinute: number): Promise<RateLimitDecision> {
    if (!Number.isSafeInteger(limitPerMinute) || limitPerMinute < 1) {
      throw new RangeError(`Rate limit must be a positive integer, got ${limitPerMinute}`);
    }
    const limiter = this.#limiterFor(limitPerMinute);
    try {
      const res = await limiter.consume(key);
      return decision(true, limitPerMinute, res);
    } catch (err) {
      // rate-limiter-flexible rejects with a RateLimiterRes when the budget is spent, and with
      // the store's error otherwise.
      if (err instanceof RateLimiterRes) return decision(false, limitPerMinute, err);
      throw err instanceof Error ? err : new Error(`Rate limiter failed: ${String(err)}`);
    }
  }

  #limiterFor(limit: number): RateLimiterAbstract {
    let limiter = this.#byLimit.get(limit);
    if (limiter === undefined) {
      limiter = this.#create({ keyPrefix: `${this.#keyPrefix}:${limit}`, points: limit, duration: WINDOW_SECONDS });
      this.#byLimit.set(limit, limiter);
    }
    return limiter;
  }
}

function decision(allowed: boolean, limit: number, res: RateLimiterRes): RateLimitDecision {
  return {
    allowed,
    limit,
    remaining: allowed ? Math.max(0, res.remainingPoints) : 0,
    resetSeconds: Math.min(WINDOW_SECONDS, Math.max(1, Math.ceil(res.msBeforeNext / 1000))),
  };
}
