import { centsToDecimal, decimalToCents as parseDecimal } from '../../domain/money.js';

/**
 * The postings model's decimal amounts (`"-1234.56"`, SPEC §8a) ↔ integer cents, for the
 * exports: they compute in cents (never floats, DESIGN habit 8) and write each format's own
 * notation. The conversions themselves are the domain's (domain/money.ts).
 */

/** Signed cents of a model amount; throws on anything that is not one (a bug upstream, not input). */
export function decimalToCents(amount: string): number {
  const cents = parseDecimal(amount);
  if (cents === null) throw new Error(`not a decimal amount: ${JSON.stringify(amount)}`);
  return cents;
}

/** Absolute cents as a plain decimal with a dot and two places: 123456 → "1234.56". */
export function centsToPlainDecimal(cents: number): string {
  return centsToDecimal(Math.abs(cents));
}

/** Absolute cents as SWIFT writes amounts: decimal comma, no thousands: 123456 → "1234,56". */
export function centsToSwiftAmount(cents: number): string {
  return centsToPlainDecimal(cents).replace('.', ',');
}
