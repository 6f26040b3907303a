import type { KeyMode } from '../domain/api-key-format.js';
import { newId } from '../domain/random-id.js';
import type { Tier } from '../domain/tiers.js';
import type { Clock } from '../ports/clock.js';
import type { Organization, Store } from '../ports/store.js';
import { issueApiKey, type IssuedKey } from './manage-keys.js';
import { fail, ok, type Outcome } from './service-error.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Creates an organization (trial unless an operator says otherwise) with its first key,
 * which carries every scope. Used by the operator CLI and by self-service sign-up.
 */
export async function createOrganization(
  deps: { store: Store; clock: Clock; keyMode: KeyMode },
  input: { name: string; email: string; tier?: Tier },
): Promise<Outcome<{ organization: Organization; key: IssuedKey }>> {
  const name = input.name.trim();
  const email = input.email.trim().toLowerCase();
  if (name.length === 0 || name.length > 200) return fail('invalid_request', 'name must have 1 to 200 characters.', 'name');
  if (!EMAIL.test(email) || email.length > 254) return fail('invalid_request', 'email is not an e-mail address.', 'email');
  const organization = await deps.store.createOrganization({
    id: newId('org'),
    name,
    email,
    tier: input.tier ?? 'trial',
    createdAt: deps.clock.now(),
  });
  const key = await issueApiKey(deps, { organizationId: organization.id, name: 'default' });
  if (!key.ok) return key;
  return ok({ organization, key: key.value });
}
