import type { TextCell } from '../../model/document.js';
import type { TextLine } from '../../model/lines.js';
import { placeOf } from '../line-order.js';
import { moneyFigures } from './column-rows.js';

/**
 * Columns on text lines (layout/text-lines.ts), one piece of the table model (issue 21): which
 * header cell stands over a figure, whether two figures stand in one column, and the header
 * cell over a figure on the nearest line above without money. Letters read their tables with
 * these (analysis/common/row-figures.ts, table-sum.ts); the statement reads the same question —
 * which header is over this column — on its lines with `headerOver` (amount-columns.ts).
 * Positions only: what a header cell's words mean is the stage's.
 */

/** A horizontal extent: a figure's, a cell's, a column's. */
export interface Extent {
  x0: number;
  x1: number;
}

/** Slack (pt) by which a header cell may miss the figure under it on either side. */
const HEADER_SLACK = 6;

/** The x-extent of a text cell. */
export function cellExtent(cell: TextCell): Extent {
  return { x0: cell.bbox.x, x1: cell.bbox.x + cell.bbox.width };
}

/** Whether `a` and `b` overlap horizontally, allowing `slack` points either side. */
export function overlaps(a: Extent, b: Extent, slack = HEADER_SLACK): boolean {
  return a.x1 >= b.x0 - slack && a.x0 <= b.x1 + slack;
}

/** The cells standing over `figure` (overlapping it within `slack`), in their order. */
export function cellsOver<C extends Extent>(figure: Extent, cells: readonly C[], slack = HEADER_SLACK): C[] {
  return cells.filter((c) => overlaps(figure, c, slack));
}

/**
 * Whether two figures stand in one column: right edges within `tolerance` points (amounts set
 * right-aligned) or left edges (set left-aligned).
 */
export function sameColumn(a: Extent, b: Extent, tolerance = 4): boolean {
  return Math.abs(a.x1 - b.x1) <= tolerance || Math.abs(a.x0 - b.x0) <= tolerance;
}

/** Whether a line prints a money figure: a row of a table's body, not a header. */
export function hasMoney(line: TextLine): boolean {
  return moneyFigures(line).length > 0;
}

/**
 * The text of the header cell standing over `figure` on `line`: on the nearest line above
 * without money figures, within `maxLines` lines of the same page, the first cell over it that
 * holds a word (three letters). Null when that line has no such cell, or no such line is near.
 */
export function headerCellAbove(lines: readonly TextLine[], line: TextLine, figure: Extent, maxLines = 8): string | null {
  const at = placeOf(lines, line);
  for (let k = at - 1; k >= Math.max(0, at - maxLines); k--) {
    const above = lines[k]!;
    if (above.page !== line.page) return null;
    if (hasMoney(above)) continue;
    const cell = above.cells.find((c) => overlaps(figure, cellExtent(c)) && /\p{L}{3}/u.test(c.text));
    return cell ? cell.text : null;
  }
  return null;
}
