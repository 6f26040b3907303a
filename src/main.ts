import { randomBytes } from 'node:crypto';
import { createStripeBilling } from './adapters/billing/stripe.js';
import { createTestModeBilling } from './adapters/billing/test-mode.js';
import { createOutboxMailer } from './adapters/mailer/outbox.js';
import { createSmtpMailer } from './adapters/mailer/smtp.js';
import { openRateLimiter } from './adapters/rate-limiter/open-rate-limiter.js';
import { openStore } from './adapters/store/open-store.js';
import { createOpenAiCompatibleClient } from './adapters/llm/openai-compatible.js';
import { startTempFileSweeper } from './adapters/temp-files/sweeper.js';
import { ConfigError, loadConfig } from './config/config.js';
import { readerConfigOf } from './config/reader-config.js';
import { buildApp, closeGracefully } from './http/app.js';
import { createDocumentReader } from './pipeline/reading/read-document.js';
import { buildPipelineRegistry } from './pipeline/pipelines.js';
import { analysisStages } from './pipeline/stages/analysis/index.js';
import { systemClock } from './ports/clock.js';
import { reclaimStaleReservations, staleReservationAgeMs } from './services/reclaim-reservations.js';
import { startOverageReporter } from './services/report-overage.js';
import { ACCOUNT_SWEEP_INTERVAL_MS, sweepAccountData } from './services/sweep-account-data.js';

/** Composition root: the only place that chooses adapters (DESIGN). */
async function main(): Promise<void> {
  const config = loadConfig();
  // A PostgreSQL connection that dies (reset, server restart) is logged — the driver's code and
  // message only — and dropped by the pool; the app's logger exists once the app is built.
  let logLostConnection: (err: Error) => void = () => undefined;
  const store = await openStore(config.databaseUrl, { onPoolError: (err) => logLostConnection(err) });
  await store.migrate();
  const rateLimiter = await openRateLimiter(config.redisUrl);
  const billingSecret = config.billingSigningSecret ?? randomBytes(32).toString('hex');
  const billing = config.stripe
    ? createStripeBilling({ ...config.stripe, publicBaseUrl: config.publicBaseUrl })
    : createTestModeBilling({ publicBaseUrl: config.publicBaseUrl, secret: billingSecret, clock: systemClock });
  const mailer = config.smtpUrl
    ? createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom })
    : createOutboxMailer({ dir: config.outboxDir, from: config.mailFrom });
  const reader = createDocumentReader(readerConfigOf(config));
  const app = await buildApp({
    config,
    store,
    rateLimiter,
    billing,
    billingSecret,
    reader,
    pipelines: buildPipelineRegistry(
      config.llm
        ? analysisStages(
            createOpenAiCompatibleClient({
              baseUrl: config.llm.baseUrl,
              apiKey: config.llm.apiKey,
              model: config.llm.model,
              timeoutMs: config.llm.timeoutMs,
            }),
          )
        : {},
    ),
    clock: systemClock,
    mailer,
  });
  logLostConnection = (err) =>
    app.log.error({ err: { name: err.name, code: (err as NodeJS.ErrnoException).code, message: err.message } }, 'database connection lost');
  const stopSweeper = startTempFileSweeper((err) => app.log.error({ err: { message: err.message } }, 'temp sweep failed'));
  // Give back reservations of requests whose process died before settling them (every
  // instance may run this; the update is idempotent).
  const reclaimAge = staleReservationAgeMs(config);
  const reclaimTimer = setInterval(() => {
    reclaimStaleReservations({ store, clock: systemClock }, reclaimAge)
      .then((n) => n > 0 && app.log.warn({ counters: n }, 'reclaimed stale quota reservations'))
      .catch((err: Error) => app.log.error({ err: { message: err.message } }, 'reclaiming reservations failed'));
  }, 60_000);
  reclaimTimer.unref();
  // Overage calls recorded at commit go to the provider; every instance may run this (rows are
  // claimed atomically). Test mode invoices no overage and records none.
  const usageReporting = billing.usageReporting;
  const stopReporter = usageReporting
    ? startOverageReporter(
        { store, clock: systemClock, reporting: usageReporting },
        {
          intervalMs: 10_000,
          onRun: (run) => run.failed > 0 && app.log.warn({ sent: run.sent, failed: run.failed, first_error: run.errors[0] }, 'overage reporting failed for some calls'),
          onError: (err) => app.log.error({ err: { message: err.message } }, 'overage reporting failed'),
        },
      )
    : async () => undefined;
  // Expired account sessions, expired login links and finished limit windows (every instance
  // may run it; deleting what expired is idempotent).
  const accountSweepTimer = setInterval(() => {
    sweepAccountData({ store, clock: systemClock }).catch((err: Error) =>
      app.log.error({ err: { name: err.name, message: err.message } }, 'sweeping account data failed'),
    );
  }, ACCOUNT_SWEEP_INTERVAL_MS);
  accountSweepTimer.unref();

  if (!config.sessionSecret && config.redisUrl) {
    app.log.warn('SESSION_SECRET is unset: account-area sign-ins only work on the instance that made them');
  }
  if (billing.name === 'test-mode' && !config.billingSigningSecret && config.redisUrl) {
    app.log.warn('BILLING_SIGNING_SECRET is unset: test-mode billing links only work on the instance that made them');
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Klartext is listening on ${config.publicBaseUrl} (database ${config.databaseUrl.startsWith('sqlite:') ? 'SQLite' : 'PostgreSQL'}, ` +
      `rate limiter ${config.redisUrl ? 'Redis' : 'in-memory'}, billing ${billing.name}, ` +
        `e-mail ${mailer.name === 'smtp' ? 'SMTP' : `outbox ${config.outboxDir} (npm run cli -- outbox)`}, ` +
        `AI refinement ${config.llm ? `on (${config.llm.model})` : 'off'}). ` +
      `Sign up at ${config.publicBaseUrl}/api-account/sign-up, or create a first key with: npm run cli -- org create --name "My Company" --email me@example.com`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, stopping`);
    const force = setTimeout(() => process.exit(1), config.shutdownGraceMs + 5000);
    force.unref();
    stopSweeper();
    clearInterval(reclaimTimer);
    clearInterval(accountSweepTimer);
    await closeGracefully(app, config.shutdownGraceMs);
    await stopReporter().catch(() => undefined);
    await Promise.allSettled([reader.close(), rateLimiter.close(), store.close(), mailer.close()]);
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(`Klartext failed to start: ${(err as Error).message}\n`);
  }
  process.exit(1);
});
