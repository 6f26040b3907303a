import { isTier, TIERS } from '../domain/tiers.js';
import { changePlan } from '../services/change-plan.js';
import { createOrganization } from '../services/create-organization.js';
import { type CliDeps, type CommandResult, type Flags, failed, intFlag, missing, str } from './command-flags.js';

/** `org create --name --email [--tier]`: the organization and its first key, shown once. */
export async function orgCreate(deps: CliDeps, flags: Flags): Promise<CommandResult> {
  const name = str(flags, 'name');
  const email = str(flags, 'email');
  const tier = str(flags, 'tier') ?? 'trial';
  if (!name) return missing('name');
  if (!email) return missing('email');
  if (!isTier(tier)) return { ok: false, message: `--tier must be one of ${TIERS.join(', ')}`, usage: true };
  const created = await createOrganization(deps, { name, email, tier });
  if (!created.ok) return failed(created);
  const { organization, key } = created.value;
  return {
    ok: true,
    json: {
      organization: { id: organization.id, name: organization.name, tier: organization.tier },
      api_key: key.apiKey,
      key_id: key.record.id,
    },
    text:
      `Created organization ${organization.id} (${organization.name}, ${organization.tier}).\n` +
      `API key (shown once, store it now): ${key.apiKey}\nKey id: ${key.record.id}`,
  };
}

/** `org set-tier --org --tier [--included] [--overage-cents] [--rate-limit]`: change an organization's plan. */
export async function orgSetTier(deps: CliDeps, flags: Flags): Promise<CommandResult> {
  const org = str(flags, 'org');
  const tier = str(flags, 'tier');
  if (!org) return missing('org');
  if (!tier) return missing('tier');
  if (!isTier(tier)) return { ok: false, message: `--tier must be one of ${TIERS.join(', ')}`, usage: true };
  const numbers = [intFlag(flags, 'included'), intFlag(flags, 'overage-cents'), intFlag(flags, 'rate-limit')] as const;
  for (const n of numbers) if (!n.ok) return { ok: false, message: n.message, usage: true };
  const [included, overage, rate] = numbers.map((n) => (n.ok ? n.value : undefined));
  const changed = await changePlan(deps, org, { tier, includedCalls: included, overageCents: overage, rateLimit: rate });
  if (!changed.ok) return failed(changed);
  const o = changed.value;
  return {
    ok: true,
    json: { organization: { id: o.id, name: o.name, tier: o.tier } },
    text: `${o.id} is now on ${o.tier}.`,
  };
}
