/**
 * The date of a letter: a labelled date ("Datum", "Bescheiddatum", "Ausfertigungsdatum") or the
 * "Ort, den TT.MM.JJJJ" line of the letterhead; found on the first page. A "Datum" that heads a
 * column of dates is a table's (the dates of the postings a reminder lists), not the letter's
 * date slot, and is passed over; so is a date with a time of day after it (an event's time stamp).
 */
import { parseGermanDate } from '../../../../domain/german-dates.js';
import { foldGerman } from '../../../layout/fold.js';
import type { TextLine } from '../../../layout/text-lines.js';
import { findInProse, DATE_SRC, type PageText } from './prose.js';
import { findKeyValues, type FoundValue } from './values.js';
import { letterPattern, printedWords } from '../../../layout/letter-words.js';

export function letterDate(lines: readonly TextLine[], texts: readonly PageText[], labels: readonly string[]): { value: string; page: number } | null {
  const firstPage = lines[0]?.page ?? 1;
  const onFirst = lines.filter((l) => l.page === firstPage);
  const labelled = findKeyValues(onFirst, { labels, kind: 'date', rightOnly: false, maxGap: 2 }).find((f) => !inDateColumn(f, onFirst) && !timeStamped(f));
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

/**
 * The value was read below its label and the next printed line holds another date in the same
 * column: the label is a table's column head over one date per row. A letterhead's reference
 * line ("Ihr Zeichen | Unser Zeichen | Datum") has a single row of values under it.
 */
function inDateColumn(found: FoundValue, lines: readonly TextLine[]): boolean {
  if (found.line.page === found.label.line.page && found.line.index === found.label.line.index) return false;
  const cell = found.line.cells.find((c) => c.text.startsWith(found.value) || found.value.startsWith(c.text));
  if (!cell) return false;
  const at = lines.indexOf(found.line);
  const next = at >= 0 ? lines[at + 1] : undefined;
  if (!next || next.page !== found.line.page) return false;
  return next.cells.some((c) => Math.abs(c.bbox.x - cell.bbox.x) <= 6 && parseGermanDate(c.text.replace(/[,;]$/, '')) !== null);
}

/**
 * A date followed by a time of day (`Datum / Uhrzeit 14.02.2026, 10:12 - 12:05 Uhr`) stamps an
 * event of a data block — a parking, an offence, a reading — never the letter: letters are dated
 * by the day alone.
 */
function timeStamped(found: FoundValue): boolean {
  const at = found.line.text.indexOf(found.value);
  if (at < 0) return false;
  return TIME_AFTER.test(found.line.text.slice(at + found.value.length));
}

/**
 * Text after a date that starts with a time of day (`, 10:12`, ` um 13.23`): the date stamps an
 * event. After `um` also with a comma (`um 13,23`): the OCR word repairs read a point between
 * figures that cannot be day and month as a decimal comma (layout/ocr-tokens.ts) — unless a
 * currency follows, which makes it an amount.
 */
const TIME_AFTER = /^[,;\s]*(?:(?:um\s+)?\d{1,2}[:.]\d{2}\b(?!\.\d)|um\s+\d{1,2},\d{2}\b(?!\s*(?:€|eur)))/iu;

/** Labels whose date is not the letter's (birth, offence, period, invoice). */
const NOT_LETTER_DATE = letterPattern('notLetterDate', '$W', '');
/** Printed line text (case-insensitive): the running text starts. */
const SALUTATION_START = new RegExp(`^(${printedWords('statement', 'salutationStart')})`, 'i');

/**
 * Letterheads print the date in the right-hand column before the salutation, often alone on a
 * line shared with the address block: the first date right of the page middle whose line has
 * no label of another date before it and no time of day after it.
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
      // `… am 02.10.2009 um 13.23 in …`: an offence's or a reading's time stamp in running text.
      if (TIME_AFTER.test(` ${line.cells.slice(k + 1).map((x) => x.text).join(' ')}`)) continue;
      return { value, page: line.page };
    }
  }
  return null;
}
