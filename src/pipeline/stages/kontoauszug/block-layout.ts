import type { PrintedDate } from '../../../domain/german-dates.js';
import { adjacent, type AmountToken, type DateToken, type Line } from '../../layout/lines.js';
import { statementPatterns as vocab } from '../../layout/vocabulary.js';
import { gridBalances, lineBalances } from './label-balances.js';
import { balanceKind, type BalanceKind } from './balances.js';
import { columnModel, headerLine, median, type ColumnModel, type ColumnRole, type HeaderLine } from './columns.js';
import { bookingDateIndex, valueDatesUnderHeader } from './date-columns.js';
import { repeatedLines } from './headers-footers.js';
import { dateHeading, leadingDates, startsWithRange } from './posting-lines.js';
import { missingBookingDate, ownColumnBalances } from './day-groups.js';

/**
 * How postings are laid out on this statement, decided once over all its lines before any block
 * is built (blocks.ts assembles with it, posting-start.ts starts postings by its mode):
 *
 * - `leading-date`: a posting line begins with its booking date (and value date); a dated line
 *   without an amount may have it a few lines below (cells stacked vertically);
 * - `inline-date`: no line begins with a date, the date stands inside the line (description
 *   column first) — taken when such lines outnumber leading-date candidates two to one;
 * - `day-grouped`: app exports, amounts under day headings ("Montag, 2. März 2026").
 *
 * Also decided here, from the same candidates: the amount columns, the text column's left edge
 * and whether continuation lines must be indented to it, the column headers, repeated page
 * headers/footers, balance lines and summary rows.
 */
export type LayoutMode = 'leading-date' | 'inline-date' | 'day-grouped';

export interface BlockLayout {
  mode: LayoutMode;
  /** Column-header lines, by line index. */
  headers: HeaderLine[];
  isHeader: Map<number, HeaderLine>;
  /** Indices of page headers/footers repeated across pages. */
  repeated: Set<number>;
  /** Per line index: the balance the line states, or null. */
  kinds: (BalanceKind | null)[];
  /** Per line index: the date the line heads (day-grouped exports), or null. */
  headings: (PrintedDate | null)[];
  /** A dated line without an amount → the line below that holds its amount (stacked cells). */
  amountBelow: Map<number, Line>;
  /** Summary rows ("Anfangssaldo … Endsaldo" header over one row of amounts), by line index. */
  summary: Map<number, { opening: AmountToken; closing: AmountToken }>;
  model: ColumnModel;
  /** Some column header ends in the running-balance column (Saldo/Kontostand). */
  balanceLast: boolean;
  /** A header names a value-date column (Wertstellung, Valuta, Wert). */
  valutaColumn: boolean;
  /** Median line height of the posting candidates. */
  size: number;
  /** Left edge of the posting text column. */
  textX: number;
  /** Continuation lines must be indented to the text column (the layout indents them). */
  requireIndent: boolean;
  /** The booking date among a line's leading dates (see date-columns.ts). */
  bookingDate(l: Line): PrintedDate;
  /** The posting's other leading date (value date, or a card posting's receipt date). */
  otherDate(l: Line): PrintedDate | null;
  /**
   * A posting line that prints only its other date (in the value-date column): it is booked on
   * the date of the posting above, its day group's (day-groups.ts).
   */
  bookedAbove(l: Line): boolean;
}

/** The booking date of an inline-date line: its first date that is not a value date in its column. */
export function inlineDateOf(l: Line): DateToken | undefined {
  return startsWithRange(l) ? undefined : l.dates.find((d) => !d.valueColumn);
}

