import { fold } from '../../layout/fold.js';
import type { AmountToken, Line } from '../../layout/lines.js';
import { statementPatterns as vocab } from '../../layout/vocabulary.js';

/**
 * An opening balance whose decimal comma OCR lost (`Alter Kontostand vom 30.04.2026 12897 H` for
 * `128,97 H`): the line states no amount to the tokenizer, only a bare run of digits at its end,
 * optionally followed by its Soll/Haben mark or sign. Read as euros and cents it is only a
 * candidate: it is taken when the statement's own arithmetic confirms it, the balance box's
 * `alt + Summe Haben − Summe Soll = neu` with the sums and the closing printed beneath it
 * (`confirmedOpening`). A candidate the arithmetic does not confirm stays unread: no value
 * rather than a wrong one.
 */
export interface LostCommaOpening {
  line: Line;
  /** The digits read as cents, unsigned. */
  cents: number;
  /** The sign its mark states (`H`/`+` → 1, `S`/`-` → −1), null where it prints none. */
  sign: 1 | -1 | null;
  /** The sums of the postings printed after it (`Summe Soll` negative, `Summe Haben` positive). */
  sums: number[];
}

/** The candidate on an opening balance line without an amount, or null. */
export function lostCommaOpening(line: Line): LostCommaOpening | null {
  if (line.amounts.length !== 0) return null;
  const words = line.words.map((w) => w.text);
  let sign: 1 | -1 | null = null;
  const mark = words[words.length - 1] ?? '';
  if (/^[SH+-]$/u.test(mark)) {
    sign = mark === 'H' || mark === '+' ? 1 : -1;
    words.pop();
  }
  const digits = words[words.length - 1] ?? '';
  // Three digits at least (`0,05` prints `005`), no leading zero beyond that: cents of a balance.
  if (!/^\d{3,}$/u.test(digits) || (digits.length > 3 && digits.startsWith('0'))) return null;
  // A year or a date's digits are no balance: the digits must follow the label's words.
  if (line.dates.some((d) => d.last >= words.length - 1)) return null;
  return { line, cents: Number(digits), sign, sums: [] };
}

/**
 * A sum of the postings printed after the candidate (`Summe Soll 12.473,55 S`): its value with the
 * direction its label names, or null where the label names none.
 */
export function postingSumValue(line: Line, amount: AmountToken): number | null {
  const label = fold(line.words.slice(0, amount.first).map((w) => w.text).join(' '));
  if (!vocab.postingSum.test(label)) return null;
  // Each word on its own: `Summe Soll`, `Summe der Gutschriften`.
  const debit = label.split(' ').some((w) => vocab.debitHeader.test(w));
  const credit = label.split(' ').some((w) => vocab.creditHeader.test(w));
  if (debit === credit) return null;
  return debit ? -amount.cents : amount.cents;
}

/** The candidate's signed value where opening + sums = closing with it (both sums printed), else null. */
export function confirmedOpening(c: LostCommaOpening, closing: number): number | null {
  if (c.sums.length < 2 || !c.sums.some((s) => s < 0) || !c.sums.some((s) => s > 0)) return null;
  const moved = c.sums.reduce((t, s) => t + s, 0);
  const fits = ([1, -1] as const).filter((s) => (c.sign === null || c.sign === s) && s * c.cents + moved === closing);
  return fits.length === 1 ? fits[0]! * c.cents : null;
}
