import type { FastifyInstance } from 'fastify';
import type { Reservation } from '../../services/meter-calls.js';
import type { CallOrigin } from '../../services/run-metered-analysis.js';
import type { ApiKeyRecord, Organization } from '../../ports/store.js';
import type { Scope } from '../../domain/scopes.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scope a key needs for this route; routes without one take no API key. */
    scope?: Scope;
    /** Reserve a metered call before the handler runs (analyze). */
    metered?: boolean;
  }
  interface FastifyRequest {
    startedAt: number;
    auth: { key: ApiKeyRecord; organization: Organization } | null;
    reservation: Reservation | null;
    /** The document_type of an analyze call once it is known, for audit and metrics labels. */
    documentType: string | null;
    pagesProcessed: number | null;
    /** Set by a metered route on its 200: the reservation is committed once that is written. */
    billableCall: CallOrigin | null;
    /** Metered routes: aborts when the client leaves before its answer (plugins/metered-calls). */
    clientGone: AbortSignal | null;
  }
}

/** Per-request state every later hook relies on, and X-Request-Id on every response. */
export function installRequestContext(app: FastifyInstance): void {
  app.decorateRequest('startedAt', 0);
  app.decorateRequest('auth', null);
  app.decorateRequest('reservation', null);
  app.decorateRequest('documentType', null);
  app.decorateRequest('pagesProcessed', null);
  app.decorateRequest('billableCall', null);
  app.decorateRequest('clientGone', null);
  app.addHook('onRequest', async (request, reply) => {
    request.startedAt = performance.now();
    reply.header('X-Request-Id', request.id);
  });
}