export function detectBlockLayout(lines: readonly Line[]): BlockLayout {
  const headers: HeaderLine[] = [];
  const isHeader = new Map<number, HeaderLine>();
  for (const l of lines) {
    const h = headerLine(l);
    if (h) {
      headers.push(h);
      isHeader.set(l.index, h);
    }
  }
  // Marks `DD.MM` value dates under a Valuta header as date tokens of their lines (mutates them).
  valueDatesUnderHeader(lines, headers);
  const repeated = repeatedLines(lines);
  const booking = bookingDateIndex(lines);
  const bookingDate = (l: Line): PrintedDate => {
    const second = l.dates[1];
    return booking === 1 && second && second.word === l.dates[0]!.last + 1 ? second.date : l.dates[0]!.date;
  };
  // A header naming a value-date column (Wertstellung, Valuta, Wert) after the text column.
  const valutaColumn = headers.some((h) => vocab.valueDateColumn.test(h.line.text));
  const otherDate = (l: Line): PrintedDate | null => {
    const second = l.dates[1];
    if (!second) return null;
    // Adjacent (`Buchung Valuta`) or further along the line (a Wertstellung column).
    return booking === 1 && second.word === l.dates[0]!.last + 1 ? l.dates[0]!.date : second.date;
  };
  // A balance line carries its amount or is a short label whose amount stands nearby; a
  // sentence that mentions the "Schlusssaldo" is prose.
  const kinds = lines.map((l) => (l.amounts.length > 0 || (l.words.length <= 8 && vocab.balanceHint.test(l.text)) ? balanceKind(l) : null));
  const headings = lines.map((l) => dateHeading(l));

  // Posting candidates decide the columns: dated lines with amounts, else (day-grouped
  // exports) undated lines with amounts that follow a date heading.
  const dated = lines.filter((l) => kinds[l.index] === null && !isHeader.has(l.index) && l.amounts.length > 0 && leadingDates(l) > 0);
  const amountBelow = stackedAmounts(lines, kinds, isHeader, headings, repeated);
  let mode: LayoutMode = 'leading-date';
  let candidates = [...dated, ...amountBelow.values()];
  // No line starts with its date: the date may stand inside the line ("Zinsertrag 01.06.2024
  // +252,16€", a description column before the date column).
  // Whichever reading explains more lines wins (a stray dated line does not make a layout).
  const inlineCandidates = lines.filter(
    (l) => kinds[l.index] === null && !isHeader.has(l.index) && l.amounts.length > 0 && inlineDateOf(l) !== undefined && leadingDates(l) === 0 && !repeated.has(l.index),
  );
  if (inlineCandidates.length > 0 && inlineCandidates.length >= candidates.length * 2) {
    candidates = inlineCandidates;
    mode = 'inline-date';
  }
  if (candidates.length === 0 && headings.some((h) => h !== null)) {
    mode = 'day-grouped';
    let seen = false;
    candidates = lines.filter((l) => {
      if (headings[l.index]) seen = true;
      return seen && kinds[l.index] === null && l.amounts.length > 0 && !repeated.has(l.index);
    });
  }
  const model = columnModel(candidates, headers);
  const lastRole = headers.map((h) => [...h.roles].sort((a, b) => a.x1 - b.x1).pop()?.role).filter((r): r is ColumnRole => r !== undefined);
  const balanceLast = lastRole.some((r) => r === 'balance');
  const size = median(candidates.map((l) => l.size));
  // A day's balance in a Saldo column no posting fills is a running balance (day-groups.ts).
  if (mode !== 'day-grouped') for (const l of ownColumnBalances(lines, kinds, isHeader, candidates, size)) kinds[l.index] = 'carry';
  const noBooking = mode === 'leading-date' ? missingBookingDate(candidates, booking, size) : null;
  const bookedAbove = (l: Line): boolean => noBooking?.(l) ?? false;
  const textX = median(
    candidates.map((l) => {
      const skipN = leadingDates(l);
      const w = l.words[skipN];
      return w ? w.x0 : l.words[0]!.x0;
    }),
  );
  const requireIndent = !model.flattened && indentsContinuations(lines, candidates, kinds, isHeader, textX, size);
  const summary = summaryRows(lines, kinds);
  return { mode, headers, isHeader, repeated, kinds, headings, amountBelow, summary, model, balanceLast, valutaColumn, size, textX, requireIndent, bookingDate, otherDate, bookedAbove };
}

/**
 * A dated line without an amount whose amount follows a few lines further down (date cell, type
 * line, amount line: some layouts stack a posting's cells vertically) → that amount line.
 */
