import type { Tier } from '../domain/tiers.js';
import type { Clock } from '../ports/clock.js';
import type { Organization, PlanChange, Store } from '../ports/store.js';
import { fail, ok, type Outcome } from './service-error.js';

export interface PlanInput {
  tier: Tier;
  includedCalls?: number | null;
  overageCents?: number | null;
  rateLimit?: number | null;
  /** Start of the new billing periods; defaults to now when the tier changes. */
  periodAnchor?: Date;
  billingCustomerId?: string | null;
  billingSubscriptionId?: string | null;
}

/**
 * Moves an organization to a tier (operator CLI, checkout completion, subscription sync).
 * A change of tier starts a new billing period unless the provider names its own anchor;
 * custom allowance and price exist only on enterprise (the public tiers' numbers are the
 * offer); a custom rate limit may be set on any tier.
 */
export async function changePlan(
  deps: { store: Store; clock: Clock },
  organizationId: string,
  input: PlanInput,
): Promise<Outcome<Organization>> {
  const current = await deps.store.getOrganization(organizationId);
  if (!current) return fail('not_found', `No organization with id '${organizationId}'.`, 'org');
  for (const [field, value] of [
    ['included', input.includedCalls],
    ['overage-cents', input.overageCents],
    ['rate-limit', input.rateLimit],
  ] as const) {
    if (value != null && (!Number.isInteger(value) || value < 0 || (field === 'rate-limit' && value < 1))) {
      return fail('invalid_request', `${field} must be a whole number${field === 'rate-limit' ? ' of at least 1' : ' ≥ 0'}.`, field);
    }
  }
  const custom = input.tier === 'enterprise';
  if (!custom && (input.includedCalls != null || input.overageCents != null)) {
    return fail('invalid_request', 'Custom included calls and overage price are for the enterprise tier only.', 'tier');
  }
  // Contract numbers survive a change within enterprise; a rate-limit override survives any
  // change until it is cleared (null) or replaced.
  const change: PlanChange = {
    tier: input.tier,
    includedCallsOverride: custom ? (input.includedCalls ?? current.includedCallsOverride) : null,
    overageCentsOverride: custom ? (input.overageCents ?? current.overageCentsOverride) : null,
    rateLimitOverride: input.rateLimit === undefined ? current.rateLimitOverride : input.rateLimit,
  };
  if (input.periodAnchor) change.periodAnchor = input.periodAnchor;
  else if (input.tier === 'trial') change.periodAnchor = current.createdAt; // the trial's periods run from sign-up
  else if (input.tier !== current.tier) change.periodAnchor = deps.clock.now();
  if (input.billingCustomerId !== undefined) change.billingCustomerId = input.billingCustomerId;
  if (input.billingSubscriptionId !== undefined) change.billingSubscriptionId = input.billingSubscriptionId;
  const updated = await deps.store.changePlan(organizationId, change);
  return updated ? ok(updated) : fail('not_found', `No organization with id '${organizationId}'.`, 'org');
}
