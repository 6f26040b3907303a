import type { Config } from '../../config/config.js';
import type { DocumentReader } from '../../pipeline/model/reader.js';
import type { PipelineRegistry } from '../../pipeline/model/stage.js';
import type { BillingProvider } from '../../ports/billing.js';
import type { Clock } from '../../ports/clock.js';
import type { Mailer } from '../../ports/mailer.js';
import type { RateLimiter } from '../../ports/rate-limiter.js';
import type { Store } from '../../ports/store.js';

/** Everything the public pages and the account area use. */
export interface AccountAreaDeps {
  config: Readonly<Config>;
  store: Store;
  clock: Clock;
  mailer: Mailer;
  billing: BillingProvider;
  rateLimiter: RateLimiter;
  reader: DocumentReader;
  pipelines: PipelineRegistry;
}

