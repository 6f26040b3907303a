import type { FastifyInstance } from 'fastify';
import { ApiError } from '../api-error.js';

/** Seconds a client is asked to wait: another instance, or this one restarted, answers by then. */
const RETRY_AFTER_SECONDS = '5';

/**
 * While the server closes (SIGTERM, closeGracefully in app.ts), a request that still reaches it
 * — sent on a keep-alive connection that was busy when the close began, or pipelined behind a
 * request in flight — is answered 503 `service_unavailable` in the API's error body, with
 * X-Request-Id, Retry-After and `Connection: close`, like every other error (SPEC §2). Fastify's
 * own answer for this case (return503OnClosing, turned off in app.ts) has a body of its own and
 * neither header. Installed right after the request context, before the key gate: a closing
 * server checks no key and reserves nothing.
 */
export function installClosingAnswer(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async () => {
    if (!closing) return;
    throw new ApiError('service_unavailable', 'The server is shutting down; nothing was done. Retry on a new connection.', undefined, {
      'Retry-After': RETRY_AFTER_SECONDS,
      Connection: 'close',
    });
  });
}
