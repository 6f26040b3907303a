import type { Tier } from '../../src/domain/tiers.js';
import { openStore } from '../../src/adapters/store/open-store.js';
import { systemClock } from '../../src/ports/clock.js';
import type { Organization } from '../../src/ports/store.js';
import { changePlan } from '../../src/services/change-plan.js';
import { createOrganization } from '../../src/services/create-organization.js';
import { commitCall, reserveCall } from '../../src/services/meter-calls.js';
import { limitsOf } from '../../src/services/organization-limits.js';

/**
 * Organizations of a run, made the way the operator CLI makes them (the same services:
 * createOrganization, then changePlan for a tier or a rate-limit override), on the run's
 * database, which this also migrates before any instance starts (two instances starting on
 * an empty database would otherwise both run the migrations).
 */
export interface OrgSpec {
  /** A short label printed in the tables, e.g. "trial-capped". */
  label: string;
  tier: Tier;
  /** A per-minute rate-limit override (operator: `org set-tier --rate-limit`). */
  rateLimit?: number;
  /**
   * Billable calls made before the run (reserved and committed through the metering service),
   * so a trial organization meets its cap after a few calls even on a slow machine.
   */
  prefill?: number;
}

export interface RunOrg {
  label: string;
  tier: Tier;
  organizationId: string;
  apiKey: string;
  keyId: string;
  rateLimitPerMinute: number;
  includedCalls: number;
  /** Billable calls in the database before the run started. */
  prefilled: number;
}

export async function createOrganizations(databaseUrl: string, specs: OrgSpec[]): Promise<RunOrg[]> {
  const store = await openStore(databaseUrl);
  try {
    await store.migrate();
    const deps = { store, clock: systemClock, keyMode: 'live' as const };
    const out: RunOrg[] = [];
    for (const spec of specs) {
      const created = await createOrganization(deps, { name: `Load ${spec.label} GmbH`, email: `${spec.label}@load.example` });
      if (!created.ok) throw new Error(created.error.message);
      let organization: Organization = created.value.organization;
      if (spec.tier !== 'trial' || spec.rateLimit !== undefined) {
        const changed = await changePlan(deps, organization.id, { tier: spec.tier, rateLimit: spec.rateLimit ?? null });
        if (!changed.ok) throw new Error(changed.error.message);
        organization = changed.value;
      }
      for (let i = 0; i < (spec.prefill ?? 0); i++) {
        const reservation = await reserveCall(deps, organization);
        if (!reservation) throw new Error(`prefill of ${spec.label} stopped at ${i}`);
        await commitCall({ store }, reservation);
      }
      const limits = limitsOf(organization);
      out.push({
        label: spec.label,
        tier: spec.tier,
        organizationId: organization.id,
        apiKey: created.value.key.apiKey,
        keyId: created.value.key.record.id,
        rateLimitPerMinute: limits.rateLimitPerMinute,
        includedCalls: limits.includedCalls,
        prefilled: spec.prefill ?? 0,
      });
    }
    return out;
  } finally {
    await store.close();
  }
}
