/**
 * German calendar dates as printed ("14.05.2026", "14.5.26", "14. Mai 2026") and the date
 * arithmetic legal periods use. Dates are plain calendar days (`CalendarDate`, no time zone);
 * ISO strings "YYYY-MM-DD" are their text form. Pure.
 */
export interface CalendarDate {
  year: number;
  month: number; // 1–12
  day: number;
}

/** The date type other modules name; the same shape. */
export type GermanDate = CalendarDate;

export const MONTHS_DE = [
  'januar',
  'februar',
  'märz',
  'april',
  'mai',
  'juni',
  'juli',
  'august',
  'september',
  'oktober',
  'november',
  'dezember',
] as const;

/**
 * The English month names banking apps print beside German text (`03 Oct 2025`, `May 2`); only
 * those the German names do not already cover by their prefix (`Jan`, `Apr`, `Jun` …); `June` and `July` are no prefix of `Juni`, `Juli` and are listed.
 */
const MONTHS_EN: Readonly<Record<string, number>> = { march: 3, may: 5, june: 6, july: 7, oct: 10, october: 10, dec: 12, december: 12 };

/** Month name (also "Jan.", "Maerz", "Marz", "Sept.", "Jänner", the English "Oct", "May") → 1–12, or null. */
export function monthFromName(name: string): number | null {
  const n = name
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/ae|ä/g, 'a');
  if (n.length < 3) return null;
  if (n === 'janner') return 1;
  const english = MONTHS_EN[n];
  if (english !== undefined) return english;
  const idx = MONTHS_DE.findIndex((m) => m.replace('ä', 'a').startsWith(n) || n.startsWith(m.replace('ä', 'a')));
  return idx < 0 ? null : idx + 1;
}

export function isValidDate(d: CalendarDate): boolean {
  return d.month >= 1 && d.month <= 12 && d.day >= 1 && d.day <= daysInMonth(d.year, d.month) && d.year >= 1900 && d.year <= 2199;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const NUMERIC_RE = /^(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4}|\d{2})$/;
const NAMED_RE = /^(\d{1,2})\.?\s+([A-Za-zÄÖÜäöü]+\.?)\s+(\d{4})$/u;
const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses one printed date; two-digit years are 20xx. Null when not a valid date. */
export function parseGermanDate(text: string): CalendarDate | null {
  const t = text.trim().replace(/[,;:)]$/, '');
  let d: CalendarDate | null = null;
  let m = NUMERIC_RE.exec(t);
  if (m) {
    const y = Number(m[3]);
    d = { day: Number(m[1]), month: Number(m[2]), year: m[3]!.length === 2 ? 2000 + y : y };
  } else if ((m = NAMED_RE.exec(t))) {
    const month = monthFromName(m[2]!);
    if (month) d = { day: Number(m[1]), month, year: Number(m[3]) };
  } else if ((m = ISO_RE.exec(t))) {
    d = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  }
  return d && isValidDate(d) ? d : null;
}

/** Every date printed in a text, in order, with its offset and the text as printed. */
export function findGermanDates(text: string): { date: CalendarDate; index: number; printed: string }[] {
  const out: { date: CalendarDate; index: number; printed: string }[] = [];
  const re = /(?<![\d.])(\d{1,2}\.\s?\d{1,2}\.\s?(?:\d{4}|\d{2})(?![\d])|\d{1,2}\.?\s+[A-Za-zÄÖÜäöü]{3,10}\.?\s+\d{4})/gu;
  for (const m of text.matchAll(re)) {
    const date = parseGermanDate(m[0]);
    if (date) out.push({ date, index: m.index!, printed: m[0] });
  }
  return out;
}

