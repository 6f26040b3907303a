import { monthFromName, parseDayMonth, parseGermanLongDate, type PrintedDate } from '../../../domain/german-dates.js';
import { fold } from '../../layout/fold.js';
import { WEEKDAY, type Line, type Word } from '../../layout/lines.js';
import { statementPatterns as vocab } from '../../layout/vocabulary.js';

/**
 * What a single line is, read on its own, for the posting rules (posting-start.ts) and the block
 * assembler (blocks.ts): running prose, a day heading, a period, how many of its first words are
 * dates, an amount that did not read. Pure functions of one line; no layout knowledge.
 */

const FUNCTION_WORDS = new Set(
  'der die das den dem des ein eine einem einer eines und oder von zu zur zum mit für sie ihre ihr ihnen wir uns unser unsere unserer wird werden ist sind hat haben nicht auch bei nach auf im in an unter über aus sowie per als bzw so bitte können kann müssen muss dass wenn diese dieser dieses sich es wegen gemäß vgl'.split(' '),
);

/**
 * A notice, not posting text: a long line of running German prose ("Ihre Einlage wird von einem
 * gesetzlichen Einlagensicherungssystem gedeckt …") or contact details on a long line. Purpose
 * lines are short (SEPA prints 35 characters a line), even where they hold a web address.
 */
export function isProse(line: Line): boolean {
  if (line.text.length < 65) return false;
  if (vocab.contact.test(line.text)) return true;
  if (line.words.length < 8) return false;
  // Three function words at least: a purpose line may hold two (`… Ihr Einkauf bei Zalando SE`).
  const function_ = line.words.filter((w) => FUNCTION_WORDS.has(w.text.toLowerCase())).length;
  return function_ >= Math.max(3, line.words.length * 0.2);
}

/** A weekday or a day relative to today, German or English (an app exports in the phone's language). */
const dayWord = (w: string): boolean => WEEKDAY.test(w) || vocab.relativeDay.test(w) || vocab.englishDay.test(w);

/**
 * A day heading that names its weekday (`Dienstag, 04.11.2025`, `Heute, 5. März 2026`): a date
 * alone on its line may be a value date printed on a line of its own, or a statement date with
 * its label (`Datum 29.12.2023`); a weekday says the line heads a day.
 */
export function namesWeekday(line: Line): boolean {
  return dateHeading(line) !== null && line.words.some((w) => dayWord(fold(w.text).replace(/[,.]+$/u, '')));
}

/** `Wednesday, November 5, 2025`: the English order, month name first, after its weekday. */
const MONTH_FIRST = /^(\p{L}+),?\s+(\p{L}{3,})\.?\s+(\d{1,2}),?\s+(\d{4})$/u;

/**
 * A line that is only a date (with weekday, or labelled as the booking date: `Buchungsdatum:
 * 05.03.2026`, `Buchungstag 05.03.2026`): the heading of a day group. The weekday may be
 * English (`Monday, 3 November 2025`, also month first: `Wednesday, November 5, 2025`).
 */
export function dateHeading(line: Line): PrintedDate | null {
  if (line.amounts.length > 0) return null;
  const words = line.words.map((w) => fold(w.text).replace(/[,.]+$/u, ''));
  if (line.dates.length === 1 && line.words.length <= 3 + line.dates[0]!.last - line.dates[0]!.word) {
    const d = line.dates[0]!;
    // A lone mark OCR made of a shaded band's edge (`; Donnerstag, 06.02.2025`) is no word.
    const others = line.words.filter((w, i) => (i < d.word || i > d.last) && !((w.confidence ?? 1) < 1 && /^[^\p{L}\p{N}]$/u.test(w.text))).map((w) => fold(w.text));
    if (others.every((w) => dayWord(w) || vocab.dateHeadingLabel.test(w))) return line.dates[0]!.date.year ? line.dates[0]!.date : null;
  }
  const long = parseGermanLongDate(line.text);
  if (long && line.words.length <= 5 && words.filter((w) => !/^\d/u.test(w)).every((w) => dayWord(w) || /^[a-zä]+$/u.test(w))) return long;
  const en = MONTH_FIRST.exec(line.text.trim());
  const month = en && dayWord(fold(en[1]!)) ? monthFromName(en[2]!) : null;
  if (en && month) return parseDayMonth(`${en[3]}.${month}.${en[4]}`);
  return null;
}

/**
 * `01.03.2026 - 31.03.2026 …`: a line that starts with a period (the rows of an interest table,
 * a settlement annex), not with a booking date.
 */
export function startsWithRange(line: Line): boolean {
  const [a, b] = line.dates;
  return a !== undefined && b !== undefined && a.word <= 1 && b.word === a.last + 2 && /^(-|–|—|bis)$/iu.test(line.words[a.last + 1]!.text);
}

/** Number of words at the start of the line that are dates (booking and value date). */
export function leadingDates(line: Line): number {
  if (startsWithRange(line)) return 0;
  // A stray punctuation mark (`. 22.11.2017 …`) or a running number (a "lfd. Nr." column:
  // `1 06.01.2026 Gutschrift …`) before the date is no text.
  let pos = /^([.,:;·•*-]|\d{1,4})$/u.test(line.words[0]?.text ?? '') && line.dates[0]?.word === 1 ? 1 : 0;
  for (const d of line.dates) {
    if (d.word !== pos) break;
    pos = d.last + 1;
  }
  return pos;
}

/**
 * A word that was meant to be an amount but does not read as one: digits with the marks an
 * amount is made of (`.,:;'/`), perhaps a sign before and a sign, `S`/`H` or `€` after, at
 * least two digits, and not a date.
 */
const UNREAD_AMOUNT = /^[-+=~\u2212\u2013\u2014]?\d[\d.,:;'/]*[SH+\-\u2212€=~]?$/u;

/** The digits of a word that is an unreadable amount (and of its other reading), else null. */
export function unreadAmountWord(w: Word): string[] | null {
  if (!UNREAD_AMOUNT.test(w.text) || parseDayMonth(w.text)) return null;
  const digits = w.text.replace(/\D/gu, '');
  if (digits.length < 2) return null;
  const other = w.alternative?.replace(/\D/gu, '') ?? '';
  return other.length >= 2 && other !== digits ? [digits, other] : [digits];
}
