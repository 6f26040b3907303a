import type { Tier } from '../domain/tiers.js';
import type { Clock } from '../ports/clock.js';
import type { Organization, Store } from '../ports/store.js';
import { changePlan } from './change-plan.js';
import { fail, ok, type Outcome } from './service-error.js';

/**
 * The provider's current view of one customer's subscription. Webhooks and the test-mode
 * provider both end here: state converges to the snapshot, so applying one twice, or out of
 * order with an older one, leaves the same result (DESIGN habit 7).
 */
export interface SubscriptionSnapshot {
  /** Set on checkout completion (from the session's metadata); else found by customer id. */
  organizationId?: string;
  customerId: string;
  subscriptionId: string | null;
  /** The paid tier of an active subscription; null when none is active (cancelled, ended). */
  tier: Exclude<Tier, 'trial'> | null;
  /** Start of the subscription's billing cycle: the anchor of the monthly periods. */
  periodAnchor: Date | null;
  /** The provider's status it was decided from (domain/subscription-state.ts), for the record. */
  status?: string | null;
}

export async function syncSubscription(
  deps: { store: Store; clock: Clock },
  snapshot: SubscriptionSnapshot,
): Promise<Outcome<Organization>> {
  const organization = snapshot.organizationId
    ? await deps.store.getOrganization(snapshot.organizationId)
    : await deps.store.findOrganizationByBillingCustomer(snapshot.customerId);
  if (!organization) return fail('not_found', 'No organization for this billing customer.');
  if (!snapshot.tier) {
    // Nothing to end: a plan an operator set without a subscription (enterprise by contract)
    // is not the provider's to take away.
    if (organization.tier !== 'trial' && !organization.billingSubscriptionId) return ok(organization);
    return changePlan(deps, organization.id, {
      tier: 'trial',
      billingCustomerId: snapshot.customerId,
      billingSubscriptionId: null,
    });
  }
  return changePlan(deps, organization.id, {
    tier: snapshot.tier,
    periodAnchor: snapshot.periodAnchor ?? deps.clock.now(),
    billingCustomerId: snapshot.customerId,
    billingSubscriptionId: snapshot.subscriptionId,
  });
}
