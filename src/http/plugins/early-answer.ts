import type { FastifyInstance } from 'fastify';
import { lingerAfterEarlyAnswer } from '../lingering-close.js';

/**
 * Every answer given before the request's body was read to its end (a refused key, scope, rate
 * limit or quota; a refused form; an unknown route; a body deadline): the unread rest of the
 * body is no request, so the answer says `Connection: close` and the client sends its next
 * request on a new connection (issue 10). The connection is closed only once the rest of the
 * body has been read and discarded, within bounds (lingering-close.ts), so that a client still
 * sending gets the answer rather than a reset (issue 19).
 */
export function installEarlyAnswerClose(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.raw.complete) return payload;
    reply.header('connection', 'close');
    lingerAfterEarlyAnswer(request.raw);
    return payload;
  });
}
