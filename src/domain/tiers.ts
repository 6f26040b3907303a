/**
 * Plan tiers and their limits (seed "Limits", SPEC §4). Money is integer cents.
 * Enterprise has no defaults: an operator sets its numbers per contract (`org set-tier`).
 */
export const TIERS = ['trial', 'starter', 'pro', 'business', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];

export const PAID_CHECKOUT_TIERS = ['starter', 'pro', 'business'] as const;
export type CheckoutTier = (typeof PAID_CHECKOUT_TIERS)[number];

export interface TierLimits {
  /** Calls included per billing period (trial: once, for the whole trial). */
  includedCalls: number;
  /** Price of a call beyond includedCalls, in euro cents; 0 where there is no overage (trial). */
  overageCentsPerCall: number;
  /** Requests per minute per organization over all /api/v1 routes. */
  rateLimitPerMinute: number;
  /** Monthly price in euro cents, VAT excluded; null where it is negotiated. */
  monthlyPriceCents: number | null;
}

export const TIER_LIMITS: Record<Exclude<Tier, 'enterprise'>, TierLimits> = {
  trial: { includedCalls: 50, overageCentsPerCall: 0, rateLimitPerMinute: 10, monthlyPriceCents: 0 },
  starter: { includedCalls: 200, overageCentsPerCall: 50, rateLimitPerMinute: 60, monthlyPriceCents: 9900 },
  pro: { includedCalls: 1000, overageCentsPerCall: 35, rateLimitPerMinute: 120, monthlyPriceCents: 29900 },
  business: { includedCalls: 5000, overageCentsPerCall: 25, rateLimitPerMinute: 300, monthlyPriceCents: 79900 },
};

/** Used for enterprise until an operator sets the contract's numbers. */
export const ENTERPRISE_FALLBACK: TierLimits = { ...TIER_LIMITS.business, monthlyPriceCents: null };

export interface PlanOverrides {
  includedCalls: number | null;
  overageCentsPerCall: number | null;
  rateLimitPerMinute: number | null;
}

export function isTier(value: string): value is Tier {
  return (TIERS as readonly string[]).includes(value);
}

export function isCheckoutTier(value: string): value is CheckoutTier {
  return (PAID_CHECKOUT_TIERS as readonly string[]).includes(value);
}

/** The limits in force for an organization: tier defaults, with operator overrides on top
 * (all three on enterprise, the rate limit only on the public tiers). */
export function effectiveLimits(tier: Tier, overrides: PlanOverrides): TierLimits {
  const base = tier === 'enterprise' ? ENTERPRISE_FALLBACK : TIER_LIMITS[tier];
  if (tier !== 'enterprise') {
    // Allowance and price of the public tiers are the offer and never change per organization;
    // an operator may still raise (or lower) one organization's per-minute rate limit.
    return { ...base, rateLimitPerMinute: overrides.rateLimitPerMinute ?? base.rateLimitPerMinute };
  }
  return {
    includedCalls: overrides.includedCalls ?? base.includedCalls,
    overageCentsPerCall: overrides.overageCentsPerCall ?? base.overageCentsPerCall,
    rateLimitPerMinute: overrides.rateLimitPerMinute ?? base.rateLimitPerMinute,
    monthlyPriceCents: base.monthlyPriceCents,
  };
}
