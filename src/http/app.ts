import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { PendingSettlements } from '../services/pending-settlements.js';
import { installErrorHandling } from './errors.js';
import { tolerantSerializerCompiler } from './tolerant-serializer.js';
import { installFrameDenial } from './page-headers.js';
import { installOpenApi } from './openapi.js';
import { registerRoutes } from './app-routes.js';
import { installBodyParsers } from './body-parsers.js';
import { serverOptions } from './server-options.js';
import type { AppDeps } from './app-deps.js';
import { installApiAuth } from './plugins/api-auth.js';
import { installBodyDeadline } from './plugins/body-deadline.js';
import { installClosingAnswer } from './plugins/closing-answer.js';
import { installEarlyAnswerClose } from './plugins/early-answer.js';
import { installExpectContinue } from './plugins/expect-continue.js';
import { installMeteredCalls } from './plugins/metered-calls.js';
import { installMetrics } from './plugins/metrics.js';
import { installRequestContext } from './plugins/request-context.js';

/** What the app is built from (app-deps.ts). */
export type { AppDeps } from './app-deps.js';

/**
 * Builds the HTTP app without listening (DESIGN: main.ts listens). The only place that
 * knows Fastify; routes are thin and call services. Order matters: the request context, error
 * handling and metrics hooks go on before any route, the body parsers and the metered-call and
 * API-auth hooks before the routes that rely on them (app-routes.ts).
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify(serverOptions(deps));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(tolerantSerializerCompiler(app.log));

  installRequestContext(app);
  installClosingAnswer(app);
  installBodyDeadline(app, deps.config.requestTimeoutMs);
  installEarlyAnswerClose(app);
  installExpectContinue(app);
  installErrorHandling(app);
  installMetrics(app, { defaultMetrics: deps.defaultMetrics ?? true, reader: deps.reader, token: deps.config.metricsToken });
  installFrameDenial(app, '/docs');
  await installOpenApi(app, deps.config.publicBaseUrl);
  await installBodyParsers(app);

  const settlements = new PendingSettlements();
  app.decorate('drain', new AbortController());
  installMeteredCalls(app, {
    store: deps.store,
    clock: deps.clock,
    reportsOverage: deps.billing.usageReporting !== null,
    settlements,
    draining: app.drain.signal,
  });
  installApiAuth(app, { store: deps.store, clock: deps.clock, rateLimiter: deps.rateLimiter });
  await registerRoutes(app, deps, settlements);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Aborted when a shutdown's grace is nearly spent: work still running is withdrawn (503). */
    drain: AbortController;
  }
}

/** Share of the grace after which work still in flight is withdrawn, leaving time to answer. */
const DRAIN_AT = 0.6;

/**
 * Stops accepting requests (new ones get 503), lets those in flight finish for most of
 * `graceMs`, then withdraws the processing still running: those calls answer 503
 * service_unavailable with Retry-After and give their reservations back, so no client loses
 * its connection without an HTTP answer. Whatever is still open at `graceMs` (a client that
 * stopped reading) is cut — a keep-alive connection would otherwise hold the close for 72 s.
 */
export async function closeGracefully(app: FastifyInstance, graceMs: number): Promise<void> {
  const timers: NodeJS.Timeout[] = [];
  timers.push(setTimeout(() => app.drain.abort(), Math.floor(graceMs * DRAIN_AT)));
  const cut = new Promise<void>((resolve) => {
    timers.push(
      setTimeout(() => {
        app.server.closeAllConnections();
        resolve();
      }, graceMs),
    );
  });
  try {
    await Promise.race([app.close(), cut.then(() => app.close())]);
  } finally {
    timers.forEach(clearTimeout);
  }
}
