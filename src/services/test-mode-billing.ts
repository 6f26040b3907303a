import { verifyToken } from '../domain/signed-token.js';
import { isCheckoutTier, TIER_LIMITS, type CheckoutTier } from '../domain/tiers.js';
import type { Clock } from '../ports/clock.js';
import type { Organization, Store } from '../ports/store.js';
import { fail, ok, type Outcome } from './service-error.js';
import { syncSubscription } from './sync-subscription.js';

/**
 * The built-in payment provider's hosted pages (SPEC §5): what they show and what completing
 * them does. Links carry HMAC-signed tokens (adapters/billing/test-mode.ts makes them), so any
 * instance that shares the secret can serve them. Completing checkout goes through the same
 * syncSubscription as Stripe's webhook.
 */
export interface TestModeDeps {
  store: Store;
  clock: Clock;
  secret: string;
}

export interface CheckoutToken {
  k: 'checkout';
  o: string;
  t: string;
  /** The organization's plan version when the link was issued (absent in older links: 0). */
  v?: number;
  exp: number;
}
export interface PortalToken {
  k: 'portal';
  o: string;
  exp: number;
}

export const testModeCustomerId = (organizationId: string) => `cus_test_${organizationId}`;
export const testModeSubscriptionId = (organizationId: string) => `sub_test_${organizationId}`;

export interface CheckoutView {
  organization: Organization;
  tier: CheckoutTier;
  monthlyPriceCents: number;
  includedCalls: number;
  overageCentsPerCall: number;
}

export async function viewCheckout(deps: TestModeDeps, token: string): Promise<Outcome<CheckoutView>> {
  const payload = verifyToken<CheckoutToken>(token, deps.secret, deps.clock.now());
  if (!payload || payload.k !== 'checkout' || !isCheckoutTier(payload.t)) {
    return fail('invalid_request', 'This checkout link is invalid or has expired.', 'token');
  }
  const organization = await deps.store.getOrganization(payload.o);
  if (!organization) return fail('not_found', 'The organization no longer exists.');
  // A link issued before the plan last changed (e.g. before a cancellation) must not
  // subscribe again: the buyer starts a new checkout. On a paid tier completeCheckout decides.
  if (organization.tier === 'trial' && (payload.v ?? 0) !== organization.planVersion) {
    return fail('invalid_request', 'This checkout link was issued before the plan last changed; start a new checkout.', 'token');
  }
  const limits = TIER_LIMITS[payload.t];
  return ok({
    organization,
    tier: payload.t,
    monthlyPriceCents: limits.monthlyPriceCents ?? 0,
    includedCalls: limits.includedCalls,
    overageCentsPerCall: limits.overageCentsPerCall,
  });
}

export async function completeCheckout(deps: TestModeDeps, token: string): Promise<Outcome<Organization>> {
  const view = await viewCheckout(deps, token);
  if (!view.ok) return view;
  const { organization, tier } = view.value;
  if (organization.tier !== 'trial') {
    // Completing the same checkout twice converges on the state the first one made; any other
    // non-trial state (another tier, an operator's enterprise contract) is never overwritten by
    // an old link: checkout is for organizations on trial only (SPEC §5).
    const sameCheckout = organization.tier === tier && organization.billingSubscriptionId === testModeSubscriptionId(organization.id);
    return sameCheckout ? ok(organization) : fail('invalid_request', `The organization is already on the ${organization.tier} tier.`);
  }
  return syncSubscription(deps, {
    organizationId: organization.id,
    customerId: testModeCustomerId(organization.id),
    subscriptionId: testModeSubscriptionId(organization.id),
    tier,
    periodAnchor: deps.clock.now(),
  });
}

export async function viewPortal(deps: TestModeDeps, token: string): Promise<Outcome<Organization>> {
  const payload = verifyToken<PortalToken>(token, deps.secret, deps.clock.now());
  if (!payload || payload.k !== 'portal') return fail('invalid_request', 'This portal link is invalid or has expired.', 'token');
  const organization = await deps.store.getOrganization(payload.o);
  return organization ? ok(organization) : fail('not_found', 'The organization no longer exists.');
}

export async function cancelSubscription(deps: TestModeDeps, token: string): Promise<Outcome<Organization>> {
  const view = await viewPortal(deps, token);
  if (!view.ok) return view;
  // Only a subscription can be cancelled: cancelling again converges (already on trial), and an
  // operator's plan without a subscription is not the portal's to end.
  if (!view.value.billingSubscriptionId) {
    return view.value.tier === 'trial' ? ok(view.value) : fail('invalid_request', 'There is no active subscription to cancel.');
  }
  return syncSubscription(deps, {
    organizationId: view.value.id,
    customerId: view.value.billingCustomerId ?? testModeCustomerId(view.value.id),
    subscriptionId: null,
    tier: null,
    periodAnchor: null,
  });
}
