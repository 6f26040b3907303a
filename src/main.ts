import { randomBytes } from 'node:crypto';
import { createStripeBilling } from './adapters/billing/stripe.js';
import { createTestModeBilling } from './adapters/billing/test-mode.js';
import { createOutboxMailer } from './adapters/mailer/outbox.js';
import { createSmtpMailer } from './adapters/mailer/smtp.js';
import { openRateLimiter } from './adapters/rate-limiter/open-rate-limiter.js';
import { openStore } from './adapters/store/open-store.js';
import { createOpenAiCompatibleClient } from './adapters/llm/openai-compatible.js';
import { startTempFileSweeper } from './adapters/temp-files/sweeper.js';
import { type Config, ConfigError, loadConfig } from './config/config.js';
import { readerConfigOf } from './config/reader-config.js';
import { buildApp, closeGracefully } from './http/app.js';
import { createDocumentReader } from './pipeline/reading/read-document.js';
import { buildPipelineRegistry } from './pipeline/pipelines.js';
import { analysisStages } from './pipeline/stages/analysis/index.js';
import { systemClock } from './ports/clock.js';
import { startBackgroundJobs } from './background-jobs.js';
import { logListening, warnSingleInstanceSettings } from './startup-messages.js';

/** The adapters this instance runs on, chosen by the configuration (DESIGN: only here). */
async function openAdapters(config: Config) {
  // A PostgreSQL connection that dies (reset, server restart) is logged — the driver's code and
  // message only — and dropped by the pool; the app's logger exists once the app is built, so
  // the caller sets `lostConnection.log` then.
  const lostConnection = { log: (_err: Error): void => undefined };
  const store = await openStore(config.databaseUrl, { onPoolError: (err) => lostConnection.log(err) });
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
  return { store, rateLimiter, billing, billingSecret, mailer, reader, lostConnection };
}

/** The stages by document type; the analysis stages get an LLM client only when one is configured. */
function pipelinesFor(config: Config) {
  return buildPipelineRegistry(
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
  );
}

/** Composition root: the only place that chooses adapters (DESIGN). */
async function main(): Promise<void> {
  const config = loadConfig();
  const { lostConnection, ...adapters } = await openAdapters(config);
  const { store, rateLimiter, billing, mailer, reader } = adapters;
  const app = await buildApp({ config, ...adapters, pipelines: pipelinesFor(config), clock: systemClock });
  lostConnection.log = (err) =>
    app.log.error({ err: { name: err.name, code: (err as NodeJS.ErrnoException).code, message: err.message } }, 'database connection lost');
  const stopSweeper = startTempFileSweeper((err) => app.log.error({ err: { message: err.message } }, 'temp sweep failed'));
  const jobs = startBackgroundJobs(app, { config, store, billing });

  warnSingleInstanceSettings(app, config, billing);
  await app.listen({ port: config.port, host: config.host });
  logListening(app, config, billing, mailer);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, stopping`);
    const force = setTimeout(() => process.exit(1), config.shutdownGraceMs + 5000);
    force.unref();
    stopSweeper();
    jobs.stopTimers();
    await closeGracefully(app, config.shutdownGraceMs);
    await jobs.stopReporter().catch(() => undefined);
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
