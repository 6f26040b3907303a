import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { BillingProvider } from '../../../ports/billing.js';
import type { Store } from '../../../ports/store.js';
import { openBillingPortal, startCheckout } from '../../../services/billing.js';
import { ApiError } from '../../api-error.js';
import { BillingSessionSchema, CheckoutBodySchema, ErrorBodySchema, PortalBodySchema } from '../../schemas.js';

/** POST /api/v1/billing/checkout and /portal: addresses of the provider's hosted pages. */
export async function billingRoutes(app: FastifyInstance, deps: { billing: BillingProvider; store: Store }): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/v1/billing/checkout',
    {
      config: { scope: 'billing:write' },
      schema: {
        operationId: 'startCheckout',
        summary: 'Start a checkout for a paid tier (organizations on trial)',
        tags: ['billing'],
        body: CheckoutBodySchema,
        response: { 200: BillingSessionSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => {
      const outcome = await startCheckout(deps, request.auth!.organization, request.body.tier);
      if (!outcome.ok) {
        if (outcome.error.cause) {
          request.log.error({ err: { name: outcome.error.cause.name, message: outcome.error.cause.message } }, 'payment provider unreachable');
        }
        throw ApiError.from(outcome.error);
      }
      return outcome.value;
    },
  );
  typed.post(
    '/api/v1/billing/portal',
    {
      config: { scope: 'billing:write' },
      schema: {
        operationId: 'openBillingPortal',
        summary: 'Open the billing portal (invoices, payment method, cancellation)',
        description: 'Takes no body (or `{}`).',
        tags: ['billing'],
        body: PortalBodySchema,
        response: { 200: BillingSessionSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => {
      const outcome = await openBillingPortal(deps, request.auth!.organization);
      if (!outcome.ok) {
        if (outcome.error.cause) {
          request.log.error({ err: { name: outcome.error.cause.name, message: outcome.error.cause.message } }, 'payment provider unreachable');
        }
        throw ApiError.from(outcome.error);
      }
      return outcome.value;
    },
  );
}
