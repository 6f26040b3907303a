import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../config/config.js';
import { MAX_UPLOAD_BYTES } from '../domain/file-kind.js';
import { newId } from '../domain/random-id.js';
import { PendingSettlements } from '../services/pending-settlements.js';
import type { DocumentReader } from '../pipeline/model/reader.js';
import type { PipelineRegistry } from '../pipeline/model/stage.js';
import type { BillingProvider } from '../ports/billing.js';
import type { Clock } from '../ports/clock.js';
import type { Mailer } from '../ports/mailer.js';
import type { RateLimiter } from '../ports/rate-limiter.js';
import type { Store } from '../ports/store.js';
import { publicPages } from './account/plugin.js';
import { clientErrorHandler, frameworkErrorHandler } from './client-errors.js';
import { installErrorHandling } from './errors.js';
import { tolerantSerializerCompiler } from './tolerant-serializer.js';
import { isFilePart } from './multipart-upload.js';
import { installFrameDenial, redactUrl } from './page-headers.js';
import { installOpenApi } from './openapi.js';
import { installApiAuth } from './plugins/api-auth.js';
import { installBodyDeadline } from './plugins/body-deadline.js';
import { installClosingAnswer } from './plugins/closing-answer.js';
import { installEarlyAnswerClose } from './plugins/early-answer.js';
import { installExpectContinue } from './plugins/expect-continue.js';
import { installMeteredCalls } from './plugins/metered-calls.js';
import { installMetrics } from './plugins/metrics.js';
import { installRequestContext } from './plugins/request-context.js';
import { healthRoutes } from './routes/health.js';
import { testModeBillingRoutes } from './routes/test-mode-billing.js';
import { analyzeRoute } from './routes/v1/analyze.js';
import { billingRoutes } from './routes/v1/billing.js';
import { usageRoute } from './routes/v1/usage.js';
import { stripeWebhookRoute } from './routes/webhooks/stripe.js';

export interface AppDeps {
  config: Readonly<Config>;
  store: Store;
  rateLimiter: RateLimiter;
  billing: BillingProvider;
  /** Secret of the test-mode provider's signed links; only used when billing is test-mode. */
  billingSecret: string;
  reader: DocumentReader;
  pipelines: PipelineRegistry;
  clock: Clock;
  /** E-mail of the account area (sign-up and sign-in links). */
  mailer: Mailer;
  /** Where logs go (default stdout); tests pass a stream to read what was logged. */
  logStream?: NodeJS.WritableStream;
  /** Process-wide default metrics; off in tests that build several apps. */
  defaultMetrics?: boolean;
  /** Where links in e-mails point when not config.publicBaseUrl (tests: known after listen). */
  publicBaseUrl?: () => string;
}

/** How much later than REQUEST_TIMEOUT_MS Node itself cuts an incomplete request. */
const NODE_REQUEST_TIMEOUT_MARGIN_MS = 10_000;

/**
 * Builds the HTTP app without listening (DESIGN: main.ts listens). The only place that
 * knows Fastify; routes are thin and call services.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
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
  });
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

  await app.register(formbody);
  await app.register(multipart, {
    limits: {
      fileSize: MAX_UPLOAD_BYTES, // 10 MiB, enforced while streaming
      files: 1,
      fields: 4,
      fieldSize: 1024, // bytes per text field; document_type is short
      parts: 8,
      headerPairs: 50,
    },
    throwFileSizeLimit: true,
    isPartAFile: isFilePart,
  });

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

  await app.register(healthRoutes, { store: deps.store, rateLimiter: deps.rateLimiter });
  await app.register(analyzeRoute, {
    store: deps.store,
    clock: deps.clock,
    reader: deps.reader,
    pipelines: deps.pipelines,
    maxPages: deps.config.maxPages,
    processingTimeoutMs: deps.config.processingTimeoutMs,
    reportsOverage: deps.billing.usageReporting !== null,
  });
  await app.register(usageRoute, { store: deps.store, clock: deps.clock, settlements });
  await app.register(billingRoutes, { billing: deps.billing, store: deps.store });
  if (deps.billing.webhooks) {
    await app.register(stripeWebhookRoute, { store: deps.store, clock: deps.clock, webhooks: deps.billing.webhooks });
  }
  await app.register(publicPages, {
    config: deps.config,
    store: deps.store,
    clock: deps.clock,
    mailer: deps.mailer,
    billing: deps.billing,
    rateLimiter: deps.rateLimiter,
    reader: deps.reader,
    pipelines: deps.pipelines,
    publicBaseUrl: deps.publicBaseUrl,
    settlements,
  });
  if (deps.billing.name === 'test-mode') {
    await app.register(testModeBillingRoutes, { store: deps.store, clock: deps.clock, secret: deps.billingSecret });
  }
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
