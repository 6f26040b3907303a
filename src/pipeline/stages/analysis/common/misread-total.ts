/**
 * A total whose figure OCR misread (issue 22, low-resolution images): the bold amount of a total
 * row behind a dotted leader loses digits in the JPEG's artefacts (`Gesamtbetrag ……… 354,30 €`
 * read as `54,30 €`). The letter's own arithmetic judges the reading: the amount rows printed
 * directly above the total in its column add up, over a run of two or more of them, to the amount
 * the total must be. Where the read figure is no such sum but is one of them with digits lost (the
 * cents as read, fewer digits before them, the rest in order), the reading is refused. The sum is
 * taken in its place only where the letter prints that amount once more on another line (the
 * transfer sentence `Bitte überweisen Sie 354,30 €`), so that the arithmetic and a second printing
 * agree; otherwise no total is reported — no value is better than a wrong one.
 *
 * The same JPEG garbles the rows too (`14,50 €` read `A DO €`, `15,00 €` read `19,0`), and then no
 * run of them adds up to anything. What still holds is that a total of amounts the letter adds is
 * no smaller than any one of them: a read total below an amount printed in the block of rows
 * directly above it (no row whose wording subtracts) is no total. Where the letter prints, on
 * another line, an amount of which the read figure is a digit-loss and that is no smaller than
 * every row of the block, that second printing is the total; otherwise none is.
 *
 * Only for figures read by OCR: a text layer does not lose digits, and a total there that the rows
 * do not reach is the letter's own error, which the checks report.
 */
import { figureAt, type Figure } from '../../../layout/figures.js';
import { sameColumn } from '../../../layout/table/index.js';
import type { TextLine } from '../../../model/lines.js';
import { placeOf } from './line-order.js';
import { foldGerman } from '../../../layout/fold.js';
import { lastMoney } from './sum-rows-above.js';
import { SUBTRACTS } from './table-sum.js';
import { centsOf } from './values.js';

type Found = { value: string; page: number; line?: TextLine } | null;

/** Amount rows read above a total at most. */
const MAX_ROWS = 8;

function moneyIn(line: TextLine, column: { x0: number; x1: number }): Figure | null {
  for (let i = 0; i < line.cells.length; i++) {
    const f = figureAt(line, i);
    if (f?.kind === 'money' && f.cents !== null && sameColumn(f, column)) return f;
  }
  return null;
}

/** The running sums of the amount rows directly above `at` in `column` (same page, no line without an amount between), from two rows on. */
function runningSums(lines: readonly TextLine[], at: number, column: { x0: number; x1: number }): { cents: number; rows: TextLine[] }[] {
  const sums: { cents: number; rows: TextLine[] }[] = [];
  const rows: TextLine[] = [];
  let sum = 0;
  for (let j = at - 1; j >= 0 && rows.length < MAX_ROWS; j--) {
    const l = lines[j]!;
    if (l.page !== lines[at]!.page) break;
    const f = moneyIn(l, column);
    if (!f) break;
    rows.push(l);
    sum += f.cents!;
    if (rows.length >= 2) sums.push({ cents: sum, rows: [...rows] });
  }
  return sums;
}

const digitsOf = (cents: number) => String(Math.abs(cents));

/** Whether `read` is `sum` with digits lost: the same cents, fewer digits before them, the rest in order. */
export function lostDigits(read: number, sum: number): boolean {
  const r = digitsOf(read);
  const s = digitsOf(sum);
  if (r.length >= s.length || r.length < 3 || r.slice(-2) !== s.slice(-2)) return false;
  let i = 0;
  for (const d of s) if (d === r[i]) i++;
  return i === r.length;
}

/** The lines of the block directly above `at` on its page: no wider gap than one and a half line heights between them. */
function blockAbove(lines: readonly TextLine[], at: number): TextLine[] {
  const block: TextLine[] = [];
  for (let j = at - 1; j >= 0 && block.length < MAX_ROWS; j--) {
    const below = lines[j + 1]!;
    const l = lines[j]!;
    if (l.page !== below.page || below.top - l.bottom > 1.5 * Math.max(below.size, 8)) break;
    block.push(l);
  }
  return block;
}

/** The first money figure on a line other than `skip` whose amount `accept` takes. */
function printedElsewhere(lines: readonly TextLine[], skip: readonly TextLine[], accept: (cents: number) => boolean): NonNullable<Found> | null {
  for (const l of lines) {
    if (skip.includes(l)) continue;
    for (let i = 0; i < l.cells.length; i++) {
      const f = figureAt(l, i);
      if (f?.kind === 'money' && f.cents !== null && accept(f.cents)) return { value: f.printed, page: l.page, line: l };
    }
  }
  return null;
}

/**
 * The total judged by the rows above it (see the head comment): unchanged where it is read from a
 * line of the text layer, equals a running sum of the rows above, or is no digit-loss of one;
 * otherwise the sum where another line prints it, else null. A total smaller than a row of its
 * block gives way to a second printing it is a digit-loss of, else to none.
 */
export function totalOverMisreading<T extends NonNullable<Found>>(lines: readonly TextLine[], total: T | null | undefined): T | NonNullable<Found> | null {
  if (!total?.line || !total.line.cells.every((c) => c.source === 'ocr')) return total ?? null;
  const read = centsOf(total.value);
  const own = lastMoney(total.line);
  const at = placeOf(lines, total.line);
  if (read === null || !own || own.cents !== read || at < 0) return total;
  const sums = runningSums(lines, at, own);
  if (sums.some((s) => s.cents === read)) return total;
  const meant = sums.find((s) => lostDigits(read, s.cents));
  if (meant) return printedElsewhere(lines, [total.line, ...meant.rows], (c) => c === meant.cents);
  const block = blockAbove(lines, at);
  const parts = block.filter((l) => !SUBTRACTS.test(foldGerman(l.text).trim())).map((l) => lastMoney(l)?.cents ?? 0);
  const largest = Math.max(0, ...parts);
  if (largest <= read) return total;
  return printedElsewhere(lines, [total.line, ...block], (c) => c >= largest && lostDigits(read, c));
}
