/**
 * Sum rows of a table read by their arithmetic (issue 22, batch H): a row whose amount is exactly
 * the sum of the amount rows printed directly above it in the same column is the table's total,
 * whatever its label says. Used by the reminder (which of the rows is the claim, which the total)
 * and the tax notice (the amount a notice without a Festsetzung demands).
 */
import { foldGerman } from '../../../layout/fold.js';
import { figureAt, type Figure } from '../../../layout/figures.js';
import { sameColumn } from '../../../layout/table/index.js';
import type { TextLine } from '../../../layout/text-lines.js';
import { placeOf } from './line-order.js';

/** Rows read above a total at most. */
const MAX_ROWS = 8;

/** A dotted leader as printed (`..........`): a word of three or more points and nothing else. */
const LEADER = /^[.·…]{3,}$/u;

/**
 * The row's amount in the column, or — on a row whose label a dotted leader ties to its amount
 * (`Semesterbeitrag ........ 339,30 €`) — the amount right after the leader wherever it stands:
 * such lists are set as running lines, so their amounts end where each line ends, not in a column.
 */
function moneyIn(line: TextLine, column: { x0: number; x1: number }): Figure | null {
  for (let i = 0; i < line.cells.length; i++) {
    const f = figureAt(line, i);
    if (f?.kind === 'money' && f.cents !== null && sameColumn(f, column)) return f;
  }
  const last = lastMoney(line);
  return last && afterLeader(line, last) ? last : null;
}

/** Whether a dotted leader stands right before the figure: the leader ties it to the row's label. */
export function afterLeader(line: TextLine, figure: Figure): boolean {
  return figure.index > 0 && LEADER.test(line.cells[figure.index - 1]!.text);
}

export function lastMoney(line: TextLine): Figure | null {
  let last: Figure | null = null;
  for (let i = 0; i < line.cells.length; i++) {
    const f = figureAt(line, i);
    if (f?.kind === 'money' && f.cents !== null) last = f;
  }
  return last;
}

/** The label of a row as printed: its text left of its first figure. */
export function printedLabel(line: TextLine): string {
  const first = line.cells.findIndex((_, i) => figureAt(line, i) !== null);
  return line.cells.slice(0, first < 0 ? line.cells.length : first).map((c) => c.text).join(' ').trim();
}

/** The label of a row, folded. */
export function labelOf(line: TextLine): string {
  return foldGerman(printedLabel(line));
}

/**
 * The rows directly above `total` (same page, each with an amount in the total's column, no line
 * without one in between) whose amounts add up to the total's, nearest first; null when no run
 * of two or more rows does.
 */
export function partsAbove(lines: readonly TextLine[], total: TextLine): { line: TextLine; figure: Figure }[] | null {
  const own = lastMoney(total);
  const at = placeOf(lines, total);
  if (!own || at < 0) return null;
  const rows: { line: TextLine; figure: Figure }[] = [];
  let sum = 0;
  for (let j = at - 1; j >= 0 && rows.length < MAX_ROWS; j--) {
    const l = lines[j]!;
    if (l.page !== total.page) break;
    const f = moneyIn(l, own);
    if (!f) break;
    rows.push({ line: l, figure: f });
    sum += f.cents!;
    if (rows.length >= 2 && sum === own.cents) return rows;
    if (sum > own.cents!) return null;
  }
  return null;
}
