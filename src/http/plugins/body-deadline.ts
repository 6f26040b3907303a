import type { FastifyInstance } from 'fastify';
import { ApiError } from '../api-error.js';

/**
 * REQUEST_TIMEOUT_MS bounds the time to receive a request's body (a client that uploads one
 * byte a second must not hold a connection, a worker's attention or a quota reservation).
 * When the body is still arriving at the deadline, the error is delivered into the body stream
 * that the route is reading (multipart or JSON parser both listen for 'error' on it), so the
 * request ends through the ordinary error path: 408 `request_timeout` in the API's error body,
 * the reservation given back, the audit record written, nothing billed. `Connection: close`
 * ends the connection once the answer is out. If nothing reads the body at that moment (an
 * earlier hook still waiting), the answer is sent from here. Node's own requestTimeout stays
 * as a backstop a little later (app.ts); its 408 has no API body.
 */
export function installBodyDeadline(app: FastifyInstance, requestTimeoutMs: number): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.raw.complete) return; // no body, or all of it already in
    const timer = setTimeout(() => {
      if (request.raw.complete || reply.sent || request.raw.destroyed) return;
      const seconds = Math.round(requestTimeoutMs / 1000);
      const error = new ApiError('request_timeout', `The request body was not received within ${seconds} s; nothing was billed.`, undefined, {
        Connection: 'close',
      });
      request.log.info({ received_bytes: request.raw.socket?.bytesRead ?? null }, 'request body timed out');
      if (request.raw.listenerCount('error') > 0) request.raw.emit('error', error);
      else void reply.code(408).send(error);
    }, requestTimeoutMs);
    timer.unref();
    reply.raw.once('close', () => clearTimeout(timer));
  });
}
