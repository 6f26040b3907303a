import type { PrintedDate } from '../../../domain/german-dates.js';
import type { Line } from '../../layout/lines.js';
import { statementPatterns as vocab } from '../../layout/vocabulary.js';
import { balanceAmount } from './balances.js';
import { detectBlockLayout, inlineDateOf } from './block-layout.js';
import { headingsBookDays, oneLeadingDate } from './day-groups.js';
import type { ColumnModel, HeaderLine } from './columns.js';
import type { Event, Posting } from './posting.js';
import { isProse, leadingDates, namesWeekday } from './posting-lines.js';
import { feeStart, startRuleFor, undatedDayStart, type Started } from './posting-start.js';
import { labelledValueDate } from './value-date-line.js';

/**
 * Lines → posting blocks: the assembler. The layout is decided first over all lines
 * (block-layout.ts: mode, columns, text column, balance and header lines); then, line by line in
 * reading order, a line is a column header, a balance, a repeated page header/footer, a day
 * heading, a summary row, the amount line of a stacked posting, the start of a posting (the
 * mode's rule, posting-start.ts), a card charge booked with the posting above, or a continuation
 * of the open posting while close (gap ≤ 1.3 line heights), on the same page, indented to the
 * text column where the layout indents, not prose, and under MAX_LINES lines. Anything else ends
 * the posting and is a line of its own.
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

/** No posting runs past this many lines: beyond, the text is a notice or an annex that follows the table without a gap. */
const MAX_LINES = 12;

