import { currentSubscription, grantsTier } from '../domain/subscription-state.js';
import type { BillingWebhookEvent, BillingWebhooks } from '../ports/billing.js';
import type { Clock } from '../ports/clock.js';
import type { Store } from '../ports/store.js';
import { fail, ok, type Outcome } from './service-error.js';
import { syncSubscription, type SubscriptionSnapshot } from './sync-subscription.js';

/**
 * A payment provider's webhook (SPEC §5, DESIGN habit 7): verify, de-duplicate by event id,
 * then converge. The event only names the customer (and, on checkout, the organization); the
 * subscription's state is fetched from the provider now, so events applied twice, late or out of
 * order all end in the provider's current state. docs/billing.md says what each status means.
 */
export const HANDLED_EVENT_TYPES = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.payment_failed',
  'invoice.paid',
] as const;

/**
 * A claim older than this was left by a process that died while applying; it is retaken. Longer
 * than applying can take: one Stripe call waits at most STRIPE_TIMEOUT_MS × (retries + 1) ≤ 4 min.
 */
export const WEBHOOK_CLAIM_STALE_MS = 5 * 60 * 1000;

export interface WebhookDeps {
  store: Store;
  clock: Clock;
  webhooks: BillingWebhooks;
}

export type WebhookResult =
  | { result: 'applied'; eventId: string; organizationId: string; tier: string; status: string | null }
  | { result: 'duplicate'; eventId: string }
  /** Another delivery of the event is applying it and may still fail: not done yet. */
  | { result: 'in_progress'; eventId: string }
  | { result: 'ignored'; eventId: string; reason: 'event_type' | 'no_customer' | 'unknown_customer' };

const VERIFICATION_MESSAGES = {
  missing_signature: 'The Stripe-Signature header is missing.',
  invalid_signature: 'The webhook signature does not match the body.',
  not_an_event: 'The webhook body is not a Stripe event.',
} as const;

export async function receiveBillingWebhook(
  deps: WebhookDeps,
  rawBody: Buffer,
  signatureHeader: string | undefined,
): Promise<Outcome<WebhookResult>> {
  const verified = deps.webhooks.verify(rawBody, signatureHeader);
  if (!verified.ok) return fail('invalid_request', VERIFICATION_MESSAGES[verified.reason]);
  const result = await applyBillingEvent(deps, verified.event);
  // Acknowledging this delivery would end the provider's retries of an event that is not
  // applied yet (the delivery holding it may still fail): refuse it, so it is sent again.
  if (result.result === 'in_progress') {
    return fail('service_unavailable', 'This event is being applied by an earlier delivery; send it again later.');
  }
  return ok(result);
}

export async function applyBillingEvent(deps: WebhookDeps, event: BillingWebhookEvent): Promise<WebhookResult> {
  if (!(HANDLED_EVENT_TYPES as readonly string[]).includes(event.type)) return { result: 'ignored', eventId: event.id, reason: 'event_type' };
  if (!event.customerId) return { result: 'ignored', eventId: event.id, reason: 'no_customer' };

  const now = deps.clock.now();
  const claim = await deps.store.claimWebhookEvent(event, now, new Date(now.getTime() - WEBHOOK_CLAIM_STALE_MS));
  if (claim.state === 'processed') return { result: 'duplicate', eventId: event.id };
  if (claim.state === 'in_progress') return { result: 'in_progress', eventId: event.id };
  try {
    const snapshot = await currentSnapshot(deps, event.customerId, event.organizationId);
    const synced = await syncSubscription(deps, snapshot);
    // Done only now that it is applied (or found to concern no organization of ours).
    await deps.store.finishWebhookEvent(event.id, claim.token, deps.clock.now());
    if (!synced.ok) return { result: 'ignored', eventId: event.id, reason: 'unknown_customer' };
    return { result: 'applied', eventId: event.id, organizationId: synced.value.id, tier: synced.value.tier, status: snapshot.status ?? null };
  } catch (err) {
    // Not applied: forget this claim so that the provider's retry of this event applies it.
    await deps.store.releaseWebhookEvent(event.id, claim.token).catch(() => undefined);
    throw err;
  }
}

/** The customer's subscription as the provider has it now, as the snapshot sync applies. */
async function currentSnapshot(deps: WebhookDeps, customerId: string, organizationId: string | null): Promise<SubscriptionSnapshot> {
  const current = currentSubscription(await deps.webhooks.listSubscriptions(customerId));
  const tier = current && grantsTier(current.status) ? current.tier : null;
  return {
    ...(organizationId ? { organizationId } : {}),
    customerId,
    subscriptionId: tier && current ? current.id : null,
    tier,
    periodAnchor: tier && current ? current.periodAnchor : null,
    status: current?.status ?? null,
  };
}
