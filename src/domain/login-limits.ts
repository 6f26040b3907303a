import { createHash } from 'node:crypto';

/**
 * Limits of the forms that send e-mail (sign-up and sign-in together): per client IP, so one
 * machine cannot flood anyone's inbox, and per address, so many machines cannot flood one
 * inbox. Both count every request, whether or not the address has an account, so a refusal
 * says nothing about the address. Fixed windows, counted in the shared database (the
 * RateLimiter port only has one-minute windows).
 */
export interface WindowRule {
  limit: number;
  windowMs: number;
}

export const LOGIN_LIMITS = {
  perIp: { limit: 10, windowMs: 15 * 60 * 1000 }, // 10 requests per 15 minutes
  perAddress: { limit: 3, windowMs: 60 * 60 * 1000 }, // 3 e-mails per hour
} as const satisfies Record<string, WindowRule>;

/** The fixed window that holds `now`: windows start at multiples of `windowMs` since the epoch. */
export function fixedWindow(now: Date, windowMs: number): { start: Date; end: Date } {
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  return { start: new Date(start), end: new Date(start + windowMs) };
}

/** Whole seconds until `end`, at least 1 (a Retry-After value). */
export function secondsUntil(now: Date, end: Date): number {
  return Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000));
}

/**
 * The counter name of an IP or an address. Hashed, so the attempts table holds neither in
 * clear; its rows are deleted once their window is over.
 */
export function attemptBucket(kind: 'ip' | 'address', value: string): string {
  return `${kind}:${createHash('sha256').update(value, 'utf8').digest('hex')}`;
}
