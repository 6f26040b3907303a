import type { PrintedDate } from '../../../domain/german-dates.js';
import { fold } from '../../layout/fold.js';
import type { Line } from '../../layout/lines.js';
import { statementPatterns as vocab } from '../../layout/vocabulary.js';

/**
 * A line of a posting's block that is a value-date label and its date, nothing else
 * (`Wertstellung 01.08.2026`, `Valuta: 03.08.`, `Wert 31.12.2023`): the posting's value date
 * printed as a line of the block (neobank excerpts) instead of in a column. Its words are a
 * date field, not posting text. Null for any other line.
 */
export function labelledValueDate(l: Line): PrintedDate | null {
  if (l.dates.length !== 1 || l.amounts.length > 0) return null;
  const d = l.dates[0]!;
  if (d.word !== 1 || d.last !== l.words.length - 1) return null;
  const label = fold(l.words[0]!.text).replace(/[:.]$/u, '');
  return vocab.valueDateHeader.test(label) ? d.date : null;
}
