import type { Config } from '../config/config.js';
import type { DocumentReader } from '../pipeline/model/reader.js';
import type { PipelineRegistry } from '../pipeline/model/stage.js';
import type { BillingProvider } from '../ports/billing.js';
import type { Clock } from '../ports/clock.js';
import type { Mailer } from '../ports/mailer.js';
import type { RateLimiter } from '../ports/rate-limiter.js';
import type { Store } from '../ports/store.js';

/** Everything buildApp builds the HTTP app from; main.ts (and tests) choose the adapters. */
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
