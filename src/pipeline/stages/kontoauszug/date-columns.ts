import { parseDayMonth } from '../../../domain/german-dates.js';
import type { HeaderLine } from './columns.js';
import { fold } from '../../layout/fold.js';
import { statementPatterns as vocab } from '../../layout/vocabulary.js';
import type { Line } from '../../layout/lines.js';

/**
 * Which of a posting's leading dates is the booking date (SPEC §8: Datum is the booking date).
 * Giro statements print the booking date first (`Buchungstag Wert`, `Buchung Valuta`); card
 * statements often print the transaction date first (`Datum Beleg | Datum Buchung`,
 * `Kaufdatum Buchungsdatum`, `Umsatztag Buchungstag`); some print the value date first
 * (`Valuta | Buchtag`). The column header decides, read by position: a header word counts for
 * the date column it stands over (the x-extent of that column's dates on the posting lines), so
 * a text column's header that begins like a booking word (`Buchungsinformationen`,
 * `Buchungsdetails` over the description) says nothing about the dates. A date column headed
 * "Buchung…" is the booking date; where only the other column is named (Valuta, Wert, Beleg …),
 * the unnamed one is. Where no posting line prints two dates side by side, the header words are
 * read in sequence as before. Where the header does not decide, the first date — and the stage
 * may still let the document's structure decide (booking-column.ts).
 *
 * Headers may be split over two lines (`Datum Datum …` above `Beleg Buchung …`) and words may be
 * glued (`BuchungVerwendungszweck`), so each line is read as a sequence of date-column words.
 */

/** The x-extent of a date column: the union of its dates' extents on the posting lines. */
interface Extent {
  x0: number;
  x1: number;
}

/** The two leading date columns of the posting lines (lines with an amount and two dates side by side at their start), or null. */
export function leadingDateColumns(lines: readonly Line[]): [Extent, Extent] | null {
  let cols: [Extent, Extent] | null = null;
  for (const l of lines) {
    const [a, b] = l.dates;
    if (l.amounts.length === 0 || !a || !b || a.word > 1 || b.word !== a.last + 1 || a.valueColumn || b.valueColumn) continue;
    if (!cols) cols = [{ x0: a.x0, x1: a.x1 }, { x0: b.x0, x1: b.x1 }];
    else {
      cols[0] = { x0: Math.min(cols[0].x0, a.x0), x1: Math.max(cols[0].x1, a.x1) };
      cols[1] = { x0: Math.min(cols[1].x0, b.x0), x1: Math.max(cols[1].x1, b.x1) };
    }
  }
  // Columns that overlap are no two columns (a date column read at two places at once).
  return cols && cols[0].x1 <= cols[1].x0 ? cols : null;
}

/** What the header says about the two date columns: which is the booking date, and whether the other is named a value date. */
export interface DateColumnHeader {
  /** The booking date is the first (0) or the second (1) leading date, or the header does not say. */
  booking: 0 | 1 | null;
  /** The other date column's header word is a value-date word (Valuta, Wert, Wertstellung); false where it names none or another date. */
  otherIsValue: boolean;
}

/** The one date column a header word stands over (a line height of slack either side), null where it stands over both or neither. */
function onlyColumn(w: { x0: number; x1: number }, cols: readonly [Extent, Extent], size: number): 0 | 1 | null {
  const over = cols.map((c) => Math.min(w.x1, c.x1 + size) - Math.max(w.x0, c.x0 - size) > 0);
  return over[0] && !over[1] ? 0 : over[1] && !over[0] ? 1 : null;
}

/**
 * `Wert | Datum | …`: a header whose one date-column word names a value date over one date
 * column, and a plain date word (`Datum`) over the other, each over its column alone, says the
 * other column is the booking date. Returns that column, else null. Header words that do not
 * stand each over their own column (a flattened rendering, `Datum Wert` both over the first
 * dates) say nothing.
 */
function valueThenDate(l: Line, texts: readonly string[], kinds: readonly ('b' | 'o' | null)[], cols: readonly [Extent, Extent]): 0 | 1 | null {
  const at = kinds.findIndex((k) => k !== null);
  if (at < 0 || kinds[at] !== 'o' || !vocab.valueDatePrefix.test(texts[at]!)) return null;
  const col = onlyColumn(l.words[at]!, cols, l.size);
  if (col === null) return null;
  const other = l.words.some((w, i) => i !== at && vocab.dateHeadingLabel.test(texts[i]!) && onlyColumn(w, cols, l.size) === 1 - col);
  return other ? ((1 - col) as 0 | 1) : null;
}

