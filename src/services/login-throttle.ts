import { mailboxKey } from '../domain/email-address.js';
import { LOGIN_LIMITS, attemptBucket, fixedWindow, secondsUntil } from '../domain/login-limits.js';
import type { Clock } from '../ports/clock.js';
import type { Store } from '../ports/store.js';

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one sign-up or sign-in request against the per-IP and the per-address window
 * (domain/login-limits.ts). `email` is normalised (domain/email-address.ts); the address
 * window counts its mailbox (`mailboxKey`), so `anna+1@…` and `an.na@…` share one budget. The IP is checked first; a request refused for its IP is not
 * counted against the address. Every request counts, known address or not, so the answer is
 * the same for both.
 */
export async function throttleLoginRequest(
  deps: { store: Store; clock: Clock },
  input: { ip: string; email: string },
): Promise<ThrottleDecision> {
  const now = deps.clock.now();
  const checks = [
    { bucket: attemptBucket('ip', input.ip), rule: LOGIN_LIMITS.perIp },
    { bucket: attemptBucket('address', mailboxKey(input.email)), rule: LOGIN_LIMITS.perAddress },
  ];
  for (const { bucket, rule } of checks) {
    const window = fixedWindow(now, rule.windowMs);
    const count = await deps.store.countAuthAttempt(bucket, window.start, window.end);
    if (count > rule.limit) return { allowed: false, retryAfterSeconds: secondsUntil(now, window.end) };
  }
  return { allowed: true };
}
