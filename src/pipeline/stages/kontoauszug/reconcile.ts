import { fillUnread, repairSegment } from './repair.js';
import type { SignedPosting } from './posting.js';
import type { Segment } from './sections.js';
import { reconcileSigns } from './sign.js';

/**
 * The balances close the account: an amount that did not read takes what they leave for it,
 * guessed signs are flipped where that reconciles (sign.ts), and on OCR'd pages a misread amount
 * or balance they pin down is corrected (repair.ts). Mutates `signs` (and the postings' cents
 * where repaired). True when opening + Σ = closing to the cent afterwards; a posting whose amount
 * is still unknown makes it false.
 */
export function reconcileAccount(s: Segment, signs: SignedPosting[], unread: readonly (string[] | null)[], ocrPages: ReadonlySet<number>): boolean {
  const filled = fillUnread(signs, unread, s.opening, s.closing);
  return (
    filled &&
    (reconcileSigns(signs, s.opening, s.closing) ||
      repairSegment(s.postings, signs, { value: s.opening, line: s.openingLine }, { value: s.closing, line: s.closingLine }, ocrPages))
  );
}
