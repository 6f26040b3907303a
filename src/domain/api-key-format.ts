import { createHash, timingSafeEqual } from 'node:crypto';
import { randomBase62 } from './random-id.js';

/**
 * Key format (SPEC §3): `kt_live_` or `kt_test_` followed by 32 base62 characters. Only the
 * SHA-256 of the whole key is stored (keys carry ~190 bits of entropy, so a fast hash is the
 * right tool, as in unkey), together with a display prefix that lets a person tell keys apart.
 */
export type KeyMode = 'live' | 'test';

const KEY_PATTERN = /^kt_(live|test)_[0-9A-Za-z]{32}$/;
export const KEY_SECRET_LENGTH = 32;
/** Characters of the secret shown in listings after the mode prefix, e.g. `kt_live_Ab3x…`. */
const DISPLAY_CHARS = 4;

export function generateApiKey(mode: KeyMode): string {
  return `kt_${mode}_${randomBase62(KEY_SECRET_LENGTH)}`;
}

export function isWellFormedApiKey(token: string): boolean {
  return KEY_PATTERN.test(token);
}

export function hashApiKey(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function displayPrefix(token: string): string {
  return token.slice(0, 'kt_live_'.length + DISPLAY_CHARS);
}

/** Constant-time comparison of two hex digests of equal length. */
export function sameHash(a: string, b: string): boolean {
  const ba = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

/** Extracts the token from an Authorization header value; null when absent or not Bearer. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match ? match[1]! : null;
}
