import { parseDayMonth } from '../../domain/german-dates.js';
import type { DateToken, Line } from '../model/lines.js';

/**
 * A statement printer's mark glued to the booking date (`A30.09.2019 Visa-Umsatz …` in a
 * comdirect Finanzreport: a one-letter flag printed in the date column without a space). The
 * word is the date where it stands in the document's date column: it is a line's first word,
 * one letter and a full `DD.MM.` date, and at least three other lines of the document start with
 * a date at the same x (within a line height, whether the column aligns the mark or the
 * digits). Elsewhere such a word (a reference `K12.09.2019` in a purpose line) stays text. The
 * word keeps its printed text; the date token covers it, so the letter is no posting text.
 */
const GLUED = /^\p{L}(\d{1,2}\.\d{1,2}\.(?:\d{2}|\d{4})?)$/u;

export function datesWithGluedMark(lines: Line[]): Line[] {
  const marked = lines.filter((l) => l.dates[0]?.word !== 0 && GLUED.test(l.words[0]?.text ?? ''));
  if (marked.length === 0) return lines;
  const column = lines.filter((l) => l.dates[0]?.word === 0).map((l) => l.dates[0]!.x0);
  for (const l of marked) {
    const w = l.words[0]!;
    const date = parseDayMonth(GLUED.exec(w.text)![1]!);
    if (!date) continue;
    if (column.filter((x) => Math.abs(x - w.x0) <= l.size).length < 3) continue;
    const token: DateToken = { date, word: 0, last: 0, x0: w.x0, x1: w.x1 };
    l.dates = [token, ...l.dates];
  }
  return lines;
}
