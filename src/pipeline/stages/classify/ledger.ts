import type { Line } from '../../layout/lines.js';

/**
 * Structural evidence that a document is an account statement, title or not (issue 11: a page
 * of postings forwarded without its first page): rows whose last amount is a running balance
 * that moves by exactly the row's amount from the row before. Three such links in a row cannot
 * be chance; no other of the six document types prints a ledger.
 */
export const LEDGER_LINKS = 3;
/** Score a ledger adds to the statement's word evidence (classify.ts MIN_SCORE is 7). */
export const LEDGER_WEIGHT = 8;

/** The number of rows whose running balance changed by the row's own amount. */
export function ledgerLinks(lines: readonly Line[]): number {
  let links = 0;
  let previous: number | null = null;
  for (const l of lines) {
    if (l.amounts.length < 2) continue;
    const amount = l.amounts[l.amounts.length - 2]!;
    const balance = l.amounts[l.amounts.length - 1]!;
    const signedBalance = balance.sign === -1 ? -balance.cents : balance.cents;
    if (previous !== null && Math.abs(signedBalance - previous) === amount.cents && amount.cents > 0) links++;
    previous = signedBalance;
  }
  return links;
}
