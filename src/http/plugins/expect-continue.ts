import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * `Expect: 100-continue`: the client waits for "100 Continue" before it sends its body, so the
 * interim answer is given only once the call has been admitted. Node's http server sends it
 * itself, before any hook runs, unless a 'checkContinue' listener exists; this one hands the
 * request to Fastify as an ordinary one. The onRequest hooks (the key, scope, rate limit and
 * quota of plugins/api-auth.ts) run first; a refusal is the final answer, and the client never
 * sends the body (Node marks that answer Connection: close). A request that passes them gets
 * "100 Continue" in the first hook after them (preParsing), before its body is read.
 */
export function installExpectContinue(app: FastifyInstance): void {
  /** Requests Node handed over without answering "100 Continue" (it decides what asks for it). */
  const owed = new WeakSet<IncomingMessage>();
  app.server.on('checkContinue', (req: IncomingMessage, res) => {
    owed.add(req);
    app.server.emit('request', req, res);
  });
  app.addHook('preParsing', async (request, reply, payload) => {
    if (owed.has(request.raw) && !reply.raw.headersSent) reply.raw.writeContinue();
    owed.delete(request.raw);
    return payload;
  });
}
