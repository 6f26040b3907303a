import { monthFromName } from '../../domain/german-dates.js';
import type { Line, Word } from '../model/lines.js';

/**
 * Statements that group their rows under month headings (`Februar 2026` on a line of its own, as
 * quarterly savings and app statements print them) print only the day in the date column
 * (`03.`): the month and year are the heading's. A line whose first word is such a day (valid in
 * the heading's month), with no date of its own and ending in an amount, gets that word rewritten
 * to the full date (`03.02.2026`; the printed `03.` kept as asPrinted), so every later reading sees
 * a dated row. Without a heading above, a lone `3.` is a list number and stays text.
 */
const HEADING_YEAR = /^(?:19|20)\d{2}:?$/u;
const DAY = /^(\d{1,2})\.$/u;

export function datesUnderMonthHeadings(lines: Line[], reline: (line: Line, words: Word[]) => Line): Line[] {
  let month: { month: number; year: number } | null = null;
  return lines.map((l) => {
    const heading = monthHeading(l);
    if (heading) {
      month = heading;
      return l;
    }
    const day = DAY.exec(l.words[0]?.text ?? '');
    if (!month || !day || l.dates.length > 0 || !endsInAmount(l)) return l;
    const d = Number(day[1]);
    if (d < 1 || d > new Date(Date.UTC(month.year, month.month, 0)).getUTCDate()) return l;
    const w = l.words[0]!;
    const full: Word = { ...w, text: `${day[1]!.padStart(2, '0')}.${String(month.month).padStart(2, '0')}.${month.year}`, asPrinted: w.text };
    return reline(l, [full, ...l.words.slice(1)]);
  });
}

/** `Februar 2026` (or `Februar 2026:`) alone on its line: the month and year it names. */
function monthHeading(l: Line): { month: number; year: number } | null {
  if (l.words.length !== 2 || !HEADING_YEAR.test(l.words[1]!.text)) return null;
  const month = monthFromName(l.words[0]!.text);
  return month === null ? null : { month, year: Number(l.words[1]!.text.replace(/:$/u, '')) };
}

function endsInAmount(l: Line): boolean {
  const last = l.amounts[l.amounts.length - 1];
  return last !== undefined && last.last === l.words.length - 1;
}
