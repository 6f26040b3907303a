import type { AmountToken, Line, Word } from '../../model/lines.js';

/**
 * Amount columns and their header cells, one piece of the table model (issue 21): a table sets
 * its amounts in columns, each aligned to a right edge, under a header whose cells name them.
 * This part finds the columns by position only — right edges clustered across many lines, a
 * header cell over each by where its words stand — and answers which column an amount is in.
 * What a header word means (Soll, Haben, Saldo, Betrag …) is the stage's, through the lexicon:
 * it passes the cells it recognised; the statement's roles live in kontoauszug/columns.ts.
 */

/** A header cell as the stage recognised it: the x-range of its words and the stage's meaning. */
export interface HeaderCell<R> {
  x0: number;
  x1: number;
  role: R;
}

/** An amount column: the right edge its amounts align to, and how many amounts stand there. */
export interface EdgeColumn {
  x1: number;
  n: number;
}

/** Where a table's amounts stand, read from its lines: columns by right edge, or none. */
export interface AmountColumns {
  /**
   * True when amounts do not line up in columns (text flattened to single spaces, as some
   * exports and every text-only rendering are): positions then say nothing about a column.
   */
  flattened: boolean;
  /** Up to three columns, left to right (empty when flattened or without amounts). */
  columns: EdgeColumn[];
  /** The median line height of the lines read: the unit of every tolerance here. */
  size: number;
}

/** At most this many amount columns in one table (amount or Soll/Haben, and a running balance). */
const MAX_COLUMNS = 3;

/** The median of `xs`; 10 (a line height in points) for none. */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) return 10;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** Groups right edges that are within `tol` of their group's running mean, left to right. */
export function clusterEdges(xs: readonly number[], tol: number): EdgeColumn[] {
  const sorted = [...xs].sort((a, b) => a - b);
  const out: { x: number; n: number; sum: number }[] = [];
  for (const x of sorted) {
    const last = out[out.length - 1];
    if (last && x - last.sum / last.n <= tol) {
      last.n++;
      last.sum += x;
    } else out.push({ x, n: 1, sum: x });
  }
  return out.map((c) => ({ x1: c.sum / c.n, n: c.n }));
}

/**
 * The amount columns of `lines` (the lines that carry a table's amounts): their amounts' right
 * edges clustered within 0.8 line heights (at least 4 pt); a cluster is a column when it holds
 * at least 8 % of the amounts (and two). The lines are columnar when one to three columns hold
 * 80 % of the amounts and the text does not run straight into its amounts; two lines or fewer
 * are always read as columnar, every cluster a column. At most three columns, the fullest.
 */
export function amountColumns(lines: readonly Line[]): AmountColumns {
  const tokens = lines.flatMap((l) => l.amounts);
  const size = median(lines.map((l) => l.size));
  if (tokens.length === 0) return { flattened: false, columns: [], size };
  const clusters = clusterEdges(
    tokens.map((t) => t.x1),
    Math.max(4, size * 0.8),
  ).sort((a, b) => b.n - a.n);
  const significant = clusters.filter((c) => c.n >= Math.max(2, tokens.length * 0.08));
  const covered = significant.reduce((s, c) => s + c.n, 0);
  const columnar = lines.length <= 2 || (significant.length > 0 && significant.length <= MAX_COLUMNS && covered >= tokens.length * 0.8);
  if (!columnar || flowsIntoText(lines)) return { flattened: true, columns: [], size };
  const columns = (lines.length <= 2 ? clusters : significant).slice(0, MAX_COLUMNS).sort((a, b) => a.x1 - b.x1);
  return { flattened: false, columns, size };
}

/**
 * Text that runs straight into its amounts: on nearly every line the first amount stands one
 * word space after the text, wherever the text ends. A table sets its amounts in columns, away
 * from the text; a flattened text layer (or plain text drawn as a PDF) does not, and right edges
 * that happen to cluster there say nothing about columns. Two or three lines count only when
 * every one of them runs into its amount.
 *
 * The word space is read from the gaps narrower than a line height: a table whose cells hold one
 * word each (`02.09.25 | Gutschrift | 02.09.25 | 834,00 | 4.196,65`) has only column gaps, and
 * their median is no word space — taken as one, every amount "ran into" its text and a ruled
 * table was read as flattened (random layout 832, issue 21). Without such gaps no text runs on.
 */
export function flowsIntoText(lines: readonly Line[]): boolean {
  if (lines.length < 2) return false;
  const size = median(lines.map((l) => l.size));
  const gaps: number[] = [];
  for (const l of lines) for (let i = 1; i < l.words.length; i++) gaps.push(l.words[i]!.x0 - l.words[i - 1]!.x1);
  const spaces = gaps.filter((g) => g < size);
  if (spaces.length === 0) return false;
  const space = median(spaces);
  let flowing = 0;
  const starts: number[] = [];
  for (const l of lines) {
    const t = l.amounts[0];
    if (!t) continue;
    const before = l.words[t.first - 1];
    if (!before) continue;
    starts.push(t.x0);
    if (t.x0 - before.x1 <= space * 1.5 + 0.5) flowing++;
  }
  const spread = Math.max(...starts) - Math.min(...starts);
  const enough = lines.length >= 4 ? flowing >= lines.length * 0.9 : flowing === lines.length;
  return enough && spread > size * 4;
}

/**
 * The header cell over a column whose amounts end at `x1`: amounts stand under their header
 * word, right-aligned to its end or starting under it, so an amount ending left of a cell
 * (by more than a line height) belongs to another column. The nearest cell by right edge,
 * within 40 pt + 4 line heights; null when none is that close.
 */
export function headerOver<R>(x1: number, cells: readonly HeaderCell<R>[], size: number): HeaderCell<R> | null {
  let found: HeaderCell<R> | null = null;
  let best = Infinity;
  for (const c of cells) {
    if (x1 < c.x0 - size) continue;
    const d = Math.abs(c.x1 - x1);
    if (d < best && d <= 40 + size * 4) {
      best = d;
      found = c;
    }
  }
  return found;
}

/**
 * A header cell's right edge over words that continue it (`Belastung in EUR`: the column's
 * amounts align to the end of `EUR`): from word `i` on, each next word that `continues` and
 * stands within 1.5 line heights of the one before.
 */
export function headerCellEnd(words: readonly Word[], i: number, size: number, continues: (k: number) => boolean): number {
  let j = i;
  while (j + 1 < words.length && continues(j + 1) && words[j + 1]!.x0 - words[j]!.x1 < size * 1.5) j++;
  return words[j]!.x1;
}

/** Whether one of `tokens` ends in column `c` (within 1.5 line heights, at least 6 pt). */
export function inColumn(tokens: readonly AmountToken[], c: { x1: number }, size: number): boolean {
  return tokens.some((t) => Math.abs(t.x1 - c.x1) <= Math.max(6, size * 1.5));
}

/** The column an amount ends in (nearest right edge, within 2 line heights, at least 8 pt), or null. */
export function columnOf<C extends { x1: number }>(t: { x1: number }, columns: readonly C[], size: number): C | null {
  let best: C | null = null;
  let bestD = Infinity;
  for (const c of columns) {
    const d = Math.abs(t.x1 - c.x1);
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best && bestD <= Math.max(8, size * 2) ? best : null;
}
