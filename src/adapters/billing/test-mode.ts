import { signToken } from '../../domain/signed-token.js';
import type { BillingProvider } from '../../ports/billing.js';
import type { Clock } from '../../ports/clock.js';

/** Hosted links stay valid for a day, like a provider's checkout session. */
const LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * The built-in payment provider used when no Stripe settings are given: its hosted checkout
 * and portal pages are served by this service under /billing/test-mode/ (http/routes/
 * test-mode-billing.ts). The links are signed, so they work on any instance sharing the secret.
 */
export function createTestModeBilling(options: {
  /** A function where the address is only known after listen (tests, benchmarks). */
  publicBaseUrl: string | (() => string);
  secret: string;
  clock: Clock;
}): BillingProvider {
  const baseUrl = typeof options.publicBaseUrl === 'function' ? options.publicBaseUrl : () => options.publicBaseUrl as string;
  const link = (page: 'checkout' | 'portal', payload: Record<string, unknown>) => {
    const token = signToken({ ...payload, exp: options.clock.now().getTime() + LINK_LIFETIME_MS }, options.secret);
    return `${baseUrl()}/billing/test-mode/${page}?token=${encodeURIComponent(token)}`;
  };
  return {
    name: 'test-mode',
    // Completion is in-process (no webhooks); overage is shown in usage, never invoiced.
    webhooks: null,
    usageReporting: null,
    async createCheckoutSession({ organization, tier }) {
      // `v`: the plan version the link was issued at; completion is refused once it changed.
      return { url: link('checkout', { k: 'checkout', o: organization.id, t: tier, v: organization.planVersion }) };
    },
    async createPortalSession({ organization }) {
      return { url: link('portal', { k: 'portal', o: organization.id }) };
    },
  };
}
