import type { AmountToken, Line } from '../../layout/lines.js';
import type { PrintedDate } from '../../../domain/german-dates.js';
import type { BalanceKind } from './balances.js';
import { median, type HeaderLine } from './columns.js';
import { leadingDates } from './posting-lines.js';
import { statementPatterns as vocab } from '../../layout/vocabulary.js';

/**
 * Day groups on a statement with two date columns (`Buchungstag | Wert | … | Betrag | Saldo`),
 * as savings banks print them: the booking date stands only on a day's first posting, the value
 * date on every one; after a day, a short labelled line (`Tagessaldo`, `Saldo`, `Kontostand`)
 * states the balance in a Saldo column that no posting fills. Both are decided from positions,
 * never from the label's wording.
 */

/**
 * Undated lines whose one amount stands under the column header's balance word, in a column
 * none of the posting lines (`candidates`) print in, behind a short label: a running balance
 * (a day's or a page's), no posting and no posting's text. Where postings do print a running
 * balance in that column, the column says nothing about such a line and none is returned.
 */
export function ownColumnBalances(
  lines: readonly Line[],
  kinds: readonly (BalanceKind | null)[],
  isHeader: ReadonlyMap<number, HeaderLine>,
  candidates: readonly Line[],
  size: number,
): Line[] {
  const edges = [...isHeader.values()].flatMap((h) => h.roles.filter((r) => r.role === 'balance').map((r) => r.x1));
  if (edges.length === 0 || candidates.length < 2) return [];
  const tol = Math.max(size * 1.5, 6);
  const under = (t: AmountToken): boolean => edges.some((x) => Math.abs(t.x1 - x) <= tol);
  if (candidates.some((l) => l.amounts.some(under))) return [];
  return lines.filter((l) => {
    if (kinds[l.index] !== null || isHeader.has(l.index) || l.dates.length > 0 || l.amounts.length !== 1 || !under(l.amounts[0]!)) return false;
    const label = l.words.slice(0, l.amounts[0]!.first);
    // A label of a few words before the amount and nothing after it: a purpose line that ends
    // in a figure is longer and never stands in the balance column.
    return label.length > 0 && label.length <= 4 && label.some((w) => /\p{L}/u.test(w.text)) && l.amounts[0]!.last === l.words.length - 1;
  });
}

/**
 * Where postings print two leading dates in two columns, a posting line whose one leading date
 * stands in the column that is not the booking date's prints no booking date: it is booked on the
 * day of the posting above (the day group's date), and its date is its other date. Returns that
 * test, or null where the postings do not print two date columns (3 lines at least, to tell the
 * columns apart).
 *
 * @param booking which of the two leading dates is the booking date (date-columns.ts)
 */
export function missingBookingDate(candidates: readonly Line[], booking: 0 | 1, size: number): ((l: Line) => boolean) | null {
  const two = candidates.filter((l) => leadingDates(l) >= 2 && l.dates.length >= 2 && l.dates[1]!.word === l.dates[0]!.last + 1);
  if (two.length < 3) return null;
  const first = median(two.map((l) => l.dates[0]!.x0));
  const second = median(two.map((l) => l.dates[1]!.x0));
  const tol = Math.max(size * 1.5, 6);
  if (second - first < tol * 2) return null;
  const other = booking === 0 ? second : first;
  const own = booking === 0 ? first : second;
  return (l) => oneLeadingDate(l) && l.dates[0]!.word === 0 && Math.abs(l.dates[0]!.x0 - other) <= tol && Math.abs(l.dates[0]!.x0 - own) > tol;
}

/** The line begins with one date and no second (`04.11.`, or `4. Nov.` of two words). */
export function oneLeadingDate(l: Line): boolean {
  const first = l.dates[0];
  return first !== undefined && leadingDates(l) === first.last + 1;
}

/**
 * Date headings over rows that print a date of their own (`Dienstag, 04.11.2025` over rows with a
 * `Wert` column): the heading is the day the rows were booked, the row's date the value date. Told
 * by structure: at least two headings (blocks.ts passes only those that name their weekday), every
 * dated posting line under a heading within five days of it, and some printing a date other than
 * its heading's (a row that repeats its heading's date says nothing either way). Where every row
 * repeats its heading, the rows' own dates stay booking dates.
 */
