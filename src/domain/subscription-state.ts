/**
 * What a payment provider's subscription status means for the organization (docs/billing.md).
 * Pure rules; the webhook service applies them to the subscription it fetched from the provider.
 *
 * - active, trialing: the subscription's tier. A subscription set to cancel at the period's end
 *   is still active until then: the tier stays until the provider ends it (status canceled).
 * - past_due: the tier stays while the provider retries the failed payment (its dunning window).
 * - unpaid, canceled, incomplete_expired, paused: back to trial, with the trial's allowance as it
 *   was (a used-up trial is blocked).
 * - incomplete: the first payment has not gone through; the organization stays where it is,
 *   which for a new checkout is trial.
 * Any status this code does not know grants nothing.
 */
export const TIER_GRANTING_STATUSES = ['active', 'trialing', 'past_due'] as const;

export function grantsTier(status: string): boolean {
  return (TIER_GRANTING_STATUSES as readonly string[]).includes(status);
}

export interface SubscriptionLike {
  status: string;
  /** When the provider created it (newer wins among equals). */
  created: Date;
}

/**
 * The customer's current subscription among all of theirs: the newest one that grants a tier,
 * else the newest of any status (so a cancelled one is reported as cancelled), else null.
 */
export function currentSubscription<T extends SubscriptionLike>(subscriptions: readonly T[]): T | null {
  const newestFirst = [...subscriptions].sort((a, b) => b.created.getTime() - a.created.getTime());
  return newestFirst.find((s) => grantsTier(s.status)) ?? newestFirst[0] ?? null;
}

/** Wait before retrying a failed overage report: 30 s doubling per attempt, at most 1 hour. */
export function overageRetryDelayMs(failedAttempts: number): number {
  const base = 30_000;
  const max = 60 * 60 * 1000;
  return Math.min(max, base * 2 ** Math.max(0, Math.min(failedAttempts, 20)));
}
