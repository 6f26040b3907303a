import type { Clock } from '../ports/clock.js';
import type { Store } from '../ports/store.js';

/** How often main.ts sweeps; links live 30 minutes, limit windows at most an hour. */
export const ACCOUNT_SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Deletes expired sessions, expired login tokens and finished limit windows. Idempotent, so
 * every instance may run it. Returns how many rows went.
 */
export async function sweepAccountData(deps: { store: Store; clock: Clock }): Promise<number> {
  const now = deps.clock.now();
  const [accountRows, attempts] = await Promise.all([deps.store.deleteExpiredAccountData(now), deps.store.deleteExpiredAuthAttempts(now)]);
  return accountRows + attempts;
}