export function headingsBookDays(lines: readonly Line[], headings: readonly (PrintedDate | null)[], postingLine: (l: Line) => PrintedDate | null): boolean {
  if (headings.filter((h) => h !== null).length < 2) return false;
  let day: PrintedDate | null = null;
  let rows = 0;
  let near = 0;
  let differ = 0;
  for (const l of lines) {
    const h = headings[l.index];
    if (h) {
      day = h;
      continue;
    }
    // Pending rows (`Vorgemerkte Umsätze`, after the booked list) belong to no day heading.
    if (l.amounts.length === 0 && vocab.pendingSection.test(l.folded.trim())) day = null;
    const own = day ? postingLine(l) : null;
    if (!own || !day) continue;
    rows++;
    // A value date lies a few days from its booking day; a date line far from the rows under it
    // (a statement date repeated on each page) heads no day.
    const apart = Math.abs(Date.UTC(own.year ?? day.year ?? 2000, own.month - 1, own.day) - Date.UTC(day.year ?? own.year ?? 2000, day.month - 1, day.day)) / 86_400_000;
    if (apart <= 5 || (readByOcr(l) && oneDigitApart(own, day))) near++;
    if (apart > 0) differ++;
  }
  return differ > 0 && near === rows;
}

/**
 * What OCR leaves of a line a rule wiped out: read by OCR, no date, no amount, at most two words
 * of at most two letters or digits each (`OT`, `ee`). No line a statement prints is that short.
 */
function residue(l: Line): boolean {
  return readByOcr(l) && l.dates.length === 0 && l.amounts.length === 0 && l.words.length <= 2 && l.words.every((w) => (w.text.match(/[\p{L}\p{N}]/gu) ?? []).length <= 2);
}

/** Text-layer words carry confidence 1 (model/document.ts); only OCR misreads a digit. */
const readByOcr = (l: Line): boolean => l.words.some((w) => (w.confidence ?? 1) < 1);

/**
 * Same month, and the days differ in one digit (`21.03.` under `27.03.`, `23.03.` under `21.03.`):
 * as far apart as a value date never lies, but what a scan makes of the heading's own date when
 * the row repeats it — a misread that says nothing against the headings being the booking days.
 */
function oneDigitApart(a: PrintedDate, b: PrintedDate): boolean {
  if (a.month !== b.month) return false;
  const [x, y] = [String(a.day).padStart(2, '0'), String(b.day).padStart(2, '0')];
  return (x[0] === y[0]) !== (x[1] === y[1]);
}

/**
 * Day headings whose weekday OCR lost (`Donnerstag, 20.02.2025` read as `20.02.2025`: a rule or a
 * shaded band's edge just above the heading wipes its first word), restored where the weekday
 * headings (`dayHeadings`) date the bookings. A date alone on its line may also be a value date
 * printed on a line of its own, so the line must stand as a heading does, on every count:
 *
 * - read by OCR (a text layer loses no word), nothing on it but the one date, printed with its
 *   year as every weekday heading of the document prints it (rows print `DD.MM.`, headings the
 *   full date — and a row's value date on a line of its own is a row's notation);
 * - the next line opens a posting (a dated row with its amount): a heading heads a row, a value
 *   date's line follows one;
 * - its date lies within the dates of the weekday headings before and after it (the days run in
 *   one order, oldest or newest first).
 *
 * Returns `dayHeadings` with the restored headings added (the same array where none is).
 * `opensPosting` is the layout's test for a posting's amount row.
 */
