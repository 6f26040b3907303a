import { isCheckoutTier, PAID_CHECKOUT_TIERS } from '../domain/tiers.js';
import type { BillingProvider } from '../ports/billing.js';
import type { Organization, Store } from '../ports/store.js';
import { fail, ok, type Outcome } from './service-error.js';

/**
 * Checkout is for an organization on trial only (SPEC §5): changes between paid tiers go
 * through the provider's contact, as the seed says.
 */
export async function startCheckout(
  deps: { billing: BillingProvider; store: Store },
  organization: Organization,
  tier: string,
): Promise<Outcome<{ url: string }>> {
  if (!isCheckoutTier(tier)) {
    return fail('invalid_request', `tier must be one of ${PAID_CHECKOUT_TIERS.join(', ')}.`, 'tier');
  }
  if (organization.tier !== 'trial') {
    return fail(
      'invalid_request',
      `The organization is already on the ${organization.tier} tier; changes between paid tiers go through billing support or the billing portal.`,
      'tier',
    );
  }
  if (!deps.billing.createCustomer) return ok(await deps.billing.createCheckoutSession({ organization, tier }));
  // One provider customer per organization, made before its first checkout and kept; of two
  // concurrent first checkouts the first stored customer wins (the other stays unused).
  let customerId = organization.billingCustomerId;
  if (!customerId) {
    const created = await deps.billing.createCustomer(organization);
    customerId = await deps.store.setBillingCustomerIfAbsent(organization.id, created);
    if (!customerId) return fail('not_found', 'The organization no longer exists.');
  }
  return ok(await deps.billing.createCheckoutSession({ organization: { ...organization, billingCustomerId: customerId }, tier }));
}

export async function openBillingPortal(
  deps: { billing: BillingProvider },
  organization: Organization,
): Promise<Outcome<{ url: string }>> {
  if (organization.tier === 'trial' && !organization.billingCustomerId) {
    return fail('invalid_request', 'The organization has no subscription yet; start one with POST /api/v1/billing/checkout.');
  }
  if (deps.billing.createCustomer && !organization.billingCustomerId) {
    // A plan set by an operator without a provider account: there is nothing to manage there.
    return fail('invalid_request', 'The organization has no billing account with the payment provider; contact billing support.');
  }
  return ok(await deps.billing.createPortalSession({ organization }));
}
