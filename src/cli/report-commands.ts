import { getUsage } from '../services/get-usage.js';
import { type CliDeps, type CommandResult, type Flags, missing, str } from './command-flags.js';

/** `usage --org`: the organization's usage in its current billing period. */
export async function usageReport(deps: CliDeps, flags: Flags): Promise<CommandResult> {
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

/** `outbox`: the e-mails the outbox mailer wrote, with their links (local use without SMTP). */
export async function outboxList(deps: CliDeps): Promise<CommandResult> {
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
