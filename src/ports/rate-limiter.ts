/**
 * Per-organization request budget over a one-minute window (SPEC §4). The memory adapter
 * serves one instance; the Redis adapter makes the limit hold across instances.
 */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  /** Requests left in the current window after this one (0 when refused). */
  remaining: number;
  /** Whole seconds until the window resets (≥ 1 while a window is open). */
  resetSeconds: number;
}

export interface RateLimiter {
  /** Counts one request for `key` against `limitPerMinute` and says whether it may proceed. */
  hit(key: string, limitPerMinute: number): Promise<RateLimitDecision>;
  /** Resolves when the limiter can count requests (a shared store answers); for /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
