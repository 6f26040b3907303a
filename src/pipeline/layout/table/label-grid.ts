import type { AmountToken, Line, Word } from '../../model/lines.js';
import { fold } from '../fold.js';

/**
 * Label–value grids, one piece of the table model (issue 21): a row of labels with each value
 * printed under its label on the row beneath —
 *
 *     Kontostand am 20. August 2025   Eingänge         Ausgänge         Kontostand am 8. September 2025
 *     7.404,59 EUR                    +11.995,65 EUR   -14.042,76 EUR   5.357,48 EUR
 *
 * A balance summary box, a tax table with the taxes as columns: the same kind of thing. The
 * reader only pairs labels with values by position; what a label means is the caller's.
 */

/** One label cell: words of a line that stand closer together than a column gap. */
export interface LabelCell {
  words: Word[];
  text: string;
  /** `text` in the statement fold. */
  folded: string;
  x0: number;
  x1: number;
}

export interface GridEntry {
  label: LabelCell;
  value: AmountToken;
}

/**
 * A line cut into cells at gaps wider than `gapFactor` line heights (a word space is about a
 * third of one; table columns stand several apart).
 */
export function labelCells(line: Line, gapFactor = 1.2): LabelCell[] {
  const cells: LabelCell[] = [];
  let cur: Word[] = [];
  const flush = (): void => {
    if (cur.length === 0) return;
    const text = cur.map((w) => w.text).join(' ');
    cells.push({ words: cur, text, folded: fold(text), x0: cur[0]!.x0, x1: cur[cur.length - 1]!.x1 });
    cur = [];
  };
  for (const w of line.words) {
    const prev = cur[cur.length - 1];
    if (prev && w.x0 - prev.x1 > line.size * gapFactor) flush();
    cur.push(w);
  }
  flush();
  return cells;
}

/**
 * `labels` over `values` read as a grid, or null where they are not one: the label line holds no
 * amount and at least two cells, the value line right below holds at least two amounts and
 * nothing but amounts and their currency, and every amount stands under one label cell of its
 * own (its extent overlaps the span from the cell's left edge to the next cell's, whichever way
 * the value is aligned). Each label that has a value is returned with it, left to right.
 */
export function labelValueGrid(labels: Line, values: Line): GridEntry[] | null {
  if (labels.page !== values.page || labels.amounts.length > 0 || values.amounts.length < 2) return null;
  if (values.top < labels.bottom - labels.size * 0.3 || values.top - labels.bottom > Math.max(labels.size, values.size) * 1.6) return null;
  const inAmount = (i: number): boolean => values.amounts.some((a) => a.first <= i && i <= a.last);
  if (!values.words.every((w, i) => inAmount(i) || /^(eur|euro|€)$/iu.test(w.text))) return null;
  const cells = labelCells(labels);
  if (cells.length < 2) return null;
  const out: GridEntry[] = [];
  const taken = new Set<number>();
  for (const a of values.amounts) {
    const k = cellAbove(cells, labels, a);
    if (k < 0 || taken.has(k)) return null;
    taken.add(k);
    out.push({ label: cells[k]!, value: a });
  }
  return out;
}

/**
 * The label cell an amount stands under: the cell its extent overlaps most, else the first whose
 * span (from its left edge, less a line height, to the next cell's) holds it. Overlap first: an
 * OCR box or a left-aligned value may start a fraction left of its own label, inside the span of
 * the cell before (`252,25` at x 210.27 under `Eingänge` at 210.51).
 */
function cellAbove(cells: readonly LabelCell[], labels: Line, a: AmountToken): number {
  let best = -1;
  let most = 0;
  cells.forEach((c, i) => {
    const overlap = Math.min(a.x1, c.x1) - Math.max(a.x0, c.x0);
    if (overlap > most) [best, most] = [i, overlap];
  });
  if (best >= 0) return best;
  return cells.findIndex((c, i) => {
    const right = i + 1 < cells.length ? cells[i + 1]!.x0 : Math.max(c.x1, labels.words[labels.words.length - 1]!.x1);
    const left = i > 0 ? cells[i - 1]!.x1 : -Infinity;
    return a.x1 > c.x0 - labels.size && a.x0 < right && a.x0 > left;
  });
}

/** A label beside its value on one line: the words before an amount, back to the previous amount. */
export interface LabelPair {
  /** The label's text in the statement fold; empty where the amount follows another directly. */
  folded: string;
  value: AmountToken;
}

/**
 * A line read as labels each beside its value (`Saldo der letzten Abrechnung 1.529,64
 * Kreditrahmen 3.000,00`): each amount with the words between it and the amount before it.
 */
export function labelValuePairs(line: Line): LabelPair[] {
  let from = 0;
  return line.amounts.map((a) => {
    const folded = fold(line.words.slice(from, a.first).map((w) => w.text).join(' ')).trim();
    from = a.last + 1;
    return { folded, value: a };
  });
}
