import type { PrintedDate } from '../../../domain/german-dates.js';
import { fold } from '../../layout/fold.js';
import type { Line } from '../../layout/lines.js';
import { labelCells } from '../../layout/table/index.js';
import { statementPatterns as vocab } from '../../layout/vocabulary.js';

/**
 * A line of a posting's block that is a value-date label and its date, nothing else
 * (`Wertstellung 01.08.2026`, `Valuta: 03.08.`, `Wert 31.12.2023`): the posting's value date
 * printed as a line of the block (neobank excerpts) instead of in a column. Its words are a
 * date field, not posting text. Null for any other line.
 */
export function labelledValueDate(l: Line): PrintedDate | null {
  return valueDateFrom(l, 0);
}

/**
 * The same field as the last cell of a line that holds text before it (issue 21): the value
 * date stacked under the booking date in a date column right of the text (`Kartenzahlung …
 * Wert 03.03.`, the booking date on the line above). A cell is a run of words closer than a
 * column gap (layout/table `labelCells`), so a `Wert 03.03.` inside a purpose sentence is none.
 * The date and the index of the cell's first word, or null.
 */
export function valueDateCell(l: Line): { date: PrintedDate; from: number } | null {
  const cells = labelCells(l);
  if (cells.length < 2) return null;
  const from = l.words.indexOf(cells[cells.length - 1]!.words[0]!);
  const date = valueDateFrom(l, from);
  return date ? { date, from } : null;
}

/** The words from `from` to the line's end are a value-date label and its date, nothing else. */
function valueDateFrom(l: Line, from: number): PrintedDate | null {
  if (l.dates.length !== 1 || l.amounts.length > 0) return null;
  const d = l.dates[0]!;
  if (d.word !== from + 1 || d.last !== l.words.length - 1) return null;
  const label = fold(l.words[from]!.text).replace(/[:.]$/u, '');
  return vocab.valueDateHeader.test(label) ? d.date : null;
}
