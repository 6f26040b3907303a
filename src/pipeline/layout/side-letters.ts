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
 */
const SIDE_LETTER = /^[SH]$/u;
const MIN_ROWS = 3;

interface Letter {
  line: Line;
  sign: Sign;
  x: number;
}

export function signBySideLetters(lines: Line[]): Line[] {
  const letters: Letter[] = [];
  for (const line of lines) {
    if (line.amounts.length === 0) continue;
    const found = line.words.flatMap((w, i) => (SIDE_LETTER.test(w.text) && !line.amounts.some((a) => a.first <= i && i <= a.last) ? [{ line, sign: (w.text === 'H' ? 1 : -1) as Sign, x: w.x0 }] : []));
    if (found.length === 1) letters.push(found[0]!);
  }
  for (const letter of letters) {
    const column = letters.filter((o) => Math.abs(o.x - letter.x) <= letter.line.size / 2);
    if (column.length < MIN_ROWS) continue;
    const amounts = letter.line.amounts;
    if (amounts.length !== 1 || amounts[0]!.sign !== null) continue;
    amounts[0] = { ...amounts[0]!, sign: letter.sign };
  }
  return lines;
}
