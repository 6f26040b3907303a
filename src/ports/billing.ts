import type { CheckoutTier, Tier } from '../domain/tiers.js';
import type { Organization } from './store.js';

/**
 * Payment provider port (SPEC §5). The test-mode adapter serves hosted pages from this service;
 * the Stripe adapter answers with Stripe's hosted pages. Both end in services/sync-subscription.
 */
export interface BillingProvider {
  readonly name: 'test-mode' | 'stripe';
  /**
   * Creates the provider's customer for an organization (called once, before its first
   * checkout; the id is kept as billingCustomerId). Absent for a provider without customers
   * of its own (test mode).
   */
  createCustomer?(organization: Organization): Promise<string>;
  /** With createCustomer, the organization carries its billingCustomerId here. */
  createCheckoutSession(input: { organization: Organization; tier: CheckoutTier }): Promise<{ url: string }>;
  createPortalSession(input: { organization: Organization }): Promise<{ url: string }>;
  /** The provider's webhooks; null when it has none (test mode completes in-process). */
  readonly webhooks: BillingWebhooks | null;
  /** Reporting of overage calls; null when the provider invoices none (test mode). */
  readonly usageReporting: UsageReporting | null;
}

/** The part of a verified webhook event that the service reads; everything else is refetched. */
export interface BillingWebhookEvent {
  id: string;
  type: string;
  customerId: string | null;
  /** From the metadata this service put on the checkout session; null elsewhere. */
  organizationId: string | null;
}

export type WebhookVerification =
  | { ok: true; event: BillingWebhookEvent }
  /** invalid_signature: not signed by the provider; not_an_event: signed, but no event in it. */
  | { ok: false; reason: 'missing_signature' | 'invalid_signature' | 'not_an_event' };

/** A subscription as the provider sees it now. */
export interface ProviderSubscription {
  id: string;
  /** The provider's status, e.g. active, past_due, canceled (domain/subscription-state.ts). */
  status: string;
  /** The paid tier its price belongs to; null for a price this service does not sell. */
  tier: Exclude<Tier, 'trial'> | null;
  /** Anchor of its monthly billing cycle. */
  periodAnchor: Date;
  cancelAtPeriodEnd: boolean;
  created: Date;
}

export interface BillingWebhooks {
  /** Checks the signature over the exact bytes received. Never throws for a bad request. */
  verify(rawBody: Buffer, signatureHeader: string | undefined): WebhookVerification;
  /** Every subscription of the customer, fetched from the provider now (never from an event). */
  listSubscriptions(customerId: string): Promise<ProviderSubscription[]>;
}

export interface UsageReporting {
  /**
   * Reports one overage call. `identifier` (the request id) makes a resend of the same call
   * harmless: the provider counts it once. Throws when the provider did not accept it.
   */
  reportOverageCall(call: { identifier: string; customerId: string; occurredAt: Date }): Promise<void>;
}
