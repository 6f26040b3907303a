import { dayNumber, type PrintedDate } from '../../../domain/german-dates.js';
import type { Line } from '../../layout/lines.js';
import { closePosting, type Assembly } from './block-assembly.js';
import type { BlockLayout } from './block-layout.js';
import type { Posting } from './posting.js';
import { isProse } from './posting-lines.js';
import { labelledValueDate, valueDateCell } from './value-date-line.js';

/** No posting runs past this many lines: beyond, the text is a notice or an annex that follows the table without a gap. */
const MAX_LINES = 12;

/**
 * While a stacked posting waits for its amount line (posting-start.ts `awaiting`), every line
 * goes to it; the amount line's amounts (and the label of the amount taken, `Betrag: -12,50 EUR`)
 * are the posting's, the rest is text. True when `l` was taken; otherwise the wait ends.
 */
export function takeStackedLine(st: Assembly, l: Line): boolean {
  const { awaiting, current } = st;
  if (!awaiting || !current) {
    st.awaiting = null;
    return false;
  }
  const skip = new Set<number>();
  if (awaiting.line === l) {
    for (const t of awaiting.used) for (let i = t.first; i <= t.last; i++) skip.add(i);
    for (const t of awaiting.used) if (t.first > 0 && /^\p{L}[\p{L}.-]*:$/u.test(l.words[t.first - 1]!.text)) skip.add(t.first - 1);
    st.awaiting = null;
  }
  current.lines.push(l);
  current.skip.set(l.index, skip);
  return true;
}

/**
 * `l` as a further line of the open posting, where it continues it (`continues`): its leading
 * dates are no text; a second line that starts with a date gives the value date of two-line
 * layouts; a labelled value date line (`Wertstellung 01.08.2026`) gives the value date and closes
 * the posting. True when taken; where a posting is open and `l` does not continue it, the posting
 * is closed and false returned.
 */
export function takeContinuation(layout: BlockLayout, st: Assembly, l: Line, nDates: number): boolean {
  const open = st.current;
  if (!open) return false;
  if (!continues(layout, open, l, nDates)) {
    closePosting(st);
    return false;
  }
  const skip = new Set<number>();
  for (let i = 0; i < nDates; i++) skip.add(i);
  if (nDates > 0 && open.otherDate === null && (open.lines.length === 1 || loneDateBelowMark(open, l, nDates))) open.otherDate = l.dates[0]!.date;
  // Every layout seen prints a labelled value date as the block's last line (neobank excerpts,
  // Sparkasse `Wert:`, online printouts' `Valuta`): it closes the posting, so a footer under it stays out.
  const valueDate = labelledValueDate(l);
  if (valueDate) {
    for (let i = 0; i < l.words.length; i++) skip.add(i);
    if (open.otherDate === null) [open.otherDate, open.otherIsValue] = [valueDate, true];
  }
  // The value date as the line's last cell, stacked under the booking date right of the text:
  // a date field too, but the posting's text goes on below it.
  const cell = valueDate || nDates > 0 ? null : valueDateCell(l);
  if (cell) {
    for (let i = cell.from; i < l.words.length; i++) skip.add(i);
    if (open.otherDate === null) [open.otherDate, open.otherIsValue] = [cell.date, true];
  }
  open.lines.push(l);
  open.skip.set(l.index, skip);
  if (valueDate) closePosting(st);
  return true;
}

/** Booking and value date of one posting lie within a month of each other. */
const PAIR_DAYS = 31;

/**
 * The value date of a two-line layout pushed to the third line: a line holding only a date,
 * right below the block's second line, while the posting has no other date yet, and within a
 * month of the booking date. A printer's mark in the date column (`A30.09.2019 Visa-Umsatz …`
 * over `A 119093157242901`, comdirect) takes the second line's date cell, so text extraction
 * reads the value date (`28.09.2019`) a line later.
 */
function loneDateBelowMark(open: Posting, l: Line, nDates: number): boolean {
  if (open.lines.length !== 2 || nDates !== 1 || l.words.length !== 1 || !open.date) return false;
  const d = l.dates[0]!.date;
  const at = (x: PrintedDate, year: number): number => dayNumber({ year: x.year ?? year, month: x.month, day: x.day });
  // A date printed without its year may lie across the turn of the year (`30.12.` / `02.01.`).
  const year = open.date.year ?? d.year ?? 2001;
  return [year - 1, year, year + 1].some((y) => Math.abs(at(open.date!, year) - at(d, y)) <= PAIR_DAYS);
}

/**
 * Whether `l` continues the open posting: close below its last line (gap ≤ 1.3 line heights),
 * indented to the text column where the layout indents (or starting with a date), not prose, and
 * the posting under MAX_LINES lines.
 */
function continues(layout: BlockLayout, open: Posting, l: Line, nDates: number): boolean {
  const { size, textX, requireIndent } = layout;
  const last = open.lines[open.lines.length - 1]!;
  const gap = l.top - last.bottom;
  // Where the line starts: an OCR word read as good as rejected (confidence < 0.5) has a box
  // the engine guessed around noise (`IBAN:` 12 pt left of its text column on a photo), so
  // the first word it was sure of says where the line's text stands.
  const firstSure = l.words.slice(nDates).find((w) => (w.confidence ?? 1) >= 0.5);
  const x = (firstSure ?? l.words[nDates] ?? l.words[0]!).x0;
  const indented = !requireIndent || x >= textX - Math.max(size * 1.5, 6) || nDates > 0;
  return gap <= Math.max(size, l.size) * 1.3 && indented && open.lines.length < MAX_LINES && !isProse(l);
}
