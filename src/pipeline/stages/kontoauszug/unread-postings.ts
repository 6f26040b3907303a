import type { AccountResult } from './account.js';

/**
 * True when the document's own arithmetic says its postings were missed: no account has a
 * posting, and some account prints an opening and a closing balance that differ — money moved,
 * so an answer with empty rows would be wrong, not empty. An account whose balances are equal
 * may have had no movement at all (a dormant savings account's statement): that answer stands.
 * Where other accounts of the document have postings, the account without stays in the answer,
 * its `reconciled` false (opening + nothing ≠ closing), so a client is told, not misled.
 */
export function unreadPostings(accounts: readonly Pick<AccountResult, 'rows' | 'opening' | 'closing'>[]): boolean {
  if (accounts.some((a) => a.rows.length > 0)) return false;
  return accounts.some((a) => a.opening !== null && a.closing !== null && a.opening.cents !== a.closing.cents);
}
