import { usageFigures, type UsageFigures } from '../domain/metering.js';
import type { Tier } from '../domain/tiers.js';
import type { Clock } from '../ports/clock.js';
import type { Organization, Store } from '../ports/store.js';
import { windowFor } from './meter-calls.js';
import { limitsOf } from './organization-limits.js';

/** The usage record of GET /api/v1/usage (seed "Usage record", SPEC §4), exactly. */
export interface UsageRecord {
  organization: { id: string; name: string; tier: Tier };
  period: { start: string; end: string };
  usage: UsageFigures;
}

export async function getUsage(deps: { store: Store; clock: Clock }, organization: Organization): Promise<UsageRecord> {
  const window = windowFor(organization, deps.clock.now());
  const billable = await deps.store.billableCalls({ organizationId: organization.id, counterKey: window.counterKey });
  const limits = limitsOf(organization);
  return {
    organization: { id: organization.id, name: organization.name, tier: organization.tier },
    period: { start: window.period.start.toISOString(), end: window.period.end.toISOString() },
    usage: usageFigures(organization.tier, limits, billable),
  };
}
