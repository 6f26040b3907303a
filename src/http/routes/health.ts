import type { FastifyInstance } from 'fastify';
import type { Store } from '../../ports/store.js';

/** Liveness (the process answers) and readiness (the database answers). */
export async function healthRoutes(app: FastifyInstance, deps: { store: Store }): Promise<void> {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await deps.store.ping();
      return { status: 'ready' };
    } catch (err) {
      request.log.error({ err: { name: (err as Error).name, message: (err as Error).message } }, 'database not reachable');
      return reply.code(503).send({ status: 'unavailable', reason: 'database not reachable' });
    }
  });
}
