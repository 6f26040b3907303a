/**
 * The date of a letter: a labelled date ("Datum", "Bescheiddatum", "Ausfertigungsdatum") or the
 * "Ort, den TT.MM.JJJJ" line of the letterhead; found on the first page.
 */
import { parseGermanDate } from '../../../../domain/german-dates.js';
import { foldGerman } from '../../../layout/fold.js';
import type { TextLine } from '../../../layout/text-lines.js';
import { findInProse, DATE_SRC, type PageText } from './prose.js';
import { findKeyValue } from './values.js';
import { letterPattern, printedWords } from '../../../layout/letter-words.js';

export function letterDate(lines: readonly TextLine[], texts: readonly PageText[], labels: readonly string[]): { value: string; page: number } | null {
  const firstPage = lines[0]?.page ?? 1;
  const labelled = findKeyValue(lines, { labels, kind: 'date', rightOnly: false, maxGap: 2 }, { pages: [firstPage] });
  if (labelled) return { value: labelled.value, page: labelled.page };
  const first = texts.filter((t) => t.page === firstPage);
  const placed = findInProse(first, new RegExp(String.raw`(?:^|\n|\s{2,})[A-ZÄÖÜ][A-Za-zÄÖÜäöüß.\- ]{1,40},\s*(?:den\s+)?(${DATE_SRC})\s*(?:\n|$)`, 'u'));
  if (placed) return { value: placed.value, page: placed.page };
  const alone = findInProse(first, new RegExp(String.raw`(?:^|\n)\s*(?:den\s+)?(${DATE_SRC})\s*(?:\n|$)`, 'u'));
  if (alone) return { value: alone.value, page: alone.page };
  const inLine = findInProse(first, new RegExp(String.raw`[A-ZÄÖÜ][a-zäöüß]+(?:[\- ][A-ZÄÖÜ][a-zäöüß]+)?,\s*(?:den\s+)?(${DATE_SRC})`, 'u'));
  if (inLine) return { value: inLine.value, page: inLine.page };
  return rightColumnDate(lines.filter((l) => l.page === firstPage));
}

/** Labels whose date is not the letter's (birth, offence, period, invoice). */
const NOT_LETTER_DATE = letterPattern('notLetterDate', '$W', '');
/** Printed line text (case-insensitive): the running text starts. */
const SALUTATION_START = new RegExp(`^(${printedWords('statement', 'salutationStart')})`, 'i');

/**
 * Letterheads print the date in the right-hand column before the salutation, often alone on a
 * line shared with the address block: the first date right of the page middle whose line has
 * no label of another date before it.
 */
function rightColumnDate(lines: readonly TextLine[]): { value: string; page: number } | null {
  for (const line of lines) {
    if (SALUTATION_START.test(line.text)) break;
    for (let k = 0; k < line.cells.length; k++) {
      const c = line.cells[k]!;
      if (c.bbox.x < 280) continue;
      const value = c.text.replace(/[,;]$/, '');
      if (!parseGermanDate(value)) continue;
      const before = line.cells.slice(Math.max(0, k - 3), k).map((x) => foldGerman(x.text)).join(' ');
      if (NOT_LETTER_DATE.test(before)) continue;
      return { value, page: line.page };
    }
  }
  return null;
}
