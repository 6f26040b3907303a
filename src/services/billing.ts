import { isCheckoutTier, PAID_CHECKOUT_TIERS } from '../domain/tiers.js';
import type { BillingProvider } from '../ports/billing.js';
import type { Organization } from '../ports/store.js';
import { fail, ok, type Outcome } from './service-error.js';

/**
 * Checkout is for an organization on trial only (SPEC §5): changes between paid tiers go
 * through the provider's contact, as the seed says.
 */
export async function startCheckout(
  deps: { billing: BillingProvider },
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
  return ok(await deps.billing.createCheckoutSession({ organization, tier }));
}

export async function openBillingPortal(
  deps: { billing: BillingProvider },
  organization: Organization,
): Promise<Outcome<{ url: string }>> {
  if (organization.tier === 'trial' && !organization.billingCustomerId) {
    return fail('invalid_request', 'The organization has no subscription yet; start one with POST /api/v1/billing/checkout.');
  }
  return ok(await deps.billing.createPortalSession({ organization }));
}
