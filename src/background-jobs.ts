import type { FastifyInstance } from 'fastify';
import type { Config } from './config/config.js';
import type { BillingProvider } from './ports/billing.js';
import { systemClock } from './ports/clock.js';
import type { Store } from './ports/store.js';
import { reclaimStaleReservations, staleReservationAgeMs } from './services/reclaim-reservations.js';
import { startOverageReporter } from './services/report-overage.js';
import { ACCOUNT_SWEEP_INTERVAL_MS, sweepAccountData } from './services/sweep-account-data.js';

/** How to stop what startBackgroundJobs started: the timers at once, the reporter after its last run. */
export interface BackgroundJobs {
  stopTimers: () => void;
  stopReporter: () => Promise<void>;
}

/**
 * The periodic work of a running instance, each safe to run on every instance at once:
 * reclaiming stale quota reservations, reporting overage to the billing provider, sweeping
 * expired account data. Failures are logged (messages only) and the next round tries again.
 */
export function startBackgroundJobs(app: FastifyInstance, deps: { config: Readonly<Config>; store: Store; billing: BillingProvider }): BackgroundJobs {
  const { config, store, billing } = deps;
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

  return {
    stopTimers: () => {
      clearInterval(reclaimTimer);
      clearInterval(accountSweepTimer);
    },
    stopReporter,
  };
}
