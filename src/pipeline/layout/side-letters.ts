import type { Line, Sign } from '../model/lines.js';

/**
 * A Soll/Haben column of its own: some statements (cooperative banks) print the booking side as
 * a lone `S` or `H` in a narrow column of its own — right of the dates, far from the unsigned
 * amount at the right edge — on every posting and on the old and new balance. Such a letter is
 * the sign of its row's amount wherever it stands on the row.
 *
 * Contract: a lone `S`/`H` word that is no part of an amount token (a letter next to its amount
 * is read by the amount tokens already) counts where it stands in a column: at the same left edge
 * (within half the line's size) on at least three lines with amounts. The letter signs its line's
 * amount only where that line has exactly one amount and it prints no sign; a row with an amount
 * and a running balance gets nothing (the letter could belong to either), nor does a printed sign
 * ever change. A stray capital in running text (`Haus H`) stands in no column and changes nothing.
 *
 * The electronic statement's credit/debit indicator (camt.053 `CdtDbtInd`) is the same column in
 * English letters: a print of it puts `D` (debit) or `C` (credit) beside the unsigned amount.
 * Those letters count only in a column that holds both of them and no `S`/`H` — a column of
 * lone `C`s alone (a category mark, a grade) says no side.
 */
const SIDE_LETTER = /^[SHDC]$/u;
const SIGN_OF: Record<string, Sign> = { S: -1, H: 1, D: -1, C: 1 };
/** The letters' system: Soll/Haben or Debit/Credit. */
const systemOf = (letter: string): 'SH' | 'DC' => (letter === 'S' || letter === 'H' ? 'SH' : 'DC');
const MIN_ROWS = 3;

interface Letter {
  line: Line;
  letter: string;
  /** The letter's word index and right edge on its line. */
  index: number;
  x: number;
  x1: number;
}

export function signBySideLetters(lines: Line[]): Line[] {
  const letters: Letter[] = [];
  for (const line of lines) {
    if (line.amounts.length === 0) continue;
    const found = line.words.flatMap((w, i) => (SIDE_LETTER.test(w.text) && !line.amounts.some((a) => a.first <= i && i <= a.last) ? [{ line, letter: w.text, index: i, x: w.x0, x1: w.x1 }] : []));
    // One letter of a system per row (a `C` in `Vitamin C` does not hide a row's `S`).
    for (const system of ['SH', 'DC'] as const) {
      const mine = found.filter((f) => systemOf(f.letter) === system);
      if (mine.length === 1) letters.push(mine[0]!);
    }
  }
  for (const letter of letters) {
    const column = letters.filter((o) => Math.abs(o.x - letter.x) <= letter.line.size / 2 && systemOf(o.letter) === systemOf(letter.letter));
    if (column.length < MIN_ROWS) continue;
    if (systemOf(letter.letter) === 'DC' && !(column.some((o) => o.letter === 'D') && column.some((o) => o.letter === 'C'))) continue;
    const amounts = letter.line.amounts;
    if (amounts.length !== 1 || amounts[0]!.sign !== null) continue;
    // A letter right after its amount is part of the amount's cell (not posting text).
    const next = amounts[0]!.last + 1 === letter.index;
    amounts[0] = { ...amounts[0]!, sign: SIGN_OF[letter.letter]!, ...(next ? { last: letter.index, x1: letter.x1 } : {}) };
  }
  return lines;
}
