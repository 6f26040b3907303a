import { isCheckoutTier, PAID_CHECKOUT_TIERS } from '../domain/tiers.js';
import type { BillingProvider } from '../ports/billing.js';
import type { Organization, Store } from '../ports/store.js';
import { fail, ok, type Outcome } from './service-error.js';

/**
 * A call to the payment provider. Its failure (the provider down or refusing) is an expected
 * outcome, not a fault of this service: 503 `service_unavailable`, nothing changed, retry later.
 * The provider's own message stays in `cause`, for the log.
 */
async function fromProvider<T>(call: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return ok(await call());
  } catch (err) {
    return {
      ok: false,
      error: {
        code: 'service_unavailable',
        message: 'The payment provider cannot be reached; nothing was changed. Retry in a minute.',
        cause: err instanceof Error ? err : new Error(String(err)),
      },
    };
  }
}

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
  const billing = deps.billing;
  if (!billing.createCustomer) return fromProvider(() => billing.createCheckoutSession({ organization, tier }));
  const createCustomer = billing.createCustomer.bind(billing);
  // One provider customer per organization, made before its first checkout and kept; of two
  // concurrent first checkouts the first stored customer wins (the other stays unused).
  let customerId = organization.billingCustomerId;
  if (!customerId) {
    const created = await fromProvider(() => createCustomer(organization));
    if (!created.ok) return created;
    customerId = await deps.store.setBillingCustomerIfAbsent(organization.id, created.value);
    if (!customerId) return fail('not_found', 'The organization no longer exists.');
  }
  const withCustomer = { ...organization, billingCustomerId: customerId };
  return fromProvider(() => billing.createCheckoutSession({ organization: withCustomer, tier }));
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
  return fromProvider(() => deps.billing.createPortalSession({ organization }));
}
