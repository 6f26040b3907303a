import type { FastifyInstance } from 'fastify';
import type { Config } from './config/config.js';
import type { BillingProvider } from './ports/billing.js';
import type { Mailer } from './ports/mailer.js';

/** Warnings, logged before listening, for unset secrets that make a feature work on one instance only. */
export function warnSingleInstanceSettings(app: FastifyInstance, config: Readonly<Config>, billing: BillingProvider): void {
  if (!config.sessionSecret && config.redisUrl) {
    app.log.warn('SESSION_SECRET is unset: account-area sign-ins only work on the instance that made them');
  }
  if (billing.name === 'test-mode' && !config.billingSigningSecret && config.redisUrl) {
    app.log.warn('BILLING_SIGNING_SECRET is unset: test-mode billing links only work on the instance that made them');
  }
}

/**
 * The line logged once the instance listens: where, and what it runs on — never a secret (the
 * database URL is reduced to its kind).
 */
export function logListening(app: FastifyInstance, config: Readonly<Config>, billing: BillingProvider, mailer: Mailer): void {
  app.log.info(
    `Klartext is listening on ${config.publicBaseUrl} (database ${config.databaseUrl.startsWith('sqlite:') ? 'SQLite' : 'PostgreSQL'}, ` +
      `rate limiter ${config.redisUrl ? 'Redis' : 'in-memory'}, billing ${billing.name}, ` +
        `e-mail ${mailer.name === 'smtp' ? 'SMTP' : `outbox ${config.outboxDir} (npm run cli -- outbox)`}, ` +
        `AI refinement ${config.llm ? `on (${config.llm.model})` : 'off'}). ` +
      `Sign up at ${config.publicBaseUrl}/api-account/sign-up, or create a first key with: npm run cli -- org create --name "My Company" --email me@example.com`,
  );
}