export function toIso(d: CalendarDate): string {
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

export function fromIso(iso: string): CalendarDate {
  const d = parseGermanDate(iso);
  if (!d) throw new Error(`not an ISO date: ${iso}`);
  return d;
}

/** "14.05.2026" */
export function formatGermanDate(d: CalendarDate): string {
  return `${String(d.day).padStart(2, '0')}.${String(d.month).padStart(2, '0')}.${d.year}`;
}

function toUtc(d: CalendarDate): number {
  return Date.UTC(d.year, d.month - 1, d.day);
}

function fromUtc(ms: number): CalendarDate {
  const x = new Date(ms);
  return { year: x.getUTCFullYear(), month: x.getUTCMonth() + 1, day: x.getUTCDate() };
}

export function addDays(d: CalendarDate, days: number): CalendarDate {
  return fromUtc(toUtc(d) + days * 86_400_000);
}

/**
 * End of a period of months that starts with an event on `d` (§188 Abs. 2, 3 BGB; §108 AO
 * refers to it): the day of the later month with the same number, or that month's last day
 * when it has no such day (31.01. + 1 month → 28./29.02.).
 */
export function addMonths(d: CalendarDate, months: number): CalendarDate {
  const total = d.year * 12 + (d.month - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  return { year, month, day: Math.min(d.day, daysInMonth(year, month)) };
}

/** Whole days from a to b (negative when b is earlier). */
export function daysBetween(a: CalendarDate, b: CalendarDate): number {
  return Math.round((toUtc(b) - toUtc(a)) / 86_400_000);
}

export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return toUtc(a) - toUtc(b);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(d: CalendarDate): number {
  return new Date(toUtc(d)).getUTCDay();
}

export function endOfMonth(d: CalendarDate): CalendarDate {
  return { year: d.year, month: d.month, day: daysInMonth(d.year, d.month) };
}

const MONTHS = ['januar', 'februar', 'märz', 'april', 'mai', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'dezember'];
const LONG = /(\d{1,2})\.\s*(januar|jänner|februar|märz|maerz|april|mai|juni|juli|august|september|oktober|november|dezember)\s+(\d{4})/iu;

/** `2. März 2026` (also inside a longer text) → date, or null. */
export function parseGermanLongDate(text: string): GermanDate | null {
  const m = LONG.exec(text.normalize('NFC'));
  if (!m) return null;
  const name = m[2]!.toLowerCase().replace('jänner', 'januar').replace('maerz', 'märz');
  return parseGermanDate(`${m[1]}.${MONTHS.indexOf(name) + 1}.${m[3]}`);
}

/** A date as a statement prints it: the year may be missing (`DD.MM.`). */
export interface PrintedDate {
  year: number | null;
  month: number;
  day: number;
}

const DAY_MONTH_RE = /^(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})?$/u;

/**
 * `DD.MM.`, `DD.MM.YY` (20YY) or `DD.MM.YYYY` as one token; null when not a real calendar
 * day (a year-less date is checked against a leap year, so `29.02.` passes).
 */
export function parseDayMonth(text: string): PrintedDate | null {
  const m = DAY_MONTH_RE.exec(text.trim());
  if (!m) return null;
  const day = Number(m[1]);
  const month = Number(m[2]);
  const year = m[3] === undefined ? null : m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  const d = { year: year ?? 2000, month, day };
  return isValidDate(d) ? { year, month, day } : null;
}

/** Days since 1970-01-01, for distances between dates. */
export function dayNumber(d: CalendarDate): number {
  return Math.round(toUtc(d) / 86_400_000);
}

/**
 * Gives a year-less date the year that puts it inside (or nearest to) a period: for a
 * statement from 15.12.2025 to 14.01.2026, `28.12.` is 2025 and `03.01.` is 2026.
 */
export function resolveYear(d: { month: number; day: number }, period: { start: CalendarDate; end: CalendarDate }): number {
  const s = dayNumber(period.start);
  const e = dayNumber(period.end);
  let best = period.end.year;
  let bestDist = Infinity;
  for (let y = period.start.year - 1; y <= period.end.year + 1; y++) {
    if (d.day > daysInMonth(y, d.month)) continue;
    const n = dayNumber({ year: y, month: d.month, day: d.day });
    const dist = n < s ? s - n : n > e ? n - e : 0;
    if (dist < bestDist) {
      bestDist = dist;
      best = y;
    }
  }
  return best;
}
