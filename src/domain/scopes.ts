/** Key scopes (SPEC §3). A self-service key carries all of them. */
export const SCOPES = ['analyze:write', 'usage:read', 'billing:write'] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** Parses a comma-separated scope list; returns the unknown names instead of throwing. */
export function parseScopes(list: string): { ok: true; scopes: Scope[] } | { ok: false; unknown: string[] } {
  const names = list
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  const unknown = names.filter((n) => !isScope(n));
  if (unknown.length > 0 || names.length === 0) return { ok: false, unknown: unknown.length ? unknown : [list] };
  return { ok: true, scopes: [...new Set(names as Scope[])] };
}
