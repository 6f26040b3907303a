import { dayNumber } from '../../../domain/german-dates.js';
import type { PrintedDate } from '../../../domain/german-dates.js';
import type { Posting } from './posting.js';
import { withYear, type Period } from './year.js';

/**
 * Which of two date columns is the booking date where the column header does not say
 * (date-columns.ts `headerBookingDate` is null: `Datum | Datum`, no header, unnamed columns).
 * Two readings — the first leading date is the booking date (as read), or the second — ranked
 * by the document's structure, never by a fixture's particulars:
 *
 * 1. the stated statement period: booking dates lie inside it, value dates may not (a posting
 *    booked on the 30th is valued on the 2nd of the next month; a card receipt predates it) —
 *    fewer dates outside wins;
 * 2. document order: the booking column runs monotonically in reading order (oldest or newest
 *    first); value and receipt dates jump — fewer steps against the column's direction wins.
 *
 * The reading as read wins every tie, so where the structure cannot tell nothing changes. Dates
 * do not enter the sums, so the balances cannot judge this (docs/kontoauszug.md, "The balances
 * as the judge"). Only postings whose first line starts with two dates side by side take part.
 */
export interface DateColumnReading {
  /** 0: the first leading date is the booking date; 1: the second. */
  booking: 0 | 1;
  /** Booking dates outside the stated period. */
  outside: number;
  /** Steps against the column's direction in reading order (the smaller of the two directions). */
  disorder: number;
}

/** The two leading dates of a posting's first line, where it starts with two side by side. */
function leadingPair(p: Posting): [PrintedDate, PrintedDate] | null {
  const [a, b] = p.first.dates;
  if (!a || !b || a.word > 1 || b.word !== a.last + 1 || a.valueColumn || b.valueColumn) return null;
  return [a.date, b.date];
}

/** The two readings of the postings' date columns, best first (ties keep the first as read). */
export function dateColumnReadings(postings: readonly Posting[], period: Period | null): DateColumnReading[] {
  const pairs = postings.map(leadingPair).filter((x): x is [PrintedDate, PrintedDate] => x !== null);
  const stated = period && !period.guessed ? period : null;
  const reading = (booking: 0 | 1): DateColumnReading => {
    const days = pairs.map((pair) => dayNumber(withYear(pair[booking], period, null)));
    const outside = stated ? days.filter((d) => d < dayNumber(stated.start) || d > dayNumber(stated.end)).length : 0;
    let up = 0;
    let down = 0;
    for (let i = 1; i < days.length; i++) {
      if (days[i]! < days[i - 1]!) up++;
      if (days[i]! > days[i - 1]!) down++;
    }
    return { booking, outside, disorder: Math.min(up, down) };
  };
  const readings = [reading(0), reading(1)];
  return readings.sort((x, y) => x.outside - y.outside || x.disorder - y.disorder || x.booking - y.booking);
}

/**
 * Where the structure prefers the second date as the booking date, each posting that starts with
 * two dates takes its second as `date` and its first as `otherDate` (mutates the postings).
 * Returns the column kept.
 */
export function decideBookingColumn(postings: readonly Posting[], period: Period | null): 0 | 1 {
  const pairs = postings.filter((p) => leadingPair(p) !== null);
  // Too few postings to show a column's order or period: the reading as read.
  if (pairs.length < 3) return 0;
  const best = dateColumnReadings(postings, period)[0]!;
  if (best.booking === 0) return 0;
  for (const p of pairs) {
    const [first, second] = leadingPair(p)!;
    p.date = second;
    p.otherDate = first;
  }
  return 1;
}
