import { meteringWindow, type MeteringWindow } from '../domain/metering.js';
import type { Clock } from '../ports/clock.js';
import { isCheckoutTier } from '../domain/tiers.js';
import type { Organization, OverageCall, Store, UsageCounterKey } from '../ports/store.js';
import { limitsOf } from './organization-limits.js';

/**
 * Reserve-then-commit metering (SPEC §4, DESIGN habit 9). A call reserves a slot before any
 * processing; a 200 commits it, every other outcome releases it. On the trial the reservation
 * is refused at the cap, so the 51st successful call can never happen, whatever the
 * concurrency and however many instances share the database.
 */
export interface Reservation {
  /** The store's id of this reservation: only it settles the reservation (once). */
  id: string;
  counter: UsageCounterKey;
  window: MeteringWindow;
  settled: boolean;
}

export function windowFor(organization: Organization, now: Date): MeteringWindow {
  return meteringWindow(organization.tier, limitsOf(organization), organization.periodAnchor, now);
}

export async function reserveCall(
  deps: { store: Store; clock: Clock },
  organization: Organization,
): Promise<Reservation | null> {
  const window = windowFor(organization, deps.clock.now());
  const counter = { organizationId: organization.id, counterKey: window.counterKey };
  const id = await deps.store.reserveCall(counter, window.hardCap);
  return id ? { id, counter, window, settled: false } : null;
}

export interface CommitDeps {
  store: Store;
  /** Whether the payment provider invoices overage (Stripe: yes; test mode and default: no). */
  reportsOverage?: boolean;
}

/**
 * Idempotent: a reservation is settled once, by commit or release — here by its `settled`
 * flag, in the store by its id (a second settle, or one after the reservation was reclaimed,
 * cannot take another request's unit). Returns the new committed count, or null when nothing
 * was counted (settled before, or reclaimed and the cap has no room left). A call beyond the included
 * calls of a paid tier with a provider subscription is recorded for overage reporting in the
 * same transaction as the commit (services/report-overage.ts sends it).
 */
export async function commitCall(
  deps: CommitDeps,
  reservation: Reservation,
  call?: { requestId: string; organization: Organization; at: Date },
): Promise<number | null> {
  if (reservation.settled) return null;
  reservation.settled = true;
  try {
    return await deps.store.commitCall(reservation.counter, deps.reportsOverage && call ? overageCallOf(call) : null, {
      id: reservation.id,
      hardCap: reservation.window.hardCap,
    });
  } catch (err) {
    // Unknown whether the store applied it (a connection can die after COMMIT was sent): the
    // call may be settled again, and the store counts it once by its id whichever it was.
    reservation.settled = false;
    throw err;
  }
}

/** Overage is invoiced for the self-service tiers with a subscription; enterprise by contract. */
function overageCallOf(call: { requestId: string; organization: Organization; at: Date }): OverageCall | null {
  const org = call.organization;
  if (!isCheckoutTier(org.tier) || !org.billingCustomerId || !org.billingSubscriptionId) return null;
  return { requestId: call.requestId, customerId: org.billingCustomerId, occurredAt: call.at, includedCalls: limitsOf(org).includedCalls };
}

export async function releaseCall(deps: { store: Store }, reservation: Reservation): Promise<void> {
  if (reservation.settled) return;
  reservation.settled = true;
  try {
    await deps.store.releaseCall(reservation.counter, reservation.id);
  } catch (err) {
    reservation.settled = false; // as in commitCall: a retry settles it once, by its id
    throw err;
  }
}
