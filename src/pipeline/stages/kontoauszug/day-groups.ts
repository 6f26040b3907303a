import type { AmountToken, Line } from '../../layout/lines.js';
import type { BalanceKind } from './balances.js';
import { median, type HeaderLine } from './columns.js';
import { leadingDates } from './posting-lines.js';

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
  return (l) => leadingDates(l) === 1 && l.dates[0]!.word === 0 && Math.abs(l.dates[0]!.x0 - other) <= tol && Math.abs(l.dates[0]!.x0 - own) > tol;
}
