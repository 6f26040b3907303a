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
 */
export async function verifyApiKey(
  deps: { store: Store; clock: Clock },
  authorizationHeader: string | undefined,
): Promise<KeyVerification> {
  const token = bearerToken(authorizationHeader);
  if (!token) return { ok: false, reason: 'missing' };
  if (!isWellFormedApiKey(token)) return { ok: false, reason: 'unknown' };
  const found = await deps.store.findApiKeyByHash(hashApiKey(token));
  if (!found) return { ok: false, reason: 'unknown' };
  if (found.key.revokedAt) return { ok: false, reason: 'revoked' };
  const now = deps.clock.now();
  const last = found.key.lastUsedAt?.getTime() ?? 0;
  if (now.getTime() - last >= LAST_USED_RESOLUTION_MS) {
    await deps.store.touchApiKey(found.key.id, now, LAST_USED_RESOLUTION_MS);
  }
  return { ok: true, key: found.key, organization: found.organization };
}
