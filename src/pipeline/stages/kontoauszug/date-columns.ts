import { fold, type Line } from './lines.js';

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
const BOOKING = /^(buchung(?!s?text)|buchungs?tag|buchungsdatum|gebucht|bu-?tag|bu\.-?tag|buch\.-?tag)/u;
const OTHER = /^(beleg|belegdatum|kauf|kaufdatum|kauftag|einkauf|umsatztag|umsatzdatum|transaktion|transaktionsdatum|trans\.?-?datum|wert$|wertstellung|valuta)/u;

/** 0 or 1: index of the booking date among the leading dates of a posting line. */
export function bookingDateIndex(lines: readonly Line[]): 0 | 1 {
  let second = 0;
  let first = 0;
  for (const l of lines) {
    if (l.amounts.length > 0 || l.dates.length > 0 || l.words.length > 20) continue;
    const kinds = l.words.map((w) => fold(w.text).replace(/[:/|]+$/u, '')).map((w) => (BOOKING.test(w) ? 'b' : OTHER.test(w) ? 'o' : null));
    const seq = kinds.filter((k) => k !== null);
    if (seq.length < 2) continue;
    if (seq[0] === 'o' && seq[1] === 'b') second++;
    else if (seq[0] === 'b') first++;
  }
  return second > first ? 1 : 0;
}
