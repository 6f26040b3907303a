import { effectiveLimits, type TierLimits } from '../domain/tiers.js';
import type { Organization } from '../ports/store.js';

/** The limits in force for this organization: its tier's, with operator overrides applied. */
export function limitsOf(organization: Organization): TierLimits {
  return effectiveLimits(organization.tier, {
    includedCalls: organization.includedCallsOverride,
    overageCentsPerCall: organization.overageCentsOverride,
    rateLimitPerMinute: organization.rateLimitOverride,
  });
}