export function dateColumnHeader(lines: readonly Line[]): DateColumnHeader {
  const cols = leadingDateColumns(lines);
  let second = 0;
  let first = 0;
  // Per column, the header words seen over it that name a value date.
  const valueWord = [false, false];
  for (const l of lines) {
    if (l.amounts.length > 0 || l.dates.length > 0 || l.words.length > 20) continue;
    const texts = l.words.map((w) => fold(w.text).replace(/[:/|]+$/u, ''));
    const kinds = texts.map((w) => (vocab.bookingDateHeader.test(w) ? 'b' : vocab.otherDateHeader.test(w) ? 'o' : null));
    // A header names at least two columns; one date-column word alone is a purpose line's
    // (`BELEGNR: 1576100295`, standing under the date column).
    const seq = kinds.filter((k) => k !== null);
    if (seq.length === 1 && cols) {
      // …unless the header names the value date over one column and `Datum` over the other.
      const booked = valueThenDate(l, texts, kinds, cols);
      if (booked === 0) first++;
      if (booked === 1) second++;
      if (booked !== null) valueWord[1 - booked] = true;
    }
    if (seq.length < 2) continue;
    if (!cols) {
      if (seq[0] === 'o' && seq[1] === 'b') second++;
      else if (seq[0] === 'b') first++;
      continue;
    }
    // Each named date-column word, given to the column it stands over (a word's own width of
    // slack either side: headers are left-aligned, right-aligned or centred over their cells).
    const named: ('b' | 'o' | null)[] = [null, null];
    l.words.forEach((w, i) => {
      const k = kinds[i];
      if (!k) return;
      const over = cols.map((c) => Math.min(w.x1, c.x1 + l.size) - Math.max(w.x0, c.x0 - l.size));
      const col = over[0]! > 0 && over[0]! >= over[1]! ? 0 : over[1]! > 0 ? 1 : null;
      if (col === null) return;
      if (named[col] !== 'b') named[col] = k;
      if (k === 'o' && vocab.valueDatePrefix.test(texts[i]!)) valueWord[col] = true;
    });
    if (named[0] === 'b' && named[1] !== 'b') first++;
    else if (named[1] === 'b' && named[0] !== 'b') second++;
    else if (named[0] === 'o' && named[1] === null) second++;
    else if (named[1] === 'o' && named[0] === null) first++;
  }
  const booking = second > first ? 1 : first > second ? 0 : null;
  return { booking, otherIsValue: booking !== null && valueWord[1 - booking]! && !valueWord[booking]! };
}

/** What the header says: the booking date is the first (0) or the second (1) leading date, or nothing. */
export function headerBookingDate(lines: readonly Line[]): 0 | 1 | null {
  return dateColumnHeader(lines).booking;
}

/** 0 or 1: index of the booking date among the leading dates of a posting line (the header's word, else the first). */
export function bookingDateIndex(lines: readonly Line[]): 0 | 1 {
  return headerBookingDate(lines) ?? 0;
}

const DAY_MONTH = /^\d{1,2}\.\d{1,2}$/u;

/**
 * A value date printed as `DD.MM` without its final dot (`04.03` under "Valuta", as some host
 * prints set the value-date column): only its column says it is a date, since `DD.MM` alone
 * could be anything. Such a word, not the first of its line, standing under the Valuta / Wert /
 * Wertstellung word of the nearest column header above, becomes a date token of its line —
 * marked as the value-date column, so it is never taken for a booking date. Mutates the lines.
 */
export function valueDatesUnderHeader(lines: readonly Line[], headers: readonly HeaderLine[]): void {
  const sorted = [...headers].sort((a, b) => a.line.index - b.line.index);
  let h = -1;
  for (const l of lines) {
    while (h + 1 < sorted.length && sorted[h + 1]!.line.index < l.index) h++;
    const header = sorted[h]?.line;
    if (!header) continue;
    const cols = header.words.filter((w) => vocab.valueDateHeader.test(fold(w.text).replace(/[:/|]+$/u, '')));
    if (cols.length === 0) continue;
    const taken = new Set(l.dates.flatMap((d) => Array.from({ length: d.last - d.word + 1 }, (_, k) => d.word + k)));
    let added = false;
    l.words.forEach((w, i) => {
      if (i === 0 || taken.has(i) || !DAY_MONTH.test(w.text)) return;
      if (!cols.some((c) => w.x0 < c.x1 + header.size && w.x1 > c.x0 - header.size)) return;
      const date = parseDayMonth(`${w.text}.`);
      if (!date) return;
      l.dates.push({ date, word: i, last: i, x0: w.x0, x1: w.x1, valueColumn: true });
      added = true;
    });
    if (added) l.dates.sort((a, b) => a.word - b.word);
  }
}
