import type { FastifyInstance } from 'fastify';
import { isDocumentType } from '../../domain/document-types.js';
import type { Clock } from '../../ports/clock.js';
import type { Store } from '../../ports/store.js';
import type { CommitDeps } from '../../services/meter-calls.js';
import type { PendingSettlements } from '../../services/pending-settlements.js';
import { CLIENT_CLOSED_REQUEST, recordAnalyzeCall, settleDelivery } from '../../services/run-metered-analysis.js';
import { watchResponse } from '../response-done.js';

export interface MeteredCallDeps extends CommitDeps {
  store: Store;
  clock: Clock;
  settlements: PendingSettlements;
  /** Aborted when a shutdown withdraws the work still running (http/app.ts closeGracefully). */
  draining: AbortSignal;
}

/**
 * The end of every metered API call (POST /api/v1/analyze), whatever ended it: once the
 * connection is done with the response, the reservation the auth gate took is committed —
 * only when the route marked the call billable (a 200) and that response was written in full —
 * or released; and the audit record of SPEC §7 is written for every call that got past the
 * key check, answered or abandoned (status 499 when the client left before the answer).
 *
 * Installed before the auth gate, so its watcher is in place even when the gate refuses the
 * call (401/403/429/402 are audited once the key is known, as before).
 */
export function installMeteredCalls(app: FastifyInstance, deps: MeteredCallDeps): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.config.metered) return;
    const lifetime = watchResponse(reply);
    // The work is withdrawn when the client leaves or a shutdown's grace runs out.
    request.clientGone = AbortSignal.any([lifetime.clientGone, deps.draining]);
    const settling = lifetime.done.then(async (delivered) => {
      if (request.reservation) {
        await settleDelivery(deps, request.reservation, request.billableCall, delivered, {
          onRetry: (err) => request.log.warn({ err: { name: err.name, message: err.message } }, 'settling a reservation failed; retrying'),
        }).catch((err: Error) => request.log.error({ err: { name: err.name, message: err.message } }, 'settling a reservation failed'));
      }
      if (!request.auth) return;
      await recordAnalyzeCall(deps, {
        organizationId: request.auth.organization.id,
        keyId: request.auth.key.id,
        documentType: request.documentType && isDocumentType(request.documentType) ? request.documentType : null,
        statusCode: delivered ? reply.statusCode : CLIENT_CLOSED_REQUEST,
        pages: request.pagesProcessed,
        latencyMs: Math.round(reply.elapsedTime),
      }, {
        onRetry: (err) => request.log.warn({ err: { name: err.name, message: err.message } }, 'audit insert failed; retrying'),
      }).catch((err: Error) => request.log.error({ err: { name: err.name, message: err.message } }, 'audit insert failed'));
    });
    // Tracked under the organization once the connection is done (the key is known by then,
    // or the call was refused before it and holds nothing), so usage reads can wait for it.
    reply.raw.once('close', () => {
      if (request.auth) deps.settlements.track(request.auth.organization.id, settling);
    });
  });
  app.addHook('onClose', async () => deps.settlements.all());
}
