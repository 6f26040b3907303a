import { displayPrefix, generateApiKey, hashApiKey, type KeyMode } from '../domain/api-key-format.js';
import { newId } from '../domain/random-id.js';
import { SCOPES, type Scope } from '../domain/scopes.js';
import type { Clock } from '../ports/clock.js';
import type { ApiKeyRecord, Store } from '../ports/store.js';
import { fail, ok, type Outcome } from './service-error.js';

export interface IssuedKey {
  /** The full key: shown once, never stored. */
  apiKey: string;
  record: ApiKeyRecord;
}

/** Issues a key for an organization; the full key exists only in the return value. */
export async function issueApiKey(
  deps: { store: Store; clock: Clock; keyMode: KeyMode },
  input: { organizationId: string; name?: string; scopes?: readonly Scope[] },
): Promise<Outcome<IssuedKey>> {
  const organization = await deps.store.getOrganization(input.organizationId);
  if (!organization) return fail('not_found', `No organization with id '${input.organizationId}'.`, 'org');
  const apiKey = generateApiKey(deps.keyMode);
  const record = await deps.store.createApiKey({
    id: newId('key'),
    organizationId: organization.id,
    name: input.name?.trim() || 'default',
    prefix: displayPrefix(apiKey),
    hash: hashApiKey(apiKey),
    mode: deps.keyMode,
    scopes: [...(input.scopes ?? SCOPES)],
    createdAt: deps.clock.now(),
  });
  return ok({ apiKey, record });
}

/** Revokes at once: the next request with the key, on any instance, is 401 revoked_api_key. */
export async function revokeApiKey(deps: { store: Store; clock: Clock }, keyId: string): Promise<Outcome<true>> {
  const found = await deps.store.revokeApiKey(keyId, deps.clock.now());
  return found ? ok(true) : fail('not_found', `No API key with id '${keyId}'.`, 'key');
}
