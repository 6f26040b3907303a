import type { KeyMode } from '../domain/api-key-format.js';
import { hashLoginToken, isWellFormedLoginToken } from '../domain/login-link.js';
import type { Clock } from '../ports/clock.js';
import type { Organization, Store } from '../ports/store.js';
import { createSignUpOrganization } from './create-organization.js';

export type ConfirmOutcome =
  /** Unknown, malformed, used or expired: one answer for all, nothing is said about which. */
  | { kind: 'invalid' }
  | { kind: 'signed_in'; organization: Organization; email: string }
  /** A new organization on trial; `apiKey` is its first key, to be shown once and never again. */
  | { kind: 'created'; organization: Organization; email: string; apiKey: string };

/**
 * Uses the token of an e-mailed link, once (Store.consumeLoginToken is one conditional
 * UPDATE, so two clicks on any instances cannot both succeed).
 *
 * A sign-up link creates the organization on trial with its first key. If the address got an
 * organization meanwhile (two sign-up links confirmed), the second one signs into the oldest
 * organization of the address instead of making a duplicate: the link proves control of the
 * address, which is all a sign-in link proves too. Links confirmed at the same moment all
 * pass the first look-up; the insert claims the address (unique in the store), and the links
 * whose claim lost sign in to the organization that won.
 *
 * A sign-in link signs into the organization it was made for, as long as that organization
 * still has this address.
 */
export async function confirmLoginLink(deps: { store: Store; clock: Clock; keyMode: KeyMode }, token: unknown): Promise<ConfirmOutcome> {
  if (!isWellFormedLoginToken(token)) return { kind: 'invalid' };
  const record = await deps.store.consumeLoginToken(hashLoginToken(token), deps.clock.now());
  if (!record) return { kind: 'invalid' };

  if (record.purpose === 'sign_in') {
    const organization = record.organizationId ? await deps.store.getOrganization(record.organizationId) : null;
    if (!organization || organization.email.toLowerCase() !== record.email) return { kind: 'invalid' };
    return { kind: 'signed_in', organization, email: record.email };
  }

  const [existing] = await deps.store.findOrganizationsByEmail(record.email);
  if (existing) return { kind: 'signed_in', organization: existing, email: record.email };
  const created = await createSignUpOrganization(deps, { name: record.companyName ?? '', email: record.email });
  // The name and address were checked when the link was requested; a failure here is a fault.
  if (!created.ok) throw new Error(`sign-up could not create the organization: ${created.error.message}`);
  if (created.value === null) {
    const [winner] = await deps.store.findOrganizationsByEmail(record.email);
    if (!winner) throw new Error('sign-up lost the claim of its address to an organization that is gone');
    return { kind: 'signed_in', organization: winner, email: record.email };
  }
  return { kind: 'created', organization: created.value.organization, email: record.email, apiKey: created.value.key.apiKey };
}
