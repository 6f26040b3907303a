import { dayNumber, parseDayMonth, type PrintedDate } from '../../domain/german-dates.js';
import type { Line, Word } from '../model/lines.js';

/**
 * A posting's date pair (booking and value date, `13.06.2016 13.06.2016 Überweisung 161,00-`)
 * whose first date a text extraction glued to the end of the line above (`. 1.TAN
 * 00023613.06.2016 13.06.2016 …`: PDFBox ran the previous purpose line's last words into the
 * date cell). German statements print the pair side by side, both full dates a few days apart;
 * so where a word ends in a full `DD.MM.YYYY` with something glued in front, the next word is a
 * full date at most `PAIR_DAYS` away, an amount follows on the line, and at least `MIN_PAIRS`
 * other lines of the document start with such a pair (the document's date column), the word is
 * the posting's booking date with the previous line's end glued on. Elsewhere (a reference
 * `K12.06.2016` in a purpose line, a date with no partner beside it) the word stays text.
 *
 * Returns where to split: the words before the posting (the glued head as a word of its own)
 * and the posting's words (the date as a word of its own), or null.
 */
const GLUED = /^(.*\S)(\d{2}\.\d{2}\.\d{4})$/u;
const FULL = /^\d{2}\.\d{2}\.\d{4}$/u;
/** Booking and value date of one posting lie within a month of each other (a month-end settlement valued at the 1st). */
const PAIR_DAYS = 31;
const MIN_PAIRS = 3;

const days = (d: PrintedDate): number => dayNumber({ year: d.year!, month: d.month, day: d.day });

/** Index of the first of two side-by-side full dates at the start of the line (after a stray mark), else -1. */
function leadingPair(words: readonly Word[]): number {
  const at = /^[.,:;·•*-]$/u.test(words[0]?.text ?? '') ? 1 : 0;
  return FULL.test(words[at]?.text ?? '') && FULL.test(words[at + 1]?.text ?? '') ? at : -1;
}

export function documentPrintsDatePairs(lines: readonly Line[]): boolean {
  return lines.filter((l) => leadingPair(l.words) >= 0 && l.amounts.length > 0).length >= MIN_PAIRS;
}

export function gluedDatePair(line: Line): { before: Word[]; posting: Word[] } | null {
  if (leadingPair(line.words) >= 0) return null;
  for (let i = 0; i + 1 < line.words.length; i++) {
    const w = line.words[i]!;
    const m = GLUED.exec(w.text);
    if (!m || !FULL.test(line.words[i + 1]!.text)) continue;
    const first = parseDayMonth(m[2]!);
    const second = parseDayMonth(line.words[i + 1]!.text);
    if (!first || !second || Math.abs(days(first) - days(second)) > PAIR_DAYS) continue;
    if (!line.amounts.some((a) => a.first > i + 1)) continue;
    const cut = w.x0 + ((w.x1 - w.x0) * m[1]!.length) / w.text.length;
    const head: Word = { ...w, text: m[1]!, x1: cut };
    const date: Word = { ...w, text: m[2]!, x0: cut };
    return { before: [...line.words.slice(0, i), head], posting: [date, ...line.words.slice(i + 1)] };
  }
  return null;
}
