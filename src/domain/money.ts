/**
 * German money amounts as printed ("1.234,56 €", "-84,00", "EUR 12,50", "1 234,56") ↔ integer
 * cents. Pure; money is never a float (DESIGN habit 8).
 */

/** A German amount: thousands with '.', ' ' or U+202F, decimal comma, two decimals; sign before or after (also S/H). */
const AMOUNT_RE = /^([-−–+]?)\s*(?:€|EUR)?\s*(\d{1,3}(?:[.\s\u202f\u00a0]\d{3})+|\d+),(\d{2}|-{1,2})\s*(?:€|EUR)?\s*([-−–+SH]?)$/u;

/** How an amount is signed as printed: '-' (minus, trailing minus, S = Soll), '+' (plus, H = Haben). */
export type Sign = '+' | '-';

/**
 * Parses one printed amount: absolute cents and the sign as printed (null when unsigned).
 * Null when the text is not an amount.
 */
export function parseGermanAmount(text: string): { cents: number; sign: Sign | null } | null {
  const m = AMOUNT_RE.exec(text.trim());
  if (!m) return null;
  const units = Number(m[2]!.replace(/[.\s\u202f\u00a0]/gu, ''));
  const cents = units * 100 + (/^\d{2}$/.test(m[3]!) ? Number(m[3]) : 0);
  const mark = m[1] || m[4] || '';
  const sign: Sign | null = mark === '' ? null : mark === '+' || mark === 'H' ? '+' : '-';
  return { cents, sign };
}

/** One printed amount as signed cents (unsigned reads as positive); null when not an amount. */
export function amountToCents(text: string): number | null {
  const p = parseGermanAmount(text);
  return p ? (p.sign === '-' ? -p.cents : p.cents) : null;
}

/** Formats cents as German money: 123456 → "1.234,56 €". */
export function formatEuro(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.round(cents));
  const units = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}${units},${String(abs % 100).padStart(2, '0')} €`;
}

/** Percentage of an amount in cents, rounded half up to whole cents (rate in percent, e.g. 9.3). */
export function percentOf(cents: number, ratePercent: number): number {
  return Math.round((cents * Math.round(ratePercent * 10000)) / 1_000_000);
}

/**
 * A statement's Betrag as SPEC §8 writes it: leading `-` for debits, no `+`, no currency,
 * thousands with `.`: -123456 → "-1.234,56", 200000 → "2.000,00".
 */
export function formatGermanAmount(cents: number): string {
  return formatEuro(cents).replace(/\s€$/u, '');
}

/**
 * The postings model's decimal amounts (SPEC §8a): signed cents ↔ `"-1234.56"` (a dot, two
 * places, a leading `-` for debits, no thousands). Exact: computed in integer cents.
 */
export function centsToDecimal(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Signed cents of a decimal amount (`"-1234.56"`, `"12.5"`, `"7"`), or null for anything else. */
export function decimalToCents(amount: string): number | null {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/u.exec(amount);
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' ? -cents : cents;
}
