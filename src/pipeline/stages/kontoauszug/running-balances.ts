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
