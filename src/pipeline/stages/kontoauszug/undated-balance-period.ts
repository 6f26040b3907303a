import { addDays, dayNumber, isValidDate, type PrintedDate } from '../../../domain/german-dates.js';
import type { Line } from '../../layout/lines.js';
import type { FullDate, Period } from './year.js';

/**
 * The period of a statement whose balance lines print day and month only (issue 21, blind batch
 * 8: an old statement printer's `ALTER KONTOSTAND VOM 30.01` … `NEUER KONTOSTAND VOM 15.02`,
 * the year nowhere but in `KONTOAUSZUG NR. 3/2026`). An opening balance is the balance at the
 * end of its day, so the period starts the day after it; the closing balance's day ends it, in
 * the statement's year (the year it prints alone, `year`); a start after that end lies in the
 * year before (a sheet across the year end). The bookings judge: every one must fall inside the
 * period (a printed year as printed, a day and month in either year), else null — no period
 * rather than a wrong one. Null too unless both balance lines print a day and month.
 *
 * @param bookings the postings' booking dates as printed
 * @param year the statement's year (year.ts: a year printed alone, a guessed period's)
 */
export function periodFromUndatedBalances(opening: Line | null, closing: Line | null, bookings: readonly (PrintedDate | null)[], year: number): Period | null {
  const a = opening ? dayMonth(opening) : null;
  const b = closing ? dayMonth(closing) : null;
  if (!a || !b) return null;
  const end: FullDate = { year, ...b };
  let start = addDays({ year, ...a }, 1);
  if (dayNumber(start) > dayNumber(end)) start = addDays({ year: year - 1, ...a }, 1);
  if (!isValidDate(end) || !isValidDate(start) || dayNumber(start) > dayNumber(end)) return null;
  const inside = (d: FullDate): boolean => isValidDate(d) && dayNumber(start) <= dayNumber(d) && dayNumber(d) <= dayNumber(end);
  const fits = (d: PrintedDate): boolean => (d.year !== null ? inside({ year: d.year, month: d.month, day: d.day }) : [year, year - 1].some((y) => inside({ year: y, month: d.month, day: d.day })));
  const dated = bookings.filter((d): d is PrintedDate => d !== null);
  return dated.length > 0 && dated.every(fits) ? { start, end } : null;
}

/** The day and month a balance line prints without a year (a date token without one, else `DD.MM` as a word), or null. */
function dayMonth(line: Line): { month: number; day: number } | null {
  if (line.dates.some((d) => d.date.year !== null)) return null;
  const token = line.dates[0]?.date;
  if (token) return { month: token.month, day: token.day };
  for (const w of line.words) {
    const m = /^(\d{1,2})\.(\d{1,2})\.?$/u.exec(w.text);
    if (m && Number(m[2]) >= 1 && Number(m[2]) <= 12 && Number(m[1]) >= 1 && Number(m[1]) <= 31) return { month: Number(m[2]), day: Number(m[1]) };
  }
  return null;
}
