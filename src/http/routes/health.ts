import type { FastifyInstance } from 'fastify';
import type { RateLimiter } from '../../ports/rate-limiter.js';
import type { Store } from '../../ports/store.js';

/**
 * Liveness (the process answers) and readiness (the database answers, and so does the shared
 * rate-limit store where one is configured: without it every keyed request would be 503).
 */
export async function healthRoutes(app: FastifyInstance, deps: { store: Store; rateLimiter: RateLimiter }): Promise<void> {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    const checks = await Promise.allSettled([deps.store.ping(), deps.rateLimiter.ping()]);
    const down = (['database', 'rate-limit store'] as const).filter((_, i) => checks[i]!.status === 'rejected');
    if (down.length === 0) return { status: 'ready' };
    for (const [i, check] of checks.entries()) {
      if (check.status === 'rejected') {
        const err = check.reason as Error;
        request.log.error({ err: { name: err.name, message: err.message } }, `${i === 0 ? 'database' : 'rate-limit store'} not reachable`);
      }
    }
    return reply.code(503).send({ status: 'unavailable', reason: `${down.join(' and ')} not reachable` });
  });
}
