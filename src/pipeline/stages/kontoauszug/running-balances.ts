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
  // A newest-first list (its running balance's steps say so) runs back from the
  // closing: the first posting's balance closes, the last posting's less its amount opens.
  if (newestFirst(s, signs)) {
    const top = s.postings[0];
    const bottom = s.postings[s.postings.length - 1];
    const sign = signs[signs.length - 1]!;
    if (s.opening === null && bottom?.balance) s.opening = signed(bottom.balance)! - sign.sign * sign.cents;
    if (s.closing === null && top?.balance) s.closing = signed(top.balance);
    return;
  }
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

/** The running balance explains more of its steps read newest first than oldest first. */
function newestFirst(s: Segment, signs: readonly SignedPosting[]): boolean {
  const list = s.postings.map((p, i) => ({ cents: signs[i]!.sign * signs[i]!.cents, balance: signed(p.balance) }));
  return oldestSteps([...list].reverse()) > oldestSteps(list);
}

/** Steps explained reading the list oldest first. */
function oldestSteps(list: readonly { cents: number; balance: number | null }[]): number {
  let n = 0;
  for (let i = 1; i < list.length; i++) if (list[i - 1]!.balance !== null && list[i]!.balance !== null && list[i]!.balance! - list[i - 1]!.balance! === list[i]!.cents) n++;
  return n;
}
