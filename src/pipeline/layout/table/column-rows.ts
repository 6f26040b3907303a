/**
 * Rows of a table whose columns are amounts side by side under one header each (a tax
 * assessment's Festsetzung with the taxes as columns, a cost table with net / VAT / gross):
 * from a first row of two or more money figures, the rows directly below it on the same page
 * whose money figures stand in the same columns (right edges within a tolerance). What the rows
 * and columns mean is the reader's (the analysis); this only reads the grid as printed.
 */
import type { TextLine } from '../../model/lines.js';
import { figureAt, type Figure } from '../figures.js';
import { placeOf } from '../line-order.js';

export interface ColumnRow {
  line: TextLine;
  /** The words left of the first figure, as printed. */
  label: string;
  /** The row's money figures, left to right, one per column. */
  figures: Figure[];
}

/** A line's money figures, left to right. */
export function moneyFigures(line: TextLine): Figure[] {
  const out: Figure[] = [];
  for (let i = 0; i < line.cells.length; i++) {
    const f = figureAt(line, i);
    if (f?.kind === 'money') {
      out.push(f);
      i += f.used - 1;
    }
  }
  return out;
}

/**
 * The rows of the amount grid that starts at `first`: `first` and each following line on its
 * page with as many money figures, each column's right edge within `tolerance` points of the
 * first row's. Stops at the first line that is not such a row (an empty line is none: the text
 * lines keep no blank lines, so a gap in the table ends it only where prose follows). Null when
 * `first` has fewer than two money figures.
 */
export function columnRows(lines: readonly TextLine[], first: TextLine, tolerance = 8): ColumnRow[] | null {
  const head = moneyFigures(first);
  if (head.length < 2) return null;
  const rowOf = (line: TextLine, figures: Figure[]): ColumnRow => ({
    line,
    label: line.cells.slice(0, figures[0]!.index).map((c) => c.text).join(' ').trim(),
    figures,
  });
  const rows = [rowOf(first, head)];
  const at = placeOf(lines, first);
  for (let i = at + 1; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.page !== first.page) break;
    const figures = moneyFigures(l);
    if (figures.length !== head.length || figures.some((f, k) => Math.abs(f.x1 - head[k]!.x1) > tolerance)) break;
    rows.push(rowOf(l, figures));
  }
  return rows;
}
