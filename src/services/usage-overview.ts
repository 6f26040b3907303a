import { compareWithNextTier, projectToPeriodEnd, type NextTierComparison } from '../domain/plan-comparison.js';
import type { Clock } from '../ports/clock.js';
import type { Organization, Store } from '../ports/store.js';
import { getUsage, type UsageRecord } from './get-usage.js';

/**
 * What the account area's usage page shows: the usage record of GET /api/v1/usage, the
 * period's successful calls per UTC day (from the audit records) and what the volume would
 * cost on the next tier — at the calls so far and at the pace projected to the period's end.
 */
export interface UsageOverview {
  record: UsageRecord;
  daily: { day: string; calls: number }[];
  /** Calls the period would reach at the pace so far. */
  projectedCalls: number;
  atCurrentVolume: NextTierComparison;
  atProjectedVolume: NextTierComparison;
}

export async function usageOverview(deps: { store: Store; clock: Clock }, organization: Organization): Promise<UsageOverview> {
  const now = deps.clock.now();
  const record = await getUsage(deps, organization);
  const period = { start: new Date(record.period.start), end: new Date(record.period.end) };
  const daily = await deps.store.dailyBillableCalls(organization.id, period.start, period.end);
  const calls = record.usage.billable_calls;
  const projectedCalls = Math.max(calls, projectToPeriodEnd(calls, period, now));
  return {
    record,
    daily,
    projectedCalls,
    atCurrentVolume: compareWithNextTier(organization.tier, calls),
    atProjectedVolume: compareWithNextTier(organization.tier, projectedCalls),
  };
}
