import { createHash } from 'node:crypto';

/**
 * Golden answers of the real corpus must not carry the documents (they stay in ../shared):
 * figures stay in clear — dates, amounts, counts, balances, types, flags, evidence boxes,
 * booleans — and every other string taken from the document (names, purposes, counterparties,
 * IBANs, references, summaries, section text, table names, printed labels) becomes
 * `sha256:` + the first 8 hex digits of its SHA-256, so a change still shows as a diff.
 */

/** Keys whose string values are the engine's own vocabulary or figures: kept as they are. */
const CLEAR_KEYS = new Set([
  'document_type',
  'project_slug',
  'currency',
  'type',
  'type_text',
  'source',
  'verified',
  'topic',
  'severity',
  'rule',
  'booking_date',
  'value_date',
  'date',
  'start',
  'end',
  'period_start',
  'period_end',
  'amount',
  'opening_balance',
  'closing_balance',
  'code',
  'kind',
  'stage',
  'set',
]);

/** A printed figure: German or decimal amount (sign, currency, percent allowed), a date, a plain number. */
const FIGURE = [
  /^[+-]?\s?(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,\d+)?\s?(?:€|EUR|%)?\s?[+-]?$/u,
  /^-?\d+(?:\.\d+)?$/u,
  /^\d{1,2}\.\d{1,2}\.(?:\d{2}|\d{4})?$/u,
  /^\d{4}-\d{2}-\d{2}$/u,
];

export function isFigure(s: string): boolean {
  return s.trim() === '' || FIGURE.some((r) => r.test(s.trim()));
}

export function shortHash(s: string): string {
  return `sha256:${createHash('sha256').update(s, 'utf8').digest('hex').slice(0, 8)}`;
}

/** Map keys that are the engine's names (key numbers, snake_case) stay; printed labels are hashed. */
const ENGINE_NAME = /^[a-z][a-z0-9_]*$/u;

export function redact(value: unknown, key = ''): unknown {
  if (typeof value === 'string') return CLEAR_KEYS.has(key) || isFigure(value) ? value : shortHash(value);
  if (Array.isArray(value)) return value.map((v) => redact(v, key === 'headers' ? 'type' : key));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      // The engine's posting id is already a hash, but of the counterparty and IBAN: shortened again.
      if (k === 'id' && typeof v === 'string') out[k] = shortHash(v);
      else out[ENGINE_NAME.test(k) ? k : shortHash(k)] = redact(v, k);
    }
    return out;
  }
  return value;
}
