import { fold } from '../../layout/fold.js';
import type { Line } from '../../layout/lines.js';

/** One cell of a column header: where it starts and its words in the statement fold. */
export interface HeaderCell {
  x0: number;
  words: string[];
}

/**
 * The cells of a column header: runs of words closer than a wide space (0.8 of the line's
 * height). Shared by the counterparty column and the card bill's place columns, so both read a
 * header the same way.
 */
export function headerCells(header: Line): HeaderCell[] {
  const cells: HeaderCell[] = [];
  let end = -Infinity;
  for (const w of header.words) {
    if (cells.length === 0 || w.x0 - end > header.size * 0.8) cells.push({ x0: w.x0, words: [] });
    cells[cells.length - 1]!.words.push(fold(w.text));
    end = w.x1;
  }
  return cells;
}

/** A cell's words split at spaces and slashes (`Ort/Land`), empty parts dropped. */
export function cellParts(cell: HeaderCell): string[] {
  return cell.words.join(' ').split(/[\s/]+/u).filter((t) => t !== '');
}

/** The index of the header cell a word starting at `x0` stands in (cells start at `starts`). */
export function cellAt(x0: number, starts: readonly number[], tol: number): number {
  let k = 0;
  starts.forEach((x, j) => {
    if (x <= x0 + tol) k = j;
  });
  return k;
}
