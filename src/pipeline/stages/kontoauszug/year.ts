import { dayNumber, parseDayMonth, resolveYear, type PrintedDate } from '../../../domain/german-dates.js';
import type { Line } from '../../layout/lines.js';

/**
 * The statement period, for the year of dates printed as `DD.MM.`: "vom 01.12.2025 bis
 * 31.12.2025", "01.12.2025 - 31.12.2025", "Zeitraum: …"; else the dates printed on the
 * balance lines; else every full date outside postings. A December→January statement gives
 * `28.12.` the start year and `03.01.` the end year (`resolveYear`).
 */
export interface FullDate {
  year: number;
  month: number;
  day: number;
}

export interface Period {
  start: FullDate;
  end: FullDate;
  /**
   * Guessed for resolving years, not stated by the document (one date such as `Erstellt am …`,
   * or a year alone): not reported as the statement's period.
   */
  guessed?: boolean;
  /** Made of the dates the balance lines print (no range printed): its start is the opening's date (posting-dates.ts `segmentPeriod`). */
  fromBalances?: boolean;
}

// A bilingual range word (`vom/dal … bis/al …`, South Tyrol) is the range word with its translation.
const RANGE = /(\d{1,2}\.\d{1,2}\.\d{2,4})\s*(?:bis(?:\/\p{L}{1,3})?|-|–|—|\/)\s*(\d{1,2}\.\d{1,2}\.\d{2,4})/u;

function full(d: PrintedDate | null): FullDate | null {
  return d && d.year !== null ? { year: d.year, month: d.month, day: d.day } : null;
}

/** Every printed period range ("Zeitraum 01.06.2026 bis 30.06.2026"), in order. */
export function printedRanges(lines: readonly Line[]): Period[] {
  const out: Period[] = [];
  for (const l of lines) {
    const m = RANGE.exec(l.text);
    const a = m ? full(parseDayMonth(m[1]!)) : null;
    const b = m ? full(parseDayMonth(m[2]!)) : null;
    if (a && b && dayNumber(a) <= dayNumber(b)) out.push({ start: a, end: b });
  }
  return out;
}

export function findPeriod(lines: readonly Line[], balanceLines: readonly Line[]): Period | null {
  for (const l of lines) {
    const m = RANGE.exec(l.text);
    if (m) {
      const a = full(parseDayMonth(m[1]!));
      const b = full(parseDayMonth(m[2]!));
      if (a && b && dayNumber(a) <= dayNumber(b) && dayNumber(b) - dayNumber(a) < 400) return { start: a, end: b };
    }
  }
  // Dates printed with month names ("01 Juli 2024 - 31 Juli 2024"): two full date tokens
  // joined by nothing but a range word.
  for (const l of lines) {
    for (let i = 0; i + 1 < l.dates.length; i++) {
      const [x, y] = [l.dates[i]!, l.dates[i + 1]!];
      const between = l.words.slice(x.last + 1, y.word).map((w) => w.text.toLowerCase()).join(' ');
      const a = full(x.date);
      const b = full(y.date);
      if (a && b && /^(bis|-|–|—|\/)?$/u.test(between) && dayNumber(a) <= dayNumber(b) && dayNumber(b) - dayNumber(a) < 400) return { start: a, end: b };
    }
  }
  const fromBalances = balanceLines.flatMap((l) => l.dates.map((d) => full(d.date))).filter((d): d is FullDate => d !== null);
  const pool = fromBalances.length > 0 ? fromBalances : lines.flatMap((l) => l.dates.map((d) => full(d.date))).filter((d): d is FullDate => d !== null);
  if (pool.length === 0) {
    const y = lines.map((l) => /\b(20\d{2})\b/u.exec(l.text)?.[1]).find((x) => x !== undefined);
    return y ? { start: { year: Number(y), month: 1, day: 1 }, end: { year: Number(y), month: 12, day: 31 }, guessed: true } : null;
  }
  const sorted = pool.sort((a, b) => dayNumber(a) - dayNumber(b));
  const start = sorted[0]!;
  const end = sorted[sorted.length - 1]!;
  // One date outside the balances (an excerpt's `Erstellt am 02.11.2025`) places the year but states no period.
  if (fromBalances.length > 0) return { start, end, fromBalances: true };
  return dayNumber(start) === dayNumber(end) ? { start, end, guessed: true } : { start, end };
}

/** Full date for a printed booking date; falls back to the current UTC year without a period. */
export function withYear(d: PrintedDate, period: Period | null, previous: FullDate | null): FullDate {
  if (d.year !== null) return { year: d.year, month: d.month, day: d.day };
  if (period) return { year: resolveYear(d, period), month: d.month, day: d.day };
  // No period printed: continue from the previous posting, rolling over December→January.
  if (previous) {
    const year = d.month < previous.month - 6 ? previous.year + 1 : previous.year;
    return { year, month: d.month, day: d.day };
  }
  return { year: new Date().getUTCFullYear(), month: d.month, day: d.day };
}