function stackedAmounts(
  lines: readonly Line[],
  kinds: readonly (BalanceKind | null)[],
  isHeader: ReadonlyMap<number, HeaderLine>,
  headings: readonly (PrintedDate | null)[],
  repeated: ReadonlySet<number>,
): Map<number, Line> {
  const amountBelow = new Map<number, Line>();
  for (const l of lines) {
    if (l.amounts.length > 0 || leadingDates(l) === 0 || kinds[l.index] !== null || isHeader.has(l.index) || headings[l.index]) continue;
    // Right below a dated line with an amount, a dated line is that posting's second line
    // (value date + reference, as two-line layouts print it), not a stacked posting; a line
    // that is only a date is the date cell of the next posting (stacked app exports).
    const above = lines[l.index - 1];
    if (above && leadingDates(l) < l.words.length && above.amounts.length > 0 && leadingDates(above) > 0 && adjacent(above, l)) continue;
    for (let j = l.index + 1; j <= l.index + 4 && j < lines.length; j++) {
      const n = lines[j]!;
      if (n.page !== l.page || leadingDates(n) > 0 || kinds[j] !== null || isHeader.has(j) || repeated.has(j)) break;
      if (n.amounts.length > 0) {
        amountBelow.set(l.index, n);
        break;
      }
    }
  }
  return amountBelow;
}

/**
 * Continuation lines must be indented to the text column only where the layout indents them:
 * judged from the lines right below posting lines (flattened or plain-text renderings start
 * every line at the margin).
 */
function indentsContinuations(
  lines: readonly Line[],
  candidates: readonly Line[],
  kinds: readonly (BalanceKind | null)[],
  isHeader: ReadonlyMap<number, HeaderLine>,
  textX: number,
  size: number,
): boolean {
  let indentedBelow = 0;
  let marginBelow = 0;
  for (const c of candidates) {
    const n = lines[c.index + 1];
    if (!n || n.page !== c.page || n.amounts.length > 0 || leadingDates(n) > 0 || kinds[n.index] !== null || isHeader.has(n.index)) continue;
    if (n.top - c.bottom > Math.max(c.size, n.size) * 1.3) continue;
    // A line that began with the years of the date cells (joined into the dates, lines.ts)
    // began left of the text column: the layout prints posting content there.
    if (n.afterDateCells) marginBelow++;
    else if (n.words[0]!.x0 >= textX - Math.max(size * 1.5, 6)) indentedBelow++;
    else marginBelow++;
  }
  return indentedBelow >= marginBelow;
}

/**
 * Summary rows ("Anfangssaldo … Endsaldo" header over one row of amounts): the first amount
 * opens, the last closes.
 */
function summaryRows(lines: readonly Line[], kinds: readonly (BalanceKind | null)[]): Map<number, { opening: AmountToken; closing: AmountToken }> {
  const summary = new Map<number, { opening: AmountToken; closing: AmountToken }>();
  for (let i = 0; i + 1 < lines.length; i++) {
    const h = lines[i]!.folded;
    const next = lines[i + 1]!;
    if (lines[i]!.amounts.length > 0 || !vocab.summaryOpening.test(h) || !vocab.summaryClosing.test(h)) continue;
    if (next.amounts.length >= 2 && kinds[next.index] === null) summary.set(next.index, { opening: next.amounts[0]!, closing: next.amounts[next.amounts.length - 1]! });
  }
  for (let i = 0; i + 1 < lines.length; i++) {
    const next = lines[i + 1]!;
    if (summary.has(next.index) || kinds[next.index] !== null) continue;
    const grid = gridBalances(lines[i]!, next);
    if (grid) summary.set(next.index, grid);
  }
  // The grid in one line (`Kontostand alt … · Eingänge … · Kontostand neu …`): a balance line
  // whose labels name both balances states both.
  for (const l of lines) {
    const kind = kinds[l.index];
    if (l.amounts.length < 2 || (kind !== 'opening' && kind !== 'closing' && kind !== 'either')) continue;
    const both = lineBalances(l);
    if (both) summary.set(l.index, both);
  }
  return summary;
}
