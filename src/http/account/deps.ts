import type { PendingSettlements } from '../../services/pending-settlements.js';
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
  /**
   * The address links in e-mails and pages point to; config.publicBaseUrl unless given. Never
   * taken from the request's Host header (a forged header would end up in e-mails). Tests pass
   * a getter because their port is only known after listen.
   */
  publicBaseUrl?: () => string;
  /** Try-it calls still being settled after their page was written (usage pages wait for them). */
  settlements?: PendingSettlements;
}

