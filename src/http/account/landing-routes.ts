import type { FastifyInstance } from 'fastify';
import type { AccountAreaDeps } from './deps.js';
import { renderPage } from './render.js';

/** GET /: what the service reads, the tiers and prices of the seed, links to sign-up and docs. */
export async function landingRoutes(app: FastifyInstance, _deps: AccountAreaDeps): Promise<void> {
  app.get('/', { schema: { hide: true } }, async (request, reply) => renderPage(request, reply, 'landing.eta', { titleKey: 'common.tagline' }));
}
