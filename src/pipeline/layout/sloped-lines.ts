/**
 * Printed lines of a photographed letter that run at a slope. A phone photo of a folded sheet is
 * tilted and curved in places (the Zwickau fine notice: its cost list falls by ~2° while the page
 * as a whole is levelled by 0.4°). The text lines group words by their vertical centre near the
 * line's first word, so on such a slope one printed line falls apart — `1. eine Geldbuße
 * festgesetzt` | `(§ 17 OWiG) in Höhe von:` — and the amount far right in the cost column
 * (`100,00 EUR`), lower by the slope over half a page, joins the line below
 * (`2. Außerdem haben Sie die Kosten … 100,00 EUR`): the fine lost its label.
 *
 * Contract, on OCR'd lines only (a text layer is left as printed): a piece — a whole line, or the
 * words standing apart at a line's right end (after a gap of more than FAR_GAP word heights, an
 * amount column) — joins the line it continues: the line that ends left of the piece, shares no
 * horizontal stretch with it, and on which the piece lies when that line is drawn on along the
 * local slope (the median slope of the well-filled lines around it). The piece must lie within
 * ON_LINE of a word height from the drawn-on line, nearer than to any other line, and — for words
 * taken off the end of a line — less than half as far as from the line they stand in. On a level
 * page lines are a word height or more apart, so a piece within ON_LINE of one line is never
 * less than half as far from the line it was put in by the midline grouping: nothing moves there.
 */
import type { TextLine } from '../model/lines.js';
import { lineOfCells } from './text-lines.js';

type Cell = TextLine['cells'][number];

/** Words after a gap wider than this many word heights stand apart (a column of figures). */
const FAR_GAP = 4;
/** A piece lies on a line within this share of a word height. */
const ON_LINE = 0.35;
/** Lines that give a slope: at least this many words over at least this many word heights. */
const SLOPE_WORDS = 4;
const SLOPE_SPAN = 12;
/** Lines either side whose slopes are pooled into the local slope. */
const SLOPE_REACH = 4;

const midOf = (c: Cell): number => c.bbox.y + c.bbox.height / 2;
const centreOf = (c: Cell): number => c.bbox.x + c.bbox.width / 2;
const rightOf = (c: Cell): number => c.bbox.x + c.bbox.width;

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n === 0 ? 0 : n % 2 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
}

/** Theil–Sen slope of the words' centres (robust to a word with a descender or a stray mark), or null for a short line. */
function lineSlope(line: TextLine): number | null {
  const cells = line.cells;
  if (cells.length < SLOPE_WORDS || rightOf(cells.at(-1)!) - cells[0]!.bbox.x < SLOPE_SPAN * line.size) return null;
  const slopes: number[] = [];
  for (let i = 0; i < cells.length; i++) {
    for (let j = i + 1; j < cells.length; j++) {
      const dx = centreOf(cells[j]!) - centreOf(cells[i]!);
      if (dx > line.size) slopes.push((midOf(cells[j]!) - midOf(cells[i]!)) / dx);
    }
  }
  return slopes.length === 0 ? null : median(slopes);
}

/** Where a group of words crosses x = 0 along `slope`: two groups on one printed line cross alike. */
const interceptOf = (cells: readonly Cell[], slope: number): number => median(cells.map((c) => midOf(c) - slope * centreOf(c)));

interface Piece {
  line: number;
  cells: Cell[];
  /** The words of the line left of the piece (empty when the piece is the whole line). */
  rest: Cell[];
}

/** The piece a line offers: the words after its last wide gap, or the whole line. */
function pieceOf(lines: readonly TextLine[], i: number): Piece {
  const cells = lines[i]!.cells;
  for (let k = cells.length - 1; k > 0; k--) {
    if (cells[k]!.bbox.x - rightOf(cells[k - 1]!) > FAR_GAP * lines[i]!.size) return { line: i, cells: cells.slice(k), rest: cells.slice(0, k) };
  }
  return { line: i, cells: [...cells], rest: [] };
}

export function joinSlopedLines(lines: readonly TextLine[]): TextLine[] {
  let out = [...lines];
  // A line continued twice (label, words, amount) is joined in as many passes.
  for (let pass = 0; pass < 3; pass++) {
    const next = joinOnce(out);
    if (next === out) break;
    out = next;
  }
  return out;
}

function joinOnce(lines: TextLine[]): TextLine[] {
  const slopes = lines.map((l) => (l.cells.every((c) => c.source === 'ocr') ? lineSlope(l) : null));
  const localSlope = (i: number): number | null => {
    const near = slopes.filter((s, j) => s !== null && lines[j]!.page === lines[i]!.page && Math.abs(j - i) <= SLOPE_REACH) as number[];
    return near.length === 0 ? null : median(near);
  };
  const moves = new Map<number, { piece: Piece; to: number }>();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.cells.every((c) => c.source === 'ocr')) continue;
    const slope = localSlope(i);
    if (slope === null) continue;
    const piece = pieceOf(lines, i);
    const at = interceptOf(piece.cells, slope);
    const size = Math.max(line.size, 1);
    const x0 = piece.cells[0]!.bbox.x;
    let best: { to: number; d: number } | null = null;
    for (let j = Math.max(0, i - SLOPE_REACH); j <= Math.min(lines.length - 1, i + SLOPE_REACH); j++) {
      const other = lines[j]!;
      if (j === i || other.page !== line.page || !other.cells.every((c) => c.source === 'ocr')) continue;
      // The line it continues ends left of it: no word of the one over a word of the other.
      if (rightOf(other.cells.at(-1)!) > x0) continue;
      const d = Math.abs(interceptOf(other.cells, slope) - at);
      if (!best || d < best.d) best = { to: j, d };
    }
    if (!best || best.d > ON_LINE * size) continue;
    if (piece.rest.length > 0 && best.d * 2 >= Math.abs(interceptOf(piece.rest, slope) - at)) continue;
    moves.set(i, { piece, to: best.to });
  }
  // Never onto a line that gives a piece away in the same pass (the next pass joins it then).
  for (const [from, { to }] of moves) if (moves.has(to)) moves.delete(from);
  if (moves.size === 0) return lines;
  const cellsOf = new Map<number, Cell[]>();
  for (const [from, { piece, to }] of moves) {
    cellsOf.set(from, piece.rest);
    cellsOf.set(to, [...(cellsOf.get(to) ?? lines[to]!.cells), ...piece.cells].sort((a, b) => a.bbox.x - b.bbox.x));
  }
  const kept = lines.map((l, i) => (cellsOf.has(i) ? remade(l, cellsOf.get(i)!) : l)).filter((l): l is TextLine => l !== null);
  return renumbered(kept);
}

/** The line with these words, or null when none are left. */
function remade(line: TextLine, cells: Cell[]): TextLine | null {
  if (cells.length === 0) return null;
  return { ...line, ...lineOfCells(cells) };
}

/** Lines numbered again per page, top to bottom. */
function renumbered(lines: readonly TextLine[]): TextLine[] {
  const next = new Map<number, number>();
  return lines.map((l) => {
    const index = next.get(l.page) ?? 0;
    next.set(l.page, index + 1);
    return l.index === index ? l : { ...l, index };
  });
}
