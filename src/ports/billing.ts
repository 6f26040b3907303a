import type { CheckoutTier } from '../domain/tiers.js';
import type { Organization } from './store.js';

/**
 * Payment provider port (SPEC §5). The test-mode adapter serves hosted pages from this service;
 * the Stripe adapter answers with Stripe's hosted pages. Both end in services/sync-subscription.
 */
export interface BillingProvider {
  readonly name: 'test-mode' | 'stripe';
  createCheckoutSession(input: { organization: Organization; tier: CheckoutTier }): Promise<{ url: string }>;
  createPortalSession(input: { organization: Organization }): Promise<{ url: string }>;
}