export function buildBlocks(lines: readonly Line[], options: BlockOptions = {}): BlockResult {
  const ocrPages = options.ocrPages ?? new Set<number>();
  const layout = detectBlockLayout(lines);
  const { isHeader, kinds, repeated, headings, summary, model, headers, size, textX, requireIndent } = layout;
  const dayGrouped = layout.mode === 'day-grouped';
  // Date headings over rows with a (value) date of their own: the heading dates the booking.
  // Only headings that name their weekday count (a bare date line is a value date or a letter date).
  const dayHeadings = headings.map((h, i) => (h && namesWeekday(lines[i]!) ? h : null));
  const headingDays =
    !dayGrouped &&
    headingsBookDays(lines, dayHeadings, (l) => (kinds[l.index] === null && !isHeader.has(l.index) && l.amounts.length > 0 ? (leadingDates(l) > 0 ? l.dates[0]!.date : (inlineDateOf(l)?.date ?? null)) : null));
  const startPosting = startRuleFor(layout, ocrPages);
  /** Closing balances of summary rows, emitted after the postings. */
  const deferred: Event[] = [];
  const events: Event[] = [];
  let current: Posting | null = null;
  /** A stacked posting waiting for its amount line. */
  let awaiting: Started['awaiting'] = null;
  let day: PrintedDate | null = null;
  /** The booking date of the last posting started, carried to a posting that prints none. */
  let booked: PrintedDate | null = null;
  let prev: Line | null = null;
  /** Inside a section of pending rows ("Vorgemerkte Umsätze"): not booked, so no postings. */
  let pendingRows = false;
  /**
   * Since the last posting, the list ended or was interrupted: a balance that opens or closes, a
   * section heading, or a line with an amount or a date that is no posting's. No day runs on
   * past it. Page furniture (words alone: footers, the next page's letterhead) and carried
   * balances (Übertrag) do not interrupt a day.
   */
  let stray = false;
  let undated = 0;

  const close = (): void => {
    current = null;
    awaiting = null;
  };

  for (const l of lines) {
    const pageBreak = prev !== null && prev.page !== l.page;
    prev = l;
    if (pageBreak) close();
    if (isHeader.has(l.index)) {
      close();
      events.push({ kind: 'line', line: l });
      continue;
    }
    // A pending section runs from its heading to the booked rows' heading or a balance line;
    // its rows are read as postings (so their lines stay theirs) and left out.
    if (l.amounts.length === 0 && (vocab.pendingSection.test(l.folded.trim()) || vocab.bookedSection.test(l.folded.trim()))) {
      close();
      pendingRows = vocab.pendingSection.test(l.folded.trim());
      stray = true;
      events.push({ kind: 'line', line: l });
      continue;
    }
    const kind = kinds[l.index];
    if (kind) {
      pendingRows = false;
      if (kind !== 'carry') stray = true;
      close();
      const amount = balanceAmount(l);
      events.push({ kind: 'balance', balance: kind, line: l, amount });
      continue;
    }
    if (repeated.has(l.index)) {
      close();
      events.push({ kind: 'line', line: l });
      continue;
    }
    const heading = headings[l.index];
    if (heading && (dayGrouped || (headingDays && dayHeadings[l.index]))) {
      close();
      day = heading;
      continue;
    }
    const sum = summary.get(l.index);
    if (sum) {
      close();
      events.push({ kind: 'balance', balance: 'opening', line: l, amount: sum.opening });
      deferred.push({ kind: 'balance', balance: 'closing', line: l, amount: sum.closing });
      continue;
    }
    const nDates = leadingDates(l);
    if (awaiting && awaiting.line === l && current) {
      // The amount line of a stacked posting: its amounts are the posting's, the rest is text.
      const skip = new Set<number>();
      for (const t of awaiting.used) for (let i = t.first; i <= t.last; i++) skip.add(i);
      // `Betrag: -12,50 EUR`: the label of the amount the posting took goes with it.
      for (const t of awaiting.used) if (t.first > 0 && /^\p{L}[\p{L}.-]*:$/u.test(l.words[t.first - 1]!.text)) skip.add(t.first - 1);
      (current as Posting).lines.push(l);
      (current as Posting).skip.set(l.index, skip);
      awaiting = null;
      continue;
    }
    if (awaiting && current) {
      (current as Posting).lines.push(l);
      (current as Posting).skip.set(l.index, new Set());
      continue;
    }
    awaiting = null;
    const started = startPosting(l, nDates, day);
    if (started) {
      // Only the value date printed: booked on the day of the posting above (day-groups.ts).
      if (booked !== null && oneLeadingDate(l) && layout.bookedAbove(l)) {
        started.posting.otherDate = started.posting.date;
        started.posting.date = booked;
      }
      if (headingDays && day !== null) {
        started.posting.otherDate = started.posting.date;
        started.posting.date = day;
      }
      booked = started.posting.date;
      current = started.posting;
      awaiting = started.awaiting;
      stray = false;
      // A pending row's lines are no event at all: its dates are outside the booked period.
      if (!pendingRows) events.push({ kind: 'posting', posting: started.posting });
      continue;
    }
    const open = current as Posting | null;
    const fee = open ? feeStart(l, nDates, open, layout) : null;
    if (fee) {
      current = fee;
      events.push({ kind: 'posting', posting: fee });
      continue;
    }
    // A row of the day above that prints no date (the day's date stands on its first posting only).
    const sameDay = options.undatedRows && layout.mode === 'leading-date' && booked !== null && !stray && !isProse(l) ? undatedDayStart(l, nDates, booked, layout) : null;
    if (sameDay) {
      undated++;
      current = sameDay;
      if (!pendingRows) events.push({ kind: 'posting', posting: sameDay });
      continue;
    }
    if (open) {
      const last = open.lines[open.lines.length - 1]!;
      const gap = l.top - last.bottom;
      // Where the line starts: an OCR word read as good as rejected (confidence < 0.5) has a box
      // the engine guessed around noise (`IBAN:` 12 pt left of its text column on a photo), so
      // the first word it was sure of says where the line's text stands.
      const firstSure = l.words.slice(nDates).find((w) => (w.confidence ?? 1) >= 0.5);
      const x = (firstSure ?? l.words[nDates] ?? l.words[0]!).x0;
      const indented = !requireIndent || x >= textX - Math.max(size * 1.5, 6) || nDates > 0;
      if (gap <= Math.max(size, l.size) * 1.3 && indented && open.lines.length < MAX_LINES && !isProse(l)) {
        const skip = new Set<number>();
        for (let i = 0; i < nDates; i++) skip.add(i);
        // A second line that starts with a date: the value date of two-line layouts.
        if (nDates > 0 && open.otherDate === null && open.lines.length === 1) open.otherDate = l.dates[0]!.date;
        // `Wertstellung 01.08.2026` as a line of the block: the value date, not text. Every layout
        // seen prints it as the block's last line (neobank excerpts, Sparkasse `Wert:`, online
        // printouts' `Valuta`): it closes the posting, so a footer under it stays out.
        const valueDate = labelledValueDate(l);
        if (valueDate) {
          for (let i = 0; i < l.words.length; i++) skip.add(i);
          if (open.otherDate === null) [open.otherDate, open.otherIsValue] = [valueDate, true];
        }
        open.lines.push(l);
        open.skip.set(l.index, skip);
        if (valueDate) close();
        continue;
      }
      close();
    }
    if (l.amounts.length > 0 || l.dates.length > 0) stray = true;
    events.push({ kind: 'line', line: l });
  }
  events.push(...deferred);
  return { events, model, headers, undated };
}

