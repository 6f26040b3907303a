import type { SignedPosting } from './posting.js';
import type { Segment } from './sections.js';
import { reconcileSigns } from './sign.js';

/**
 * How many of a section's postings are its postings: rows read after the printed closing balance
 * are no postings when the balances say so (issue 21, blind batch 6). A business account's
 * `Rechnungsabschluss` prints after `Neuer Saldo` a `Zinsstaffel` — value dates with the balance
 * of each day, `5.450,21 S` — that the row reader takes for postings; an annex, a fee table or a
 * balance history after the closing line can do the same.
 *
 * The judge is the arithmetic, never the table's words: the rows after the closing line are cut
 * only when opening + Σ of the rows before it is the closing (as read, or once guessed signs are
 * flipped, sign.ts) and opening + Σ of all rows is not. Where either balance is missing, no row
 * stands after the closing line, or all rows stand after it, every row is kept.
 */
export function postingsBeforeClosing(s: Segment, signs: readonly SignedPosting[]): number {
  const all = s.postings.length;
  if (s.opening === null || s.closing === null || s.closingLine === null) return all;
  const closingAt = s.closingLine.index;
  const k = s.postings.findIndex((p) => p.first.index > closingAt);
  if (k <= 0) return all;
  // Only a trailing run: a row before the closing line after the cut would be a posting cut too.
  if (s.postings.slice(k).some((p) => p.first.index < closingAt)) return all;
  if (holds(signs, s.opening, s.closing)) return all;
  return holds(signs.slice(0, k), s.opening, s.closing) ? k : all;
}

/** opening + Σ = closing as read, or after the guessed signs reconcileSigns may flip (on copies). */
function holds(signs: readonly SignedPosting[], opening: number, closing: number): boolean {
  if (signs.reduce((t, p) => t + p.sign * p.cents, opening) === closing) return true;
  return reconcileSigns(signs.map((p) => ({ ...p })), opening, closing);
}
