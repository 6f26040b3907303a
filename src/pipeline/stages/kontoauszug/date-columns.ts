import { parseDayMonth } from '../../../domain/german-dates.js';
import type { HeaderLine } from './columns.js';
import { fold } from '../../layout/fold.js';
import { statementPatterns as vocab } from '../../layout/vocabulary.js';
import type { Line } from '../../layout/lines.js';

/**
 * Which of a posting's leading dates is the booking date (SPEC §8: Datum is the booking date).
 * Giro statements print the booking date first (`Buchungstag Wert`, `Buchung Valuta`); card
 * statements often print the transaction date first (`Datum Beleg | Datum Buchung`,
 * `Kaufdatum Buchungsdatum`, `Umsatztag Buchungstag`). The column header decides: the date
 * column headed "Buchung…" is the booking date; where no header names one, the first date.
 *
 * Headers may be split over two lines (`Datum Datum …` above `Beleg Buchung …`) and words may be
 * glued (`BuchungVerwendungszweck`), so each line is read as a sequence of date-column words.
 */

/** 0 or 1: index of the booking date among the leading dates of a posting line. */
export function bookingDateIndex(lines: readonly Line[]): 0 | 1 {
  let second = 0;
  let first = 0;
  for (const l of lines) {
    if (l.amounts.length > 0 || l.dates.length > 0 || l.words.length > 20) continue;
    const kinds = l.words.map((w) => fold(w.text).replace(/[:/|]+$/u, '')).map((w) => (vocab.bookingDateHeader.test(w) ? 'b' : vocab.otherDateHeader.test(w) ? 'o' : null));
    const seq = kinds.filter((k) => k !== null);
    if (seq.length < 2) continue;
    if (seq[0] === 'o' && seq[1] === 'b') second++;
    else if (seq[0] === 'b') first++;
  }
  return second > first ? 1 : 0;
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
