import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config/config.js';
import { newId } from '../domain/random-id.js';
import { clientErrorHandler, frameworkErrorHandler } from './client-errors.js';
import { redactUrl } from './page-headers.js';

/** How much later than REQUEST_TIMEOUT_MS Node itself cuts an incomplete request. */
const NODE_REQUEST_TIMEOUT_MARGIN_MS = 10_000;

/**
 * The options the Fastify server is built with: a logger that never writes credentials, request
 * ids, proxy trust, body and time limits, and the API's error body for what the framework answers
 * before routing.
 */
export function serverOptions(deps: { config: Readonly<Config>; logStream?: NodeJS.WritableStream }): FastifyServerOptions {
  return {
    logger: {
      level: deps.config.logLevel,
      // Never log credentials, wherever a plugin puts the headers (@fastify/multipart logs its
      // busboy options with them at trace level); bodies and document text are never logged.
      redact: {
        paths: [
          'headers.authorization',
          'headers.cookie',
          '*.headers.authorization',
          '*.headers.cookie',
          '*.*.headers.authorization',
          '*.*.headers.cookie',
        ],
        censor: '[redacted]',
      },
      serializers: {
        // Fastify's request fields, with credential-bearing query values (signed billing links,
        // e-mailed sign-in tokens) replaced: a GET link's token must not end up in the logs.
        req: (req: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
          method: req.method,
          url: redactUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    genReqId: () => newId('req'),
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024, // 1 MiB for JSON bodies; uploads are limited by the multipart parser
    // Node's own cut of a request whose body never completes, a backstop behind the body
    // deadline (plugins/body-deadline.ts), which answers first and in the API's error body.
    requestTimeout: deps.config.requestTimeoutMs + NODE_REQUEST_TIMEOUT_MARGIN_MS,
    // A request that reaches a closing server is answered in the API's error body instead
    // (plugins/closing-answer.ts).
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true }, // /api/v1/usage/ is /api/v1/usage
    forceCloseConnections: 'idle',
    // What the framework answers before routing (header floods, unparseable HTTP, bad URLs)
    // in the API's error body too.
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
  };
}
