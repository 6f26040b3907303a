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
 * first day; one that closed the day it names starts on the day after (`endOfDay`). A closing
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
    else if (dayNumber(start) < dayNumber(end) && endOfDay(start, s, ranges)) start = addDays(start, 1);
    if (next && dayNumber(end) < dayNumber(next.end)) end = next.end;
    if (dayNumber(start) <= dayNumber(end)) return { start, end };
  }
  // Balance lines with day and month only, and no printed range: the year printed alone, judged by the postings.
  if (doc?.guessed) return periodFromUndatedBalances(s.openingLine, s.closingLine, s.postings.map((p) => p.date), doc.end.year) ?? doc;
  // The document's period made of the balance lines' dates (a grid that prints `Kontostand am 31.
  // Juli 2026 | … | Kontostand am 31. August 2026` in one row): its first day is the opening's.
  if (doc?.fromBalances && dayNumber(doc.start) < dayNumber(doc.end) && endOfDay(doc.start, s, ranges)) return { start: addDays(doc.start, 1), end: doc.end };
  return doc;
}

/**
 * An opening balance dated `day` that is the balance at the end of that day, as a closing is at
 * the end of its own: this statement's days begin the day after. So where the opening names the
 * statement it closed (`Kontostand am 09.12.2025, Auszug Nr. 12`) or names itself that
 * statement's closing (`Alter Saldo per 30.11.`, `Saldo alt`, `Vortrag`: lexicon meaning
 * `priorBalance`), or is dated the last day of a month (`Kontostand am 31. Juli 2026` over
 * August: statements run by calendar months; `Kontostand am 01.08.` or `Anfangsbestand am 01.04.`
 * open the day they name) — and nothing printed puts the day inside the period: no printed range
 * starts on it (`Kontostand am 01.10.2026 (Beginn des Zeitraums)` over `Zeitraum: 01.10.2026 - …`)
 * and no posting is booked on it.
 */
function endOfDay(day: FullDate, s: Segment, ranges: readonly Period[]): boolean {
  const text = s.openingLine?.folded ?? '';
  const monthEnd = addDays(day, 1).day === 1;
  if (!(vocab.previousStatement.test(text) || vocab.priorBalance.test(text) || monthEnd)) return false;
  // The document's period is no witness here: without a printed range it is made of the balances' own dates (year.ts findPeriod).
  if (ranges.some((r) => dayNumber(r.start) === dayNumber(day))) return false;
  return !s.postings.some((p) => p.date !== null && p.date.day === day.day && p.date.month === day.month && (p.date.year === null || p.date.year === day.year));
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
