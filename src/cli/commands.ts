import type { KeyMode } from '../domain/api-key-format.js';
import { parseScopes } from '../domain/scopes.js';
import { isTier, TIERS } from '../domain/tiers.js';
import type { Clock } from '../ports/clock.js';
import type { Store } from '../ports/store.js';
import { changePlan } from '../services/change-plan.js';
import { createOrganization } from '../services/create-organization.js';
import { getUsage } from '../services/get-usage.js';
import { issueApiKey, revokeApiKey } from '../services/manage-keys.js';
import type { Outcome } from '../services/service-error.js';
import type { OutboxMessage } from './outbox.js';

/**
 * The operator commands of SPEC §10. Each returns the JSON object `--json` prints (scripts
 * depend on its exact shape) and a line for people; failures are values with a message.
 */
export interface CliDeps {
  store: Store;
  clock: Clock;
  keyMode: KeyMode;
  outboxDir: string;
  listOutbox: (dir: string) => Promise<OutboxMessage[]>;
}

export type CommandResult = { ok: true; json: unknown; text: string } | { ok: false; message: string; usage?: boolean };

type Flags = Record<string, string | boolean | undefined>;

const str = (flags: Flags, name: string): string | undefined => (typeof flags[name] === 'string' ? (flags[name] as string) : undefined);

function intFlag(flags: Flags, name: string): { ok: true; value: number | undefined } | { ok: false; message: string } {
  const raw = str(flags, name);
  if (raw === undefined) return { ok: true, value: undefined };
  // Decimal digits only: Number() would take "" as 0 and "0x10" as 16, and an unset variable in
  // an operator's script must not silently give a customer no included calls.
  if (!/^\d{1,12}$/.test(raw)) return { ok: false, message: `--${name} must be a whole number ≥ 0, got "${raw}"` };
  return { ok: true, value: Number(raw) };
}

const failed = (outcome: Outcome<unknown> & { ok: false }): CommandResult => ({ ok: false, message: outcome.error.message });
const missing = (name: string): CommandResult => ({ ok: false, message: `--${name} is required`, usage: true });

export async function runCommand(deps: CliDeps, words: string[], flags: Flags): Promise<CommandResult> {
  const [group, action] = words;
  const command = action && group !== 'usage' && group !== 'outbox' ? `${group} ${action}` : (group ?? '');

  switch (command) {
    case 'org create': {
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
    case 'key create': {
      const org = str(flags, 'org');
      if (!org) return missing('org');
      let scopes;
      const scopeList = str(flags, 'scopes');
      if (scopeList !== undefined) {
        const parsed = parseScopes(scopeList);
        if (!parsed.ok) return { ok: false, message: `Unknown scope(s): ${parsed.unknown.join(', ')}`, usage: true };
        scopes = parsed.scopes;
      }
      const issued = await issueApiKey(deps, { organizationId: org, name: str(flags, 'name'), scopes });
      if (!issued.ok) return failed(issued);
      return {
        ok: true,
        json: { api_key: issued.value.apiKey, key_id: issued.value.record.id },
        text: `API key (shown once, store it now): ${issued.value.apiKey}\nKey id: ${issued.value.record.id} (scopes ${issued.value.record.scopes.join(', ')})`,
      };
    }
    case 'key revoke': {
      const key = str(flags, 'key');
      if (!key) return missing('key');
      const revoked = await revokeApiKey(deps, key);
      if (!revoked.ok) return failed(revoked);
      return { ok: true, json: { key_id: key, revoked: true }, text: `Revoked ${key}.` };
    }
    case 'org set-tier': {
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
    case 'usage': {
      const org = str(flags, 'org');
      if (!org) return missing('org');
      const organization = await deps.store.getOrganization(org);
      if (!organization) return { ok: false, message: `No organization with id '${org}'.` };
      const usage = await getUsage(deps, organization);
      return {
        ok: true,
        json: usage,
        text:
          `${usage.organization.name} (${usage.organization.tier}), period ${usage.period.start} – ${usage.period.end}\n` +
          `billable ${usage.usage.billable_calls} / included ${usage.usage.included_calls}, overage ${usage.usage.overage_calls} × ${usage.usage.overage_cents_per_call} ct = ${usage.usage.overage_cost_cents} ct`,
      };
    }
    case 'outbox': {
      const mails = await deps.listOutbox(deps.outboxDir);
      return {
        ok: true,
        json: { outbox: deps.outboxDir, messages: mails },
        text:
          mails.length === 0
            ? `The outbox (${deps.outboxDir}) is empty.`
            : mails.map((m) => [`${m.date}  ${m.to}  ${m.subject}  (${m.file})`, ...m.links.map((l) => `    ${l}`)].join('\n')).join('\n'),
      };
    }
    default:
      return { ok: false, message: `Unknown command "${words.join(' ')}"`, usage: true };
  }
}

export const USAGE = `Usage: npm run cli -- <command> [options]

  org create --name NAME --email EMAIL [--tier TIER] [--json]
  org set-tier --org ORG_ID --tier TIER [--included N] [--overage-cents N] [--rate-limit N] [--json]
  key create --org ORG_ID [--name NAME] [--scopes analyze:write,usage:read,billing:write] [--json]
  key revoke --key KEY_ID [--json]
  usage --org ORG_ID [--json]
  outbox [--json]
  analyze FILE|FOLDER… --type DOCUMENT_TYPE [--format json|camt053|mt940|csv] [--out DIR]
      reads documents without a server: one progress line per file on stderr; the result
      (JSON, or for kontoauszug a camt.053, MT940 or CSV export) to stdout for one file,
      else one file per input in DIR. Exit 1 when any file failed.

Uses the same settings as the server (DATABASE_URL, …; analyze needs no database).`;
