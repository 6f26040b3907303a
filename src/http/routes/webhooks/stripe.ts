import type { FastifyInstance } from 'fastify';
import type { BillingWebhooks } from '../../../ports/billing.js';
import type { Clock } from '../../../ports/clock.js';
import type { Store } from '../../../ports/store.js';
import { receiveBillingWebhook } from '../../../services/billing-webhook.js';
import { ApiError } from '../../api-error.js';

/** Stripe sends events well below this; a larger body is refused before it is read whole. */
const WEBHOOK_BODY_LIMIT = 512 * 1024; // 512 KiB

/**
 * POST /webhooks/stripe. The signature covers the exact bytes sent, so this plugin (and only
 * it: Fastify scopes parsers to the plugin that adds them) replaces every body parser with one
 * that keeps the raw bytes. The rest of the app keeps its JSON, form and multipart parsers.
 */
export async function stripeWebhookRoute(app: FastifyInstance, deps: { store: Store; clock: Clock; webhooks: BillingWebhooks }): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post('/webhooks/stripe', { schema: { hide: true } }, async (request) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const header = request.headers['stripe-signature'];
    const outcome = await receiveBillingWebhook(deps, raw, Array.isArray(header) ? header[0] : header);
    if (!outcome.ok) {
      // Refused (bad signature, not an event, or the event is still being applied elsewhere):
      // Stripe's delivery log shows the status, ours says why. Messages are fixed texts.
      request.log.warn({ code: outcome.error.code, reason: outcome.error.message }, 'stripe webhook refused');
      throw ApiError.from(outcome.error);
    }
    const r = outcome.value;
    request.log.info({ event_id: r.eventId, result: r.result, ...('reason' in r ? { reason: r.reason } : {}) }, 'stripe webhook');
    return { received: true };
  });
}
