/** Small helpers for the printed figures: nearest-rank percentiles, counting, aligned tables. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function countBy<T>(items: T[], key: (t: T) => string): Map<string, number> {
  const out = new Map<string, number>();
  for (const item of items) out.set(key(item), (out.get(key(item)) ?? 0) + 1);
  return out;
}

export function formatCounts(counts: Map<string, number>): string {
  if (counts.size === 0) return 'none';
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
}

export function ms(n: number): string {
  if (!Number.isFinite(n)) return '-';
  return n >= 10_000 ? `${(n / 1000).toFixed(1)} s` : `${Math.round(n)} ms`;
}

/** Left-aligned first column, right-aligned others. */
export function table(header: string[], rows: (string | number)[][]): string {
  const all = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  return all.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')).join('\n');
}

/** "status code" of a call for the tables: 200, "429 rate_limited", "no answer (UND_ERR_…)". */
export function outcomeOf(r: { status: number | null; code: string | null; transportError: string | null }): string {
  if (r.status === null) return `no answer (${r.transportError})`;
  if (r.status === 200) return '200';
  return `${r.status} ${r.code ?? '(no error body)'}`;
}

/** The largest value, NaN for none (printed as "-"). */
export function max(values: number[]): number {
  return values.length === 0 ? NaN : values.reduce((a, b) => (b > a ? b : a), -Infinity);
}
