/**
 * The postings model's decimal amounts (`"-1234.56"`, SPEC §8a) ↔ integer cents. Exports
 * compute in cents (never floats, DESIGN habit 8) and write each format's own notation.
 */
const DECIMAL_RE = /^(-?)(\d+)(?:\.(\d{1,2}))?$/u;

/** Signed cents of a model amount; throws on anything that is not one (a bug upstream, not input). */
export function decimalToCents(amount: string): number {
  const m = DECIMAL_RE.exec(amount);
  if (!m) throw new Error(`not a decimal amount: ${JSON.stringify(amount)}`);
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' ? -cents : cents;
}

/** Absolute cents as a plain decimal with a dot and two places: 123456 → "1234.56". */
export function centsToPlainDecimal(cents: number): string {
  const abs = Math.abs(cents);
  return `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Absolute cents as SWIFT writes amounts: decimal comma, no thousands: 123456 → "1234,56". */
export function centsToSwiftAmount(cents: number): string {
  return centsToPlainDecimal(cents).replace('.', ',');
}
