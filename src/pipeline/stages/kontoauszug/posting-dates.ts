import { addDays, dayNumber } from '../../../domain/german-dates.js';
import { statementPatterns as vocab } from '../../layout/vocabulary.js';
import type { Posting } from './posting.js';
import type { Segment } from './sections.js';
import { periodFromUndatedBalances } from './undated-balance-period.js';
import { withYear, type FullDate, type Period } from './year.js';

/**
 * An account's own period: from the date of its opening balance line to that of its closing
 * one, else the document's. An opening balance dated the evening before a printed range
 * ("Kontostand am 30.09.2026" over a statement "vom 01.10.2026 bis …") starts on the range's
 * first day; one that names the statement it closed starts on the day after its date. A closing
 * balance dated inside that range (a sheet's new balance dated its last booking day,
 * sheet-footers.ts) ends it on the range's last day — the range is the period. Where no range is
 * printed and the balance lines print day and month only, undated-balance-period.ts.
 */
export function segmentPeriod(s: Segment, doc: Period | null, ranges: readonly Period[]): Period | null {
  const a = s.openingLine?.dates.find((d) => d.date.year !== null)?.date;
  const b = s.closingLine?.dates.find((d) => d.date.year !== null)?.date;
  if (a && b && a.year !== null && b.year !== null) {
    let start = { year: a.year, month: a.month, day: a.day };
    let end = { year: b.year, month: b.month, day: b.day };
    // The document's own period counts as a printed range too (one written with month names).
    const next = [...ranges, ...(doc ? [doc] : [])].find((r) => dayNumber(r.start) === dayNumber(start) + 1 && dayNumber(r.start) <= dayNumber(end));
    if (next) start = next.start;
    // The opening names the statement it closed (`Kontostand am 09.12.2025, Auszug Nr. 12`): the
    // balance at that day's end; this statement's days begin the day after.
    else if (vocab.previousStatement.test(s.openingLine!.folded) && dayNumber(start) < dayNumber(end)) start = addDays(start, 1);
    if (next && dayNumber(end) < dayNumber(next.end)) end = next.end;
    if (dayNumber(start) <= dayNumber(end)) return { start, end };
  }
  // Balance lines with day and month only, and no printed range: the year printed alone, judged by the postings.
  if (doc?.guessed) return periodFromUndatedBalances(s.openingLine, s.closingLine, s.postings.map((p) => p.date), doc.end.year) ?? doc;
  return doc;
}

export interface PostingDates {
  /** The booking date with its year; a posting without a date of its own takes the one before. */
  date: FullDate | null;
  /** The other printed date (value or receipt date), its year taken near the booking date. */
  other: FullDate | null;
}

/** Full dates of an account's postings, in order (year.ts decides each year from the period). */
export function postingDates(postings: readonly Posting[], period: Period | null): PostingDates[] {
  let prevDate: FullDate | null = null;
  return postings.map((p) => {
    const date: FullDate | null = p.date ? withYear(p.date, period, prevDate) : prevDate;
    if (date) prevDate = date;
    const other = p.otherDate && date ? withYear(p.otherDate, period, date) : null;
    return { date, other };
  });
}
