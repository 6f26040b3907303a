import type { FastifyInstance } from 'fastify';
import type { PendingSettlements } from '../services/pending-settlements.js';
import { publicPages } from './account/plugin.js';
import type { AppDeps } from './app-deps.js';
import { healthRoutes } from './routes/health.js';
import { testModeBillingRoutes } from './routes/test-mode-billing.js';
import { analyzeRoute } from './routes/v1/analyze.js';
import { billingRoutes } from './routes/v1/billing.js';
import { usageRoute } from './routes/v1/usage.js';
import { stripeWebhookRoute } from './routes/webhooks/stripe.js';

/**
 * Registers every route group with the part of `deps` it needs. The Stripe webhook exists only
 * when the billing provider takes webhooks, the test-mode checkout pages only in test mode.
 * `settlements` is the one queue of try-it and API calls still being settled, shared by the
 * usage route and the account pages so both wait for it.
 */
export async function registerRoutes(app: FastifyInstance, deps: AppDeps, settlements: PendingSettlements): Promise<void> {
  await app.register(healthRoutes, { store: deps.store, rateLimiter: deps.rateLimiter });
  await app.register(analyzeRoute, {
    store: deps.store,
    clock: deps.clock,
    reader: deps.reader,
    pipelines: deps.pipelines,
    maxPages: deps.config.maxPages,
    processingTimeoutMs: deps.config.processingTimeoutMs,
    reportsOverage: deps.billing.usageReporting !== null,
  });
  await app.register(usageRoute, { store: deps.store, clock: deps.clock, settlements });
  await app.register(billingRoutes, { billing: deps.billing, store: deps.store });
  if (deps.billing.webhooks) {
    await app.register(stripeWebhookRoute, { store: deps.store, clock: deps.clock, webhooks: deps.billing.webhooks });
  }
  await app.register(publicPages, {
    config: deps.config,
    store: deps.store,
    clock: deps.clock,
    mailer: deps.mailer,
    billing: deps.billing,
    rateLimiter: deps.rateLimiter,
    reader: deps.reader,
    pipelines: deps.pipelines,
    publicBaseUrl: deps.publicBaseUrl,
    settlements,
  });
  if (deps.billing.name === 'test-mode') {
    await app.register(testModeBillingRoutes, { store: deps.store, clock: deps.clock, secret: deps.billingSecret });
  }
}
