import { createHash, randomBytes } from 'node:crypto';

/**
 * The single-use links of sign-up and sign-in e-mails (SPEC §6). The link carries 32 random
 * bytes (base64url, 43 characters, 256 bits); the store keeps only their SHA-256, so a copy of
 * the database cannot sign anyone in. A fast hash is right for this much entropy.
 */
export const LOGIN_LINK_LIFETIME_MS = 30 * 60 * 1000; // 30 minutes

/** At most this many organizations get a link in one e-mail (an address may own several). */
export const MAX_LINKS_PER_MAIL = 10;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function generateLoginToken(): string {
  return randomBytes(32).toString('base64url');
}

export function isWellFormedLoginToken(value: unknown): value is string {
  return typeof value === 'string' && TOKEN_PATTERN.test(value);
}

export function hashLoginToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
