import type { Clock } from '../ports/clock.js';
import type { Store } from '../ports/store.js';

/**
 * Gives back reservations left by requests that died between reserve and commit/release
 * (see Store.reclaimStaleReservations for why that is safe). Meant to run periodically on
 * any number of instances: the store's single UPDATE makes concurrent runs harmless.
 *
 * `maxAgeMs` must exceed the longest time a live request can hold a reservation — upload,
 * processing deadline and shutdown grace, with margin (staleReservationAgeMs); anything
 * shorter would take reservations from requests still running. Returns how many counters
 * were changed. Throws RangeError on a maxAgeMs that is not a positive finite number, since
 * 0 or less would reclaim every reservation in flight.
 */
export async function reclaimStaleReservations(deps: { store: Store; clock: Clock }, maxAgeMs: number): Promise<number> {
  if (!Number.isFinite(maxAgeMs) || maxAgeMs <= 0) {
    throw new RangeError(`maxAgeMs must be a positive finite number of milliseconds, got ${maxAgeMs}`);
  }
  return deps.store.reclaimStaleReservations(new Date(deps.clock.now().getTime() - maxAgeMs));
}

/** One minute for clock skew between instances and the interval between runs. */
const SKEW_MARGIN_MS = 60_000;

/**
 * The age past which a reservation cannot belong to a live request: the longest a request may
 * take to arrive (REQUEST_TIMEOUT_MS), plus its processing deadline, plus the shutdown grace in
 * which it may still finish, plus a margin.
 */
export function staleReservationAgeMs(limits: {
  requestTimeoutMs: number;
  processingTimeoutMs: number;
  shutdownGraceMs: number;
}): number {
  return limits.requestTimeoutMs + limits.processingTimeoutMs + limits.shutdownGraceMs + SKEW_MARGIN_MS;
}
