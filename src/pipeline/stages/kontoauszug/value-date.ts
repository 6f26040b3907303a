import { fold } from '../../layout/fold.js';
import type { Line } from '../../layout/lines.js';
import { statementPatterns as vocab } from '../../layout/vocabulary.js';
import type { HeaderLine } from './columns.js';
import { bookingDateIndex, dateColumnHeader } from './date-columns.js';

/**
 * Whether the other date a statement prints with its postings (Posting.otherDate) is the value
 * date (SPEC §8a `value_date`: Wert, Valuta, Wertstellung) or another date: the receipt or
 * purchase date of a card statement (Beleg, Kaufdatum, Umsatztag, Transaktion). Decided once per
 * document: a card statement, a layout that prints the booking date second (`Datum Beleg |
 * Datum Buchung`: the first date is the receipt's — unless the header over that first column is
 * a value-date word, `Valuta | Buchtag`), or a column header naming a date column that is not the
 * value date, say receipt dates; otherwise the second date is the value date. Where
 * it is not a value date, `value_date` is null.
 */
/** A value-date column word: Valuta, Valutadatum, Wert, Wertstellung. */
const VALUE_WORD = vocab.valueDatePrefix;

export function otherDateIsValueDate(lines: readonly Line[], headers: readonly HeaderLine[], card: boolean): boolean {
  if (card) return false;
  // Booking date second: the first date is a receipt date (`Datum Beleg | Datum Buchung`)
  // unless the header names it a value date over its column (`Valuta | Buchtag`).
  if (bookingDateIndex(lines) === 1) return dateColumnHeader(lines).otherIsValue;
  const receiptColumn = headers.some((h) =>
    h.line.words.some((w) => {
      const t = fold(w.text).replace(/[:/|]+$/u, '');
      return vocab.otherDateHeader.test(t) && !VALUE_WORD.test(t);
    }),
  );
  return !receiptColumn;
}