export function weekdayLostHeadings(
  lines: readonly Line[],
  headings: readonly (PrintedDate | null)[],
  dayHeadings: readonly (PrintedDate | null)[],
  opensPosting: (l: Line) => boolean,
): readonly (PrintedDate | null)[] {
  const named = dayHeadings.flatMap((h, i) => (h ? [{ i, h }] : []));
  if (named.length < 2 || named.some(({ h }) => h.year === null)) return dayHeadings;
  const at = (h: PrintedDate): number => Date.UTC(h.year ?? 2000, h.month - 1, h.day);
  let out: (PrintedDate | null)[] | null = null;
  lines.forEach((l, i) => {
    const h = headings[i];
    if (!h || dayHeadings[i] || h.year === null || !readByOcr(l)) return;
    const d = l.dates[0];
    if (l.dates.length !== 1 || !d || l.words.some((w, k) => (k < d.word || k > d.last) && /[\p{L}\p{N}]/u.test(w.text))) return;
    const next = lines[i + 1];
    if (!next || next.page !== l.page || !opensPosting(next)) return;
    const before = [...named].reverse().find((n) => n.i < i);
    const after = named.find((n) => n.i > i);
    const t = at(h);
    const within = (a: number, b: number): boolean => t >= Math.min(a, b) && t <= Math.max(a, b);
    if (before && after ? !within(at(before.h), at(after.h)) : !before && !after) return;
    out ??= [...dayHeadings];
    out[i] = h;
  });
  return out ?? dayHeadings;
}

const WEEK = 7 * 86_400_000;

/**
 * Rows whose day heading OCR lost entirely (the rule above it wiped every word): where weekday
 * headings date the bookings, a day's first row stands a heading's height lower under the line
 * above than a row of the same day does. A posting row on an OCR'd page whose distance to the
 * line above (tops, same page; past a wiped heading's residue) is at least 0.85 of the median distance across a heading (line
 * above the heading to the row under it), where that distance is at least 1.6 times the closest
 * distance between two rows of one day (the rows that lost their heading are among those), starts a new day whose heading is gone. Its booking day
 * is then its own printed date — only where that date lies within the headings' dates before and
 * after it (after the last heading: within a week past it, in the order the headings run) (a value date a few days off that range would be a wrong day; such a row keeps the
 * heading above, as before). Needs two measured headings and one same-day row on OCR'd pages.
 *
 * Returns, by line index of the row, the day it is booked on.
 */
export function headingLostRows(
  lines: readonly Line[],
  dayHeadings: readonly (PrintedDate | null)[],
  rowDate: (l: Line) => PrintedDate | null,
): Map<number, PrintedDate> {
  const out = new Map<number, PrintedDate>();
  // The line above on the same page, past what is left of a wiped heading (`OT`: a residue).
  const above = (i: number): Line | null => {
    let k = i - 1;
    while (k >= 0 && lines[k]!.page === lines[i]!.page && residue(lines[k]!)) k--;
    return k >= 0 && lines[k]!.page === lines[i]!.page ? lines[k]! : null;
  };
  const across: number[] = [];
  const sameDay: number[] = [];
  lines.forEach((l, i) => {
    if (!readByOcr(l)) return;
    const prev = above(i);
    const next = lines[i + 1];
    if (dayHeadings[i] && prev && next && next.page === l.page && rowDate(next)) across.push(next.top - prev.top);
    else if (prev && rowDate(l) && rowDate(prev) === null && !dayHeadings[prev.index] && leadingDates(l) > 0) sameDay.push(l.top - prev.top);
  });
  if (across.length < 2 || sameDay.length === 0) return out;
  const heading = median(across);
  // The closest two rows of one day: the sample holds the rows whose heading was lost as well.
  const row = Math.min(...sameDay);
  if (heading < row * 1.6) return out;
  const named = dayHeadings.flatMap((h, i) => (h ? [{ i, h }] : []));
  const at = (h: PrintedDate): number => Date.UTC(h.year ?? 2000, h.month - 1, h.day);
  lines.forEach((l, i) => {
    const prev = above(i);
    const own = rowDate(l);
    if (!own || !prev || dayHeadings[prev.index] || leadingDates(l) === 0 || !readByOcr(l) || l.top - prev.top < heading * 0.85) return;
    const before = [...named].reverse().find((n) => n.i < i);
    const after = named.find((n) => n.i > i);
    if (!before) return;
    const t = at({ ...own, year: own.year ?? before.h.year });
    // After the last heading: on the far side of it in the headings' order, within a week.
    const far = after ? at(after.h) : at(before.h) + WEEK * Math.sign(at(named[named.length - 1]!.h) - at(named[0]!.h));
    if (far === at(before.h) || t < Math.min(at(before.h), far) || t > Math.max(at(before.h), far)) return;
    out.set(i, { ...own, year: own.year ?? before.h.year });
  });
  return out;
}
