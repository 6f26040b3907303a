import type { PrintedDate } from '../../../domain/german-dates.js';
import type { Line } from '../../layout/lines.js';
import { balanceKind } from './balances.js';
import type { Segment } from './sections.js';

const key = (d: PrintedDate): number => (d.year ?? 0) * 10000 + d.month * 100 + d.day;
const dateOf = (l: Line | null): PrintedDate | null => l?.dates[0]?.date ?? null;

/**
 * Which of two balances "at a date" opens: the one at the earlier date, wherever it is printed.
 * `Kontostand am …` balances are taken in reading order (first opens, last closes); an
 * online-banking printout puts today's balance above a newest-first list and the balance before
 * the period below it. Where both lines print `Kontostand am <date>` with full years in reverse
 * order, they are swapped (mutates the segment). Lines that name their role (Saldo alt, Neuer
 * Kontostand) are never swapped.
 */
export function orderBalancesByDate(s: Segment): void {
  const a = dateOf(s.openingLine);
  const b = dateOf(s.closingLine);
  if (!a || !b || a.year === null || b.year === null || key(a) <= key(b)) return;
  if (balanceKind(s.openingLine!) !== 'either' || balanceKind(s.closingLine!) !== 'either') return;
  [s.opening, s.closing] = [s.closing, s.opening];
  [s.openingLine, s.closingLine] = [s.closingLine, s.openingLine];
  [s.openingUnsigned, s.closingUnsigned] = [s.closingUnsigned, s.openingUnsigned];
  [s.openingSign, s.closingSign] = [s.closingSign, s.openingSign];
}
