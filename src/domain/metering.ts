import { periodContaining, type BillingPeriod } from './billing-period.js';
import type { Tier, TierLimits } from './tiers.js';

/**
 * Which counter an analyze call is metered on. The trial counts every successful call of the
 * whole trial against one allowance (SPEC §4), so it has one counter for its lifetime; a paid
 * tier has one counter per billing period, keyed by the period's start.
 */
export const TRIAL_COUNTER = 'trial';

export interface MeteringWindow {
  period: BillingPeriod;
  counterKey: string;
  /** Hard cap on committed + reserved calls; null where calls beyond the allowance are billed. */
  hardCap: number | null;
}

export function meteringWindow(tier: Tier, limits: TierLimits, periodAnchor: Date, now: Date): MeteringWindow {
  const period = periodContaining(periodAnchor, now);
  if (tier === 'trial') return { period, counterKey: TRIAL_COUNTER, hardCap: limits.includedCalls };
  return { period, counterKey: period.start.toISOString(), hardCap: null };
}

export interface UsageFigures {
  billable_calls: number;
  included_calls: number;
  overage_calls: number;
  overage_cents_per_call: number;
  overage_cost_cents: number;
}

/** overage = max(0, billable − included); cost = overage × price; the trial never has overage. */
export function usageFigures(tier: Tier, limits: TierLimits, billableCalls: number): UsageFigures {
  const overageCalls = tier === 'trial' ? 0 : Math.max(0, billableCalls - limits.includedCalls);
  const price = tier === 'trial' ? 0 : limits.overageCentsPerCall;
  return {
    billable_calls: billableCalls,
    included_calls: limits.includedCalls,
    overage_calls: overageCalls,
    overage_cents_per_call: price,
    overage_cost_cents: overageCalls * price,
  };
}
