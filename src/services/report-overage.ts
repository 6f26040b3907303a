import { randomBytes } from 'node:crypto';
import { overageRetryDelayMs } from '../domain/subscription-state.js';
import type { UsageReporting } from '../ports/billing.js';
import type { Clock } from '../ports/clock.js';
import type { Store } from '../ports/store.js';

/**
 * Sends the overage calls recorded at commit to the payment provider (SPEC §5), at least once
 * each and counted once: a row is claimed atomically for a lease (two instances never send one
 * row at once; a crashed instance's claim expires and the row is retried), sent with the call's
 * request id as the provider's identifier (a resend after a crash between send and mark is
 * counted once by the provider), then marked sent. A failure records the attempt and backs off.
 */
export interface ReporterDeps {
  store: Store;
  clock: Clock;
  reporting: UsageReporting;
}

export interface ReporterOptions {
  /** Rows per run. */
  batchSize?: number;
  /** How long a claim holds before another instance may retry the row; longer than a send. */
  leaseMs?: number;
}

export interface ReportRun {
  sent: number;
  failed: number;
  /** Public-safe messages of the failures (provider error messages), for the log. */
  errors: string[];
}

const DEFAULT_BATCH = 100;
/** Each send has the SDK's 80 s timeout at worst; a batch is sent one by one. */
const DEFAULT_LEASE_MS = 10 * 60 * 1000;

/** One pass: claim the due rows, send them, mark each sent or failed. */
export async function reportOverageOnce(deps: ReporterDeps, options: ReporterOptions = {}): Promise<ReportRun> {
  const claimToken = randomBytes(12).toString('hex');
  const claimed = await deps.store.claimOverageReports({
    now: deps.clock.now(),
    leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
    limit: options.batchSize ?? DEFAULT_BATCH,
    claimToken,
  });
  const run: ReportRun = { sent: 0, failed: 0, errors: [] };
  for (const row of claimed) {
    try {
      await deps.reporting.reportOverageCall({ identifier: row.requestId, customerId: row.customerId, occurredAt: row.occurredAt });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      run.failed += 1;
      run.errors.push(message);
      await deps.store.markOverageReportFailed(row.requestId, claimToken, {
        nextAttemptAt: new Date(deps.clock.now().getTime() + overageRetryDelayMs(row.attempts)),
        error: message,
      });
      continue;
    }
    await deps.store.markOverageReportSent(row.requestId, claimToken, deps.clock.now());
    run.sent += 1;
  }
  return run;
}

/**
 * Runs reportOverageOnce every `intervalMs` (never two passes of one instance at once) until
 * the returned stop is called; stop waits for a pass in flight. The timer does not keep the
 * process alive.
 */
export function startOverageReporter(
  deps: ReporterDeps,
  options: ReporterOptions & { intervalMs: number; onRun?: (run: ReportRun) => void; onError?: (err: Error) => void },
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = reportOverageOnce(deps, options)
      .then((run) => options.onRun?.(run))
      .catch((err: unknown) => options.onError?.(err instanceof Error ? err : new Error(String(err))))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
