import type { AmountToken } from '../../layout/lines.js';
import type { Posting } from './posting.js';
import { signed, type Segment } from './sections.js';

/**
 * Which of a posting's two amount cells is its amount and which its running balance, as the
 * statement's own balances judge it (issue 21: which column holds the amount is a hypothesis
 * the arithmetic can check). The column model names them by the header word each stands under
 * (columns.ts); text whose spacing was collapsed can leave both cells right of every header word,
 * and then the amount can stand nearest the running-balance word (`… 7,33 € 800,96 €` under
 * `… ZAHLUNGSAUSGANG SALDO`).
 *
 * Contract: where every posting of the segment prints both cells and the segment has an opening
 * and a closing balance, the cells are swapped on every posting when, and only when, the reading
 * as made fails and the swapped one holds. A reading holds when each running balance is the one
 * before it (the opening balance for the first posting) changed by the posting's amount —
 * by its printed sign where it prints one, either way where not — and the last running balance
 * is the closing balance. Returns true when it swapped. Anything less certain changes nothing.
 */
export function orderAmountAndBalance(s: Segment): boolean {
  if (s.opening === null || s.closing === null || s.postings.length === 0) return false;
  if (!s.postings.every((p) => p.balance !== null && p.unread === undefined)) return false;
  const holds = (cells: (p: Posting) => { amount: AmountToken; balance: AmountToken }): boolean => {
    let prev = s.opening!;
    for (const p of s.postings) {
      const { amount, balance } = cells(p);
      const bal = signed(balance)!;
      const change = bal - prev;
      if (amount.sign !== null ? change !== amount.sign * amount.cents : Math.abs(change) !== amount.cents) return false;
      prev = bal;
    }
    return prev === s.closing;
  };
  if (holds((p) => ({ amount: p.amount, balance: p.balance! }))) return false;
  if (!holds((p) => ({ amount: p.balance!, balance: p.amount }))) return false;
  for (const p of s.postings) [p.amount, p.balance] = [p.balance!, p.amount];
  return true;
}
