/**
 * Differences between two JSON values as (path, expected, actual), in document order: what the
 * golden test and `npm run golden` print. A path reads like `answer.tables[0].rows[3][2]`;
 * a key present on one side only shows `undefined` on the other.
 */
export interface JsonDifference {
  path: string;
  expected: unknown;
  actual: unknown;
}

export function jsonDifferences(expected: unknown, actual: unknown, path = '', out: JsonDifference[] = []): JsonDifference[] {
  if (Object.is(expected, actual)) return out;
  if (Array.isArray(expected) && Array.isArray(actual)) {
    const n = Math.max(expected.length, actual.length);
    for (let i = 0; i < n; i++) jsonDifferences(expected[i], actual[i], `${path}[${i}]`, out);
    return out;
  }
  if (isObject(expected) && isObject(actual)) {
    const keys = [...new Set([...Object.keys(expected), ...Object.keys(actual)])];
    for (const k of keys) jsonDifferences(expected[k], actual[k], path === '' ? k : `${path}.${k}`, out);
    return out;
  }
  out.push({ path: path || '(root)', expected, actual });
  return out;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** The first `limit` differences, one a line, values cut to 160 characters. */
export function formatDifferences(diffs: readonly JsonDifference[], limit = 8): string {
  const show = (v: unknown): string => {
    const s = v === undefined ? 'undefined' : JSON.stringify(v);
    return s.length > 160 ? `${s.slice(0, 157)}...` : s;
  };
  const lines = diffs.slice(0, limit).map((d) => `  ${d.path}\n    expected ${show(d.expected)}\n    actual   ${show(d.actual)}`);
  if (diffs.length > limit) lines.push(`  … and ${diffs.length - limit} more`);
  return lines.join('\n');
}
