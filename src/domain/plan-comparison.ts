import { PAID_CHECKOUT_TIERS, TIER_LIMITS, type CheckoutTier, type Tier } from './tiers.js';

/**
 * "What would this volume cost on another plan?" for the usage page. Pure, integer cents.
 * A month on a public paid tier costs its monthly price plus every call beyond the included
 * ones at the tier's overage price (seed "Limits"). VAT is not included, as in the price list.
 */
export interface TierCost {
  tier: CheckoutTier;
  monthlyPriceCents: number;
  includedCalls: number;
  overageCentsPerCall: number;
  overageCalls: number;
  overageCostCents: number;
  /** monthlyPriceCents + overageCostCents */
  totalCents: number;
}

export function costAtVolume(tier: CheckoutTier, calls: number): TierCost {
  if (!Number.isInteger(calls) || calls < 0) throw new RangeError(`calls must be a non-negative integer, got ${calls}`);
  const limits = TIER_LIMITS[tier];
  const monthlyPriceCents = limits.monthlyPriceCents ?? 0;
  const overageCalls = Math.max(0, calls - limits.includedCalls);
  const overageCostCents = overageCalls * limits.overageCentsPerCall;
  return {
    tier,
    monthlyPriceCents,
    includedCalls: limits.includedCalls,
    overageCentsPerCall: limits.overageCentsPerCall,
    overageCalls,
    overageCostCents,
    totalCents: monthlyPriceCents + overageCostCents,
  };
}

export interface NextTierComparison {
  /** The volume compared. */
  calls: number;
  /** What the current tier costs at this volume; null on trial (free, hard-capped). */
  current: TierCost | null;
  /** The next public tier up; null on business and enterprise (nothing public above). */
  next: TierCost | null;
  /** current.totalCents − next.totalCents: > 0 when the next tier would be cheaper; null without both. */
  savingsCents: number | null;
  /** The public paid tier with the lowest total at this volume (the higher tier on a tie). */
  cheapest: TierCost;
}

/**
 * Compares the current tier with the next one up at a volume. Enterprise prices are per
 * contract, so an enterprise organization gets `current: null, next: null`.
 */
export function compareWithNextTier(currentTier: Tier, calls: number): NextTierComparison {
  const all = PAID_CHECKOUT_TIERS.map((t) => costAtVolume(t, calls));
  // On a tie the larger allowance wins: same money, more headroom.
  const cheapest = all.reduce((best, c) => (c.totalCents <= best.totalCents ? c : best));
  if (currentTier === 'enterprise') return { calls, current: null, next: null, savingsCents: null, cheapest };
  if (currentTier === 'trial') return { calls, current: null, next: all[0]!, savingsCents: null, cheapest };
  const index = PAID_CHECKOUT_TIERS.indexOf(currentTier);
  const current = all[index]!;
  const next = all[index + 1] ?? null;
  return { calls, current, next, savingsCents: next ? current.totalCents - next.totalCents : null, cheapest };
}

/**
 * The volume a whole period would reach at the pace so far: calls × period length / elapsed,
 * rounded down; the calls themselves once the period is over or when nothing has elapsed.
 */
export function projectToPeriodEnd(calls: number, period: { start: Date; end: Date }, now: Date): number {
  const length = period.end.getTime() - period.start.getTime();
  const elapsed = Math.min(length, now.getTime() - period.start.getTime());
  if (elapsed <= 0 || length <= 0) return calls;
  return Math.floor((calls * length) / elapsed);
}
