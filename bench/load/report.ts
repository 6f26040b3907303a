import type { Check } from './books.js';
import type { CallRecord } from './client.js';
import { DOCUMENT_KINDS } from './documents.js';
import type { ServiceInstance } from './instances.js';
import { mb } from './rss.js';
import { countBy, formatCounts, max, ms, outcomeOf, percentile, table } from './stats.js';

/** The printed figures of a run: throughput, latency per document kind and type, errors, memory. */
export function printFigures(records: CallRecord[], instances: ServiceInstance[], out: (s: string) => void): void {
  const answered = records.filter((r) => r.status !== null);
  const first = Math.min(...records.map((r) => r.sentAt));
  const last = Math.max(...records.map((r) => r.doneAt));
  const seconds = (last - first) / 1000;
  const ok = records.filter((r) => r.status === 200);
  out(`throughput: ${records.length} requests in ${seconds.toFixed(1)} s = ${(records.length / seconds).toFixed(2)} req/s answered; ` +
    `${ok.length} × 200 = ${(ok.length / seconds).toFixed(2)} analyses/s`);

  const rows: (string | number)[][] = [];
  for (const kind of DOCUMENT_KINDS.filter((k) => k !== 'invalid')) {
    const mine = records.filter((r) => r.kind === kind);
    const lat = mine.filter((r) => r.status === 200).map((r) => r.latencyMs);
    rows.push([kind, mine.length, lat.length, ms(percentile(lat, 50)), ms(percentile(lat, 95)), ms(percentile(lat, 99)), ms(max(lat))]);
  }
  const invalid = records.filter((r) => r.kind === 'invalid' && r.status === 400).map((r) => r.latencyMs);
  rows.push(['invalid → 400', records.filter((r) => r.kind === 'invalid').length, '-', ms(percentile(invalid, 50)), ms(percentile(invalid, 95)), ms(percentile(invalid, 99)), ms(max(invalid))]);
  const refused = records.filter((r) => r.status === 429 || r.status === 402).map((r) => r.latencyMs);
  rows.push(['refused 429/402', refused.length, '-', ms(percentile(refused, 50)), ms(percentile(refused, 95)), ms(percentile(refused, 99)), ms(max(refused))]);
  out('latency by document kind (200 responses; the last two rows: their 400s and 429/402 refusals; client-observed, upload included):');
  out(indent(table(['kind', 'sent', '200', 'p50', 'p95', 'p99', 'max'], rows)));

  const documents = records.filter((r) => r.kind !== 'invalid');
  const types = [...new Set(documents.map((r) => r.documentType))].sort();
  const typeRows = types.map((t) => {
    const lat = documents.filter((r) => r.documentType === t && r.status === 200).map((r) => r.latencyMs);
    return [t, documents.filter((r) => r.documentType === t).length, lat.length, ms(percentile(lat, 50)), ms(percentile(lat, 95)), ms(percentile(lat, 99))];
  });
  out('latency of 200 responses by document_type (documents only, not the invalid calls):');
  out(indent(table(['document_type', 'sent', '200', 'p50', 'p95', 'p99'], typeRows)));

  out(`outcomes: ${formatCounts(countBy(records, outcomeOf))}`);
  out(`errors by code: ${formatCounts(countBy(answered.filter((r) => r.status !== 200), (r) => `${r.status} ${r.code ?? '(none)'}`))}` +
    `; without answer: ${records.length - answered.length}`);
  out(`peak RSS: ${instances.map((i) => `${i.name} ${mb(i.peakRss)} (with child processes ${mb(i.peakTreeRss)})`).join(', ')}`);
}

export function printChecks(checks: Check[], out: (s: string) => void): void {
  for (const c of checks) {
    out(`${c.ok ? 'ok  ' : 'FAIL'} ${c.name}`);
    for (const line of c.lines) out(`       ${line}`);
  }
}

/** The verdict: exactly "<script>: books balanced" or "<script>: books NOT balanced (<what differs>)". */
export function verdict(script: string, checks: Check[]): { line: string; ok: boolean } {
  const differs = checks.flatMap((c) => c.differs);
  if (differs.length === 0) return { line: `${script}: books balanced`, ok: true };
  const shown = differs.slice(0, 6).join('; ') + (differs.length > 6 ? `; and ${differs.length - 6} more` : '');
  return { line: `${script}: books NOT balanced (${shown})`, ok: false };
}

function indent(s: string): string {
  return s
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');
}
