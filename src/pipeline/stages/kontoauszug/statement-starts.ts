import type { Line } from '../../layout/lines.js';
import { statementPatterns as vocab } from '../../layout/vocabulary.js';

/**
 * Where a file holds more than one statement, the document says so with the statement's own
 * marks, not with an IBAN string (anonymised pages print a different one on every page of ONE
 * statement): the printed page numbering starts again at `Seite 1 von N`.
 *
 * A restart lies between the page mark printed before it and the first mark printed after it
 * (header or footer alike: a footer's `Seite 1 von 1` stands below the opening balance it
 * belongs to, a header's above it). Within that span, a balance line after a section that is
 * complete (it has a closing and something before it) starts the next statement's section
 * (sections.ts). The arithmetic has the last word: the engine reads the file with and without
 * these starts and keeps the reading whose balances reconcile (engine.ts).
 */
export interface StatementStart {
  /** Line index of the page mark before the restart (exclusive). */
  from: number;
  /** Line index of the first page mark after the restart (exclusive); Infinity at the end. */
  to: number;
}

/** The printed page marks in reading order, each with its page number. */
function pageMarks(lines: readonly Line[]): { index: number; page: number; sheet: number }[] {
  const marks: { index: number; page: number; sheet: number }[] = [];
  for (const l of lines) {
    const m = vocab.pageNumber.exec(l.text);
    if (!m) continue;
    const [page, count] = [Number(m[1]), Number(m[2])];
    if (page >= 1 && page <= count) marks.push({ index: l.index, page, sheet: l.page });
  }
  return marks;
}

/**
 * The spans in which a new statement starts: page numbering back at 1 after an earlier mark. A
 * page that prints its number twice (header and footer) restarts nothing: the same number on the
 * same sheet is one page.
 */
export function statementStarts(lines: readonly Line[]): StatementStart[] {
  const marks = pageMarks(lines);
  const starts: StatementStart[] = [];
  for (let i = 1; i < marks.length; i++) {
    const [prev, mark] = [marks[i - 1]!, marks[i]!];
    if (mark.page !== 1 || (prev.page === 1 && prev.sheet === mark.sheet)) continue;
    starts.push({ from: marks[i - 1]!.index, to: marks[i + 1]?.index ?? Infinity });
  }
  return starts;
}
