import Stripe from 'stripe';
import { z } from 'zod';
import { PAID_CHECKOUT_TIERS, type CheckoutTier } from '../../domain/tiers.js';
import type { BillingProvider, ProviderSubscription, WebhookVerification } from '../../ports/billing.js';

export interface StripeBillingOptions {
  secretKey: string;
  webhookSecret: string;
  /** Monthly price per tier, and the metered overage price that goes with it. */
  prices: Record<CheckoutTier, string>;
  overagePrices: Record<CheckoutTier, string>;
  meterEventName: string;
  /** Where the account area lives: checkout and portal return there. */
  publicBaseUrl: string;
  /** Another API address (http://127.0.0.1:port in tests); unset: api.stripe.com. */
  apiBase?: string | undefined;
  /**
   * How long one request to Stripe may take before it counts as failed (the SDK's own default,
   * 80 s, would keep a checkout or a webhook waiting on a hanging Stripe for minutes).
   */
  timeoutMs: number;
  /**
   * The SDK's own retries of a failed or timed-out request (POSTs carry an idempotency key, so
   * a retry is not a second customer or session). One call to Stripe waits at most
   * timeoutMs × (maxNetworkRetries + 1); the overage reporter retries on its own too.
   */
  maxNetworkRetries: number;
}

/** How many of a customer's subscriptions are fetched to find the current one (newest first). */
const SUBSCRIPTION_LIST_LIMIT = 20;

/**
 * The payment provider on Stripe (SPEC §5). One Stripe customer per organization (metadata
 * organization_id); checkout in subscription mode with automatic tax and VAT-ID collection, the
 * tier's price and its metered overage price; webhooks verified on the raw body; overage calls
 * reported as billing meter events whose identifier is the call's request id.
 */
export function createStripeBilling(options: StripeBillingOptions): BillingProvider {
  const stripe = new Stripe(options.secretKey, {
    ...apiAddress(options.apiBase),
    timeout: options.timeoutMs,
    maxNetworkRetries: options.maxNetworkRetries,
    telemetry: false,
    appInfo: { name: 'klartext' },
  });
  const accountArea = `${options.publicBaseUrl.replace(/\/+$/, '')}/api-account/billing`;
  const tierOfPrice = new Map<string, CheckoutTier>(PAID_CHECKOUT_TIERS.map((t) => [options.prices[t], t]));

  const toSubscription = (s: Stripe.Subscription): ProviderSubscription => {
    const tier = s.items.data.map((item) => tierOfPrice.get(item.price.id)).find((t) => t !== undefined) ?? null;
    return {
      id: s.id,
      status: s.status,
      tier,
      periodAnchor: new Date(s.billing_cycle_anchor * 1000),
      cancelAtPeriodEnd: s.cancel_at_period_end,
      created: new Date(s.created * 1000),
    };
  };

  return {
    name: 'stripe',
    webhooks: {
      verify(rawBody, signatureHeader): WebhookVerification {
        if (!signatureHeader) return { ok: false, reason: 'missing_signature' };
        let parsed: unknown;
        try {
          parsed = stripe.webhooks.constructEvent(rawBody, signatureHeader, options.webhookSecret);
        } catch (err) {
          // A signature, secret or timestamp that does not match: not from Stripe. Anything else
          // thrown after the signature held (JSON that does not parse, a thin v2 notification)
          // is a signed body that is not an event.
          return { ok: false, reason: err instanceof Stripe.errors.StripeSignatureVerificationError ? 'invalid_signature' : 'not_an_event' };
        }
        // Signed is not the same as well-formed: `[]`, `null` or `{}` parse and verify too.
        const event = EventEnvelope.safeParse(parsed);
        if (!event.success) return { ok: false, reason: 'not_an_event' };
        return { ok: true, event: { id: event.data.id, type: event.data.type, ...customerAndOrganization(event.data) } };
      },
      async listSubscriptions(customerId) {
        const list = await stripe.subscriptions.list({ customer: customerId, status: 'all', limit: SUBSCRIPTION_LIST_LIMIT });
        return list.data.map(toSubscription);
      },
    },
    usageReporting: {
      async reportOverageCall({ identifier, customerId, occurredAt }) {
        await stripe.billing.meterEvents.create({
          event_name: options.meterEventName,
          identifier,
          timestamp: Math.floor(occurredAt.getTime() / 1000),
          payload: { stripe_customer_id: customerId, value: '1' },
        });
      },
    },
    async createCustomer(organization) {
      const customer = await stripe.customers.create({
        name: organization.name,
        email: organization.email,
        metadata: { organization_id: organization.id },
      });
      return customer.id;
    },
    async createCheckoutSession({ organization, tier }) {
      if (!organization.billingCustomerId) throw new Error('Stripe checkout needs the organization’s customer first');
      const metadata = { organization_id: organization.id, tier };
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: organization.billingCustomerId,
        client_reference_id: organization.id,
        metadata,
        subscription_data: { metadata },
        // The metered overage price takes no quantity: its usage comes from meter events.
        line_items: [{ price: options.prices[tier], quantity: 1 }, { price: options.overagePrices[tier] }],
        automatic_tax: { enabled: true },
        tax_id_collection: { enabled: true },
        // Tax-ID collection and automatic tax on an existing customer need these.
        customer_update: { name: 'auto', address: 'auto' },
        success_url: `${accountArea}?checkout=success`,
        cancel_url: `${accountArea}?checkout=cancelled`,
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { url: session.url };
    },
    async createPortalSession({ organization }) {
      if (!organization.billingCustomerId) throw new Error('Stripe portal needs the organization’s customer');
      const session = await stripe.billingPortal.sessions.create({ customer: organization.billingCustomerId, return_url: accountArea });
      return { url: session.url };
    },
  };
}

/** The SDK's host/port/protocol from one URL. */
function apiAddress(apiBase: string | undefined): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

/**
 * The least of an event this service reads: its id, its type and that `data.object` is an
 * object. Unknown fields are kept (the ids below are read from them) and never trusted.
 */
const EventEnvelope = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({ object: z.looseObject({}) }),
});

/** Only ids are read from an event; its state is never trusted (DESIGN habit 7). */
function customerAndOrganization(event: z.infer<typeof EventEnvelope>): { customerId: string | null; organizationId: string | null } {
  const object = event.data.object;
  const customerId = idOf(object.customer);
  const metadata = object.metadata && typeof object.metadata === 'object' ? (object.metadata as Record<string, unknown>) : {};
  const organizationId =
    event.type === 'checkout.session.completed' ? (textOf(metadata.organization_id) ?? textOf(object.client_reference_id)) : null;
  return { customerId, organizationId };
}

/** An expandable reference: the id itself, or the expanded object carrying it. */
function idOf(value: unknown): string | null {
  if (value && typeof value === 'object' && 'id' in value) return textOf((value as { id: unknown }).id);
  return textOf(value);
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}
