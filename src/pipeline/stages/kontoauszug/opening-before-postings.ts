import type { PrintedDate } from '../../../domain/german-dates.js';
import type { Line } from '../../layout/lines.js';

const key = (d: PrintedDate): number => (d.year ?? 0) * 10000 + d.month * 100 + d.day;
const dateOf = (l: Line): PrintedDate | null => l.dates[0]?.date ?? null;

/**
 * Whether a balance that names no role (`Kontostand am 31.03.2026`) is dated before every booking
 * of the postings read so far: a balance before the first booking can only be the opening one,
 * wherever it is printed (a summary box after the list prints both balances there). Only full
 * dates on both sides count; a posting without a full date leaves the question open (false).
 */
export function datedBeforePostings(line: Line, postings: readonly { date: PrintedDate | null }[]): boolean {
  const d = dateOf(line);
  if (!d || d.year === null || postings.length === 0) return false;
  return postings.every((p) => p.date !== null && p.date.year !== null && key(d) < key(p.date));
}
