import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The waits between attempts of work that must not be lost to a passing fault of the
 * database (a pooled connection killed mid-transaction, a short outage): 0.1 s doubling to
 * 5 s, about 20 s in all — well inside the margin of the stale-reservation reclaimer
 * (`staleReservationAgeMs` adds a minute to every deadline), so a call still being settled is
 * never taken for a dead one by the reclaimer's clock alone.
 */
export const SETTLEMENT_RETRY_DELAYS_MS: readonly number[] = [100, 200, 400, 800, 1_600, 3_200, 5_000, 5_000, 5_000];

/**
 * Runs `work` until it succeeds or the delays are used up, then throws the last error. Every
 * attempt gets a fresh connection from the store's pool (a connection that failed is discarded
 * by the pool), so `work` must be idempotent: commit and release settle a reservation by its
 * id, once; an audit record is inserted under an id chosen before the first attempt.
 */
export async function withRetries<T>(
  work: (attempt: number) => Promise<T>,
  opts: { delaysMs?: readonly number[]; onRetry?: (err: Error, attempt: number) => void } = {},
): Promise<T> {
  const delays = opts.delaysMs ?? SETTLEMENT_RETRY_DELAYS_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      return await work(attempt);
    } catch (err) {
      if (attempt >= delays.length) throw err;
      opts.onRetry?.(err as Error, attempt);
      await sleep(delays[attempt]!);
    }
  }
}
