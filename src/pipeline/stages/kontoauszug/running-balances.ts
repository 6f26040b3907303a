import type { SignedPosting } from './posting.js';
import { signed, type Segment } from './sections.js';

/**
 * An excerpt of a statement (a page that is not the first, SPEC §8) prints no opening or closing
 * balance, but its running-balance column states both: the balance before the first posting is
 * the first running balance less that posting, the closing balance is the last running balance.
 * Fills only what the page does not print; `reconciled` then checks every later posting against
 * the column. Mutates the segment.
 */
export function balancesFromRunning(s: Segment, signs: readonly SignedPosting[]): void {
  const first = s.postings[0];
  const last = s.postings[s.postings.length - 1];
  if (s.opening === null && first?.balance) {
    const sign = signs[0]!;
    s.opening = signed(first.balance)! - sign.sign * sign.cents;
  }
  if (s.closing === null && last?.balance) s.closing = signed(last.balance);
}

/**
 * Per posting: its printed running balance less the one before it (the previous posting's, or
 * the printed opening balance for the first) equals its signed amount — the document's own
 * arithmetic confirms the amount (SPEC §8a `verified: running_balance`). An opening balance
 * that was only derived from the first running balance (balancesFromRunning) confirms nothing.
 */
export function confirmedByRunning(s: Segment, signs: readonly SignedPosting[]): boolean[] {
  return s.postings.map((p, i) => {
    const before = i === 0 ? (s.openingLine ? s.opening : null) : signed(s.postings[i - 1]!.balance);
    const after = signed(p.balance);
    const sign = signs[i]!;
    return before !== null && after !== null && sign.cents !== 0 && after - before === sign.sign * sign.cents;
  });
}
