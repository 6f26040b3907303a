import type { KeyMode } from '../domain/api-key-format.js';
import { MAX_COMPANY_NAME_LENGTH, normalizeCompanyName } from '../domain/company-name.js';
import { normalizeEmail } from '../domain/email-address.js';
import { newId } from '../domain/random-id.js';
import type { Tier } from '../domain/tiers.js';
import type { Clock } from '../ports/clock.js';
import type { NewOrganization, Organization, Store } from '../ports/store.js';
import { issueApiKey, type IssuedKey } from './manage-keys.js';
import { fail, ok, type Outcome } from './service-error.js';

type Deps = { store: Store; clock: Clock; keyMode: KeyMode };
type Input = { name: string; email: string; tier?: Tier };

/**
 * Creates an organization (trial unless an operator says otherwise) with its first key,
 * which carries every scope. Used by the operator CLI, which may give one address several
 * organizations.
 */
export async function createOrganization(deps: Deps, input: Input): Promise<Outcome<{ organization: Organization; key: IssuedKey }>> {
  const checked = newOrganization(deps, input);
  if (!checked.ok) return checked;
  const organization = await deps.store.createOrganization(checked.value);
  return withFirstKey(deps, organization);
}

/**
 * The organization of a confirmed self-service sign-up: created with its first key unless the
 * address has one already (Store.createSignUpOrganization claims the address in the insert),
 * in which case `value` is null and nothing was written — the caller signs in instead.
 */
export async function createSignUpOrganization(
  deps: Deps,
  input: Input,
): Promise<Outcome<{ organization: Organization; key: IssuedKey } | null>> {
  const checked = newOrganization(deps, input);
  if (!checked.ok) return checked;
  const organization = await deps.store.createSignUpOrganization(checked.value);
  return organization ? withFirstKey(deps, organization) : ok(null);
}

function newOrganization(deps: Pick<Deps, 'clock'>, input: Input): Outcome<NewOrganization> {
  const name = normalizeCompanyName(input.name);
  const email = normalizeEmail(input.email);
  if (name.length === 0 || name.length > MAX_COMPANY_NAME_LENGTH) return fail('invalid_request', 'name must have 1 to 200 characters.', 'name');
  if (!email) return fail('invalid_request', 'email is not a bare e-mail address.', 'email');
  return ok({ id: newId('org'), name, email, tier: input.tier ?? 'trial', createdAt: deps.clock.now() });
}

async function withFirstKey(deps: Deps, organization: Organization): Promise<Outcome<{ organization: Organization; key: IssuedKey }>> {
  const key = await issueApiKey(deps, { organizationId: organization.id, name: 'default' });
  if (!key.ok) return key;
  return ok({ organization, key: key.value });
}
