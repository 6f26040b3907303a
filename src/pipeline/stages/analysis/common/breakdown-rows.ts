/**
 * The rows a letter sums into one of its key amounts (issue 22, batch I's reminders): a library's
 * fee per medium (`6,00 € | 6,00 € | 5,00 €` summed to the Versäumnisgebühren 17,00 €), an
 * insurer's surcharge per month (`August 2026 … 20,50 €`, `September 2026 … 15,37 €`, `Summe …
 * 35,87 €`). A row that is the sum of the rows directly above it in its column
 * (sum-rows-above.ts) and whose amount is already a key number: its rows are amounts the letter
 * sets, named by the row's longest run of words without digits (the title beside a media number,
 * the month beside its year), after its column's header where the row prints other amounts too;
 * without such a header it gets no name and is left out. The sum decides, never a label alone.
 */
import type { TextLine } from '../../../layout/text-lines.js';
import { figureAt, type Figure } from '../../../layout/figures.js';
import { headerCellAbove } from '../../../layout/table/index.js';
import type { LabelledAmount } from './labelled-amounts.js';
import { afterLeader, lastMoney, partsAbove } from './sum-rows-above.js';

/** The row's longest run of cells without a digit before its first money figure. */
function rowName(line: TextLine): string {
  const end = line.cells.findIndex((_, i) => figureAt(line, i)?.kind === 'money');
  let best: string[] = [];
  let run: string[] = [];
  for (const cell of line.cells.slice(0, end < 0 ? line.cells.length : end)) {
    if (/\d/u.test(cell.text)) run = [];
    else run.push(cell.text);
    if (run.join('').length > best.join('').length) best = [...run];
  }
  return best.join(' ');
}

/**
 * A part's name: the row's name, and where the row prints other amounts too (a base beside its
 * interest, `Miete April 845,00 … 5,08`), the header of the summed column first — the row's name
 * alone names the base, not the figure (`Zinsen Miete April`, `Säumniszuschlag August 2026`).
 */
function partName(lines: readonly TextLine[], line: TextLine, figure: Figure): string {
  const money = line.cells.filter((_, i) => figureAt(line, i)?.kind === 'money').length;
  // A dotted leader ties the figure to the label before it; an amount inside that label
  // (`Semesterticket (6 x 37,80 €) ........ 226,80 €`) is part of the name, not a column.
  if (money < 2 || afterLeader(line, figure)) return rowName(line);
  const header = headerCellAbove(lines, line, figure);
  return header ? `${header} ${rowName(line)}` : '';
}

export function breakdownRows(lines: readonly TextLine[], keyCents: ReadonlySet<number>): LabelledAmount[] {
  const out: LabelledAmount[] = [];
  for (const line of lines) {
    const own = lastMoney(line);
    if (!own || own.cents === null || own.cents <= 0 || !keyCents.has(own.cents)) continue;
    const parts = partsAbove(lines, line);
    if (!parts) continue;
    for (const p of parts.reverse()) out.push({ label: partName(lines, p.line, p.figure), value: p.figure.printed, page: p.line.page });
  }
  return out;
}
