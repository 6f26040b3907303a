import { bearerToken, hashApiKey, isWellFormedApiKey } from '../domain/api-key-format.js';
import type { Clock } from '../ports/clock.js';
import type { ApiKeyRecord, Organization, Store } from '../ports/store.js';

export type KeyVerification =
  | { ok: true; key: ApiKeyRecord; organization: Organization }
  | { ok: false; reason: 'missing' | 'unknown' | 'revoked' };

/** last_used_at is kept to the minute: a write at most once a minute per key (SPEC §3). */
export const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Resolves the Authorization header to a key and its organization. Reads the store on every
 * call, so a revocation is effective on the very next request on every instance.
 *
 * Timing: every presented token costs the same steps — one SHA-256 and one lookup by the full
 * hash — whether it is malformed, unknown, revoked or valid (only a valid key is then touched).
 * A malformed token is looked up too instead of being refused before hashing, so the answer's
 * timing does not tell "not in the key format" from "never issued" or "revoked"; the lookup
 * is by the hash of the whole key (no prefix lookup), so nothing about a near-miss leaks either.
 * `bench/key-timing.ts` prints the medians.
 */
export async function verifyApiKey(
  deps: { store: Store; clock: Clock },
  authorizationHeader: string | undefined,
): Promise<KeyVerification> {
  const token = bearerToken(authorizationHeader);
  if (!token) return { ok: false, reason: 'missing' };
  const wellFormed = isWellFormedApiKey(token);
  // Stored hashes are of well-formed keys only, so a malformed token never matches; it is
  // looked up all the same (see above).
  const found = await deps.store.findApiKeyByHash(hashApiKey(token));
  if (!found || !wellFormed) return { ok: false, reason: 'unknown' };
  if (found.key.revokedAt) return { ok: false, reason: 'revoked' };
  const now = deps.clock.now();
  const last = found.key.lastUsedAt?.getTime() ?? 0;
  if (now.getTime() - last >= LAST_USED_RESOLUTION_MS) {
    await deps.store.touchApiKey(found.key.id, now, LAST_USED_RESOLUTION_MS);
  }
  return { ok: true, key: found.key, organization: found.organization };
}
