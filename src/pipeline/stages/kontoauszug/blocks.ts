import type { PrintedDate } from '../../../domain/german-dates.js';
import type { Line } from '../../layout/lines.js';
import { closePosting, newAssembly, type Assembly, type AssemblyRules } from './block-assembly.js';
import { detectBlockLayout, inlineDateOf, type BlockLayout } from './block-layout.js';
import { takeClassifiedLine } from './classified-lines.js';
import { headingLostRows, headingsBookDays, oneLeadingDate, weekdayLostHeadings } from './day-groups.js';
import type { ColumnModel, HeaderLine } from './columns.js';
import type { Event } from './posting.js';
import { takeContinuation, takeStackedLine } from './posting-continuation.js';
import { isProse, leadingDates, namesWeekday } from './posting-lines.js';
import { feeStart, startRuleFor, undatedDayStart } from './posting-start.js';

/**
 * Lines → posting blocks: the assembler. The layout is decided first over all lines
 * (block-layout.ts: mode, columns, text column, balance and header lines); then, line by line in
 * reading order, a line is a column header, a balance, a repeated page header/footer, a day
 * heading, a summary row, the amount line of a stacked posting, the start of a posting (the
 * mode's rule, posting-start.ts), a card charge booked with the posting above, or a continuation
 * of the open posting while close (gap ≤ 1.3 line heights), on the same page, indented to the
 * text column where the layout indents, not prose, and under MAX_LINES lines. Anything else ends
 * the posting and is a line of its own. The steps: classified-lines.ts (the layout's non-posting
 * lines), posting-continuation.ts (stacked amount lines, continuations), the starts below.
 */
export interface BlockResult {
  events: Event[];
  model: ColumnModel;
  headers: HeaderLine[];
  /** Postings started on lines without a date, under a day's first posting (`undatedRows`). */
  undated: number;
}

export interface BlockOptions {
  /** Pages read by OCR: only there may a posting line carry an amount that did not read. */
  ocrPages?: ReadonlySet<number>;
  /**
   * Read a line without a date that starts a block as its dated siblings do, with an amount in
   * the amount column, as a posting of the day above (posting-start.ts `undatedDayStart`);
   * otherwise it continues the posting above. The engine reads both ways and the balances judge.
   */
  undatedRows?: boolean;
}

export function buildBlocks(lines: readonly Line[], options: BlockOptions = {}): BlockResult {
  const layout = detectBlockLayout(lines);
  const rules = assemblyRules(lines, layout, options);
  const st = newAssembly();
  let prev: Line | null = null;
  for (const l of lines) {
    if (prev !== null && prev.page !== l.page) closePosting(st);
    prev = l;
    placeLine(rules, st, l);
  }
  st.events.push(...st.deferred);
  return { events: st.events, model: layout.model, headers: layout.headers, undated: st.undated };
}

/** The rules that follow from the layout: which headings date the postings, how a posting starts. */
function assemblyRules(lines: readonly Line[], layout: BlockLayout, options: BlockOptions): AssemblyRules {
  const dayGrouped = layout.mode === 'day-grouped';
  const named = layout.headings.map((h, i) => (h && namesWeekday(lines[i]!) ? h : null));
  const headingDays = !dayGrouped && headingsBookDays(lines, named, (l) => rowDate(layout, l));
  // Decided on the headings that name their weekday; then a scan's heading that lost it counts too.
  const dayHeadings = headingDays ? weekdayLostHeadings(lines, layout.headings, named, (l) => leadingDates(l) > 0 && rowDate(layout, l) !== null) : named;
  const lostDays = headingDays ? headingLostRows(lines, dayHeadings, (l) => rowDate(layout, l)) : new Map<number, PrintedDate>();
  const startPosting = startRuleFor(layout, options.ocrPages ?? new Set<number>());
  return { layout, dayGrouped, dayHeadings, headingDays, lostDays, startPosting, undatedRows: options.undatedRows === true };
}

/** The date a row with amounts prints (leading, else inline); null for balances, headers and lines without amounts. */
function rowDate(layout: BlockLayout, l: Line): PrintedDate | null {
  if (layout.kinds[l.index] !== null || layout.isHeader.has(l.index) || l.amounts.length === 0) return null;
  return leadingDates(l) > 0 ? l.dates[0]!.date : (inlineDateOf(l)?.date ?? null);
}

/** One line in reading order: the first step that takes it places it; otherwise it is a line of its own and, with an amount or a date, a stray one. */
function placeLine(rules: AssemblyRules, st: Assembly, l: Line): void {
  if (takeClassifiedLine(rules, st, l)) return;
  const nDates = leadingDates(l);
  if (takeStackedLine(st, l)) return;
  if (takeStart(rules, st, l, nDates) || takeFee(rules.layout, st, l, nDates) || takeSameDay(rules, st, l, nDates)) return;
  if (takeContinuation(rules.layout, st, l, nDates)) return;
  if (l.amounts.length > 0 || l.dates.length > 0) st.stray = true;
  st.events.push({ kind: 'line', line: l });
}

/**
 * A posting started by the layout's rule (posting-start.ts). Where only the value date is printed
 * it is booked on the day of the posting above (day-groups.ts); under a day heading that dates
 * the bookings, on the heading's day. A pending row's posting is no event at all: its dates are
 * outside the booked period.
 */
function takeStart(rules: AssemblyRules, st: Assembly, l: Line, nDates: number): boolean {
  const started = rules.startPosting(l, nDates, st.day);
  if (!started) return false;
  const posting = started.posting;
  if (st.booked !== null && oneLeadingDate(l) && rules.layout.bookedAbove(l)) {
    posting.otherDate = posting.date;
    posting.date = st.booked;
  }
  // A day whose heading a scan lost entirely (day-groups.ts headingLostRows) starts here.
  st.day = rules.lostDays.get(l.index) ?? st.day;
  if (rules.headingDays && st.day !== null) {
    posting.otherDate = posting.date;
    posting.date = st.day;
  }
  st.booked = posting.date;
  st.current = posting;
  st.awaiting = started.awaiting;
  st.stray = false;
  if (!st.pendingRows) st.events.push({ kind: 'posting', posting });
  return true;
}

/** A card charge booked with the open posting (posting-start.ts `feeStart`): a posting of its own. */
function takeFee(layout: BlockLayout, st: Assembly, l: Line, nDates: number): boolean {
  const fee = st.current ? feeStart(l, nDates, st.current, layout) : null;
  if (!fee) return false;
  st.current = fee;
  st.events.push({ kind: 'posting', posting: fee });
  return true;
}

/** With `undatedRows`, a row of the day above that prints no date (the day's date stands on its first posting only). */
function takeSameDay(rules: AssemblyRules, st: Assembly, l: Line, nDates: number): boolean {
  const { layout } = rules;
  const sameDay = rules.undatedRows && layout.mode === 'leading-date' && st.booked !== null && !st.stray && !isProse(l) ? undatedDayStart(l, nDates, st.booked, layout) : null;
  if (!sameDay) return false;
  st.undated++;
  st.current = sameDay;
  if (!st.pendingRows) st.events.push({ kind: 'posting', posting: sameDay });
  return true;
}
