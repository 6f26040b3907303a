import { parseScopes } from '../domain/scopes.js';
import { issueApiKey, revokeApiKey } from '../services/manage-keys.js';
import { type CliDeps, type CommandResult, type Flags, failed, missing, str } from './command-flags.js';

/** `key create --org [--name] [--scopes]`: a new key, shown once; unknown scopes are a usage error. */
export async function keyCreate(deps: CliDeps, flags: Flags): Promise<CommandResult> {
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

/** `key revoke --key`: the key stops working at once. */
export async function keyRevoke(deps: CliDeps, flags: Flags): Promise<CommandResult> {
  const key = str(flags, 'key');
  if (!key) return missing('key');
  const revoked = await revokeApiKey(deps, key);
  if (!revoked.ok) return failed(revoked);
  return { ok: true, json: { key_id: key, revoked: true }, text: `Revoked ${key}.` };
}
