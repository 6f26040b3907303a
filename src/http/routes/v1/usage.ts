import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../../ports/clock.js';
import type { Store } from '../../../ports/store.js';
import { getUsage } from '../../../services/get-usage.js';
import type { PendingSettlements } from '../../../services/pending-settlements.js';
import { UsageResponseSchema } from '../../schemas.js';

/**
 * GET /api/v1/usage: the usage record of the running billing period (SPEC §4). Waits for the
 * organization's calls still being settled on this instance, so a 200 just received counts.
 */
export async function usageRoute(app: FastifyInstance, deps: { store: Store; clock: Clock; settlements: PendingSettlements }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/usage',
    {
      config: { scope: 'usage:read' },
      schema: {
        operationId: 'getUsage',
        summary: 'Usage of the current billing period',
        tags: ['usage'],
        response: { 200: UsageResponseSchema },
      },
    },
    async (request) => {
      await deps.settlements.settled(request.auth!.organization.id);
      return getUsage(deps, request.auth!.organization);
    },
  );
}
