import { createHash } from 'node:crypto';

/**
 * A posting's stable `id` (SPEC §8a): the same posting has the same id in every call and in
 * every statement of its account that prints it (two overlapping statements, a monthly
 * statement and the year's excerpt), and two postings of one account never share one.
 *
 * Derivation: SHA-256 over `account IBAN | booking date | amount in cents | key | n`, the first
 * 20 hex digits (80 bits), where
 * - the account IBAN is electronic (`DE89…`), '' where the statement prints none;
 * - `key` is the end-to-end reference (`e:`), else the counterparty IBAN (`i:`), else the
 *   counterparty name (`n:`, lower case, white space collapsed), else '';
 * - `n` is the occurrence counter: 0 for the first posting of that account, day, amount and
 *   key in the statement's order, 1 for the second equal one (two equal card payments at one
 *   shop on one day), and so on.
 * Never page, position, running balance or OCR confidence: they differ between two statements
 * of the same posting. An overlapping statement that prints only part of a booking day can
 * number that day's equal postings differently; the counter is per day for that reason.
 */
export interface IdFields {
  accountIban: string | null;
  bookingDate: string;
  cents: number;
  endToEndId: string | null;
  counterpartyIban: string | null;
  counterpartyName: string | null;
}

export function postingKey(f: IdFields): string {
  if (f.endToEndId) return `e:${f.endToEndId}`;
  if (f.counterpartyIban) return `i:${f.counterpartyIban}`;
  if (f.counterpartyName) return `n:${f.counterpartyName.toLowerCase().replace(/\s+/gu, ' ').trim()}`;
  return '';
}

/** Ids for an account's postings, in statement order (the occurrence counter counts in this order). */
export function postingIds(postings: readonly IdFields[]): string[] {
  const seen = new Map<string, number>();
  return postings.map((p) => {
    const base = [p.accountIban ?? '', p.bookingDate, String(p.cents), postingKey(p)].join('|');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return createHash('sha256').update(`${base}|${n}`).digest('hex').slice(0, 20);
  });
}
