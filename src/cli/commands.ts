import type { CliDeps, Command, CommandResult, Flags } from './command-flags.js';
import { keyCreate, keyRevoke } from './key-commands.js';
import { orgCreate, orgSetTier } from './org-commands.js';
import { outboxList, usageReport } from './report-commands.js';

export type { CliDeps, CommandResult } from './command-flags.js';

/** The commands by their words (`org create`; `usage` and `outbox` are one word). */
const COMMANDS: Record<string, Command> = {
  'org create': orgCreate,
  'org set-tier': orgSetTier,
  'key create': keyCreate,
  'key revoke': keyRevoke,
  usage: usageReport,
  outbox: outboxList,
};

/**
 * The operator commands of SPEC §10. Each returns the JSON object `--json` prints (scripts
 * depend on its exact shape) and a line for people; failures are values with a message.
 */
export async function runCommand(deps: CliDeps, words: string[], flags: Flags): Promise<CommandResult> {
  const [group, action] = words;
  const command = action && group !== 'usage' && group !== 'outbox' ? `${group} ${action}` : (group ?? '');
  const run = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!run) return { ok: false, message: `Unknown command "${words.join(' ')}"`, usage: true };
  return run(deps, flags);
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
