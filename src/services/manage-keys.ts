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

/** Longest key name accepted (a label for people, shown in tables). */
export const MAX_KEY_NAME_LENGTH = 80;

/** Issues a key for an organization; the full key exists only in the return value. */
export async function issueApiKey(
  deps: { store: Store; clock: Clock; keyMode: KeyMode },
  input: { organizationId: string; name?: string; scopes?: readonly Scope[] },
): Promise<Outcome<IssuedKey>> {
  if (input.scopes && input.scopes.length === 0) return fail('invalid_request', 'Choose at least one scope.', 'scopes');
  if (input.name && input.name.trim().length > MAX_KEY_NAME_LENGTH) {
    return fail('invalid_request', `The name may have at most ${MAX_KEY_NAME_LENGTH} characters.`, 'name');
  }
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

/** The organization's keys, oldest first as the store lists them; never a hash or a full key. */
export async function listOrganizationKeys(deps: { store: Store }, organizationId: string): Promise<ApiKeyRecord[]> {
  return deps.store.listApiKeys(organizationId);
}

/**
 * One key of the organization. A key of another organization is not_found, exactly like a key
 * that does not exist, so an id says nothing about other organizations.
 */
export async function getOrganizationKey(deps: { store: Store }, organizationId: string, keyId: string): Promise<Outcome<ApiKeyRecord>> {
  const key = (await deps.store.listApiKeys(organizationId)).find((k) => k.id === keyId);
  return key ? ok(key) : fail('not_found', `No API key with id '${keyId}'.`, 'key');
}

/**
 * Revokes a key on behalf of its organization (the account area): ownership is checked first,
 * and a key's organization never changes, so the check cannot go stale before the update.
 */
export async function revokeOrganizationKey(
  deps: { store: Store; clock: Clock },
  organizationId: string,
  keyId: string,
): Promise<Outcome<ApiKeyRecord>> {
  const found = await getOrganizationKey(deps, organizationId, keyId);
  if (!found.ok) return found;
  const revoked = await revokeApiKey(deps, keyId);
  if (!revoked.ok) return revoked;
  return getOrganizationKey(deps, organizationId, keyId);
}
