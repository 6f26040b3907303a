import type { PageRule } from '../model/document.js';
import { OPS, type PDFDocumentProxy } from './pdfjs.js';
import { apply, CtmTracker, multiply, type Matrix } from './pdf-matrix.js';

/**
 * The rules a text-layer page draws (issue 21: "rows drawn with rules are rows"), read from
 * the page's operator list without rendering it. The current transformation matrix is tracked
 * through save/restore, `cm` and form XObjects (`CtmTracker`, as for image coverage); each painted
 * path is split into its subpaths, and
 * - a stroked straight segment that is horizontal or vertical (within 0.5 pt) and at least
 *   MIN_RULE_LENGTH long is a rule — so are the sides of a stroked rectangle (cell borders);
 * - a filled subpath whose box is at most MAX_RULE_THICKNESS thick and MIN_RULE_LENGTH long is a
 *   rule (`re f` underlines and row separators);
 * - a filled subpath at least MIN_SHADE_WIDTH wide and between MIN_SHADE_HEIGHT and
 *   MAX_SHADE_HEIGHT high is a shaded band (alternate row shading, a highlighted row).
 * Anything else (curves' boxes, glyph outlines, page-size backgrounds, logos) is no rule.
 * Coordinates come out in the model's space: PDF points, origin top-left, rotation applied
 * (through the page viewport at scale 1, as the words).
 *
 * Bounded: a hostile page may paint 100 000 paths. At most MAX_PATHS painted paths and
 * MAX_SEGMENTS path segments are looked at, and at most MAX_PAGE_RULES rules kept; past any
 * bound the walk stops with what it has (a table never needs more).
 */
export const MAX_PAGE_RULES = 2_000;
const MAX_PATHS = 20_000;
const MAX_SEGMENTS = 200_000;
const MAX_RULE_THICKNESS = 2;
const MIN_RULE_LENGTH = 6;
const MIN_SHADE_WIDTH = 60;
const MIN_SHADE_HEIGHT = 4;
const MAX_SHADE_HEIGHT = 36;
const STRAIGHT = 0.5;

const STROKES = new Set<number>([OPS.stroke, OPS.closeStroke]);
const FILLS = new Set<number>([OPS.fill, OPS.eoFill]);
const BOTH = new Set<number>([OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke]);

/** pdf.js 5 path buffer codes (DrawOPS). */
const MOVE = 0;
const LINE = 1;
const CURVE = 2;
const QUAD = 3;
const CLOSE = 4;

/**
 * The rules of page `pageNumber`. A page whose operator list cannot be built (damaged content
 * the text layer survived) has none: rules are a hint to layout, never a reason to fail a read.
 */
export async function pageRules(doc: PDFDocumentProxy, pageNumber: number): Promise<PageRule[]> {
  const page = await doc.getPage(pageNumber);
  try {
    const viewport = page.getViewport({ scale: 1 });
    const ops = await page.getOperatorList();
    return rulesFromOperators(ops.fnArray, ops.argsArray, viewport.transform as Matrix);
  } catch {
    return [];
  } finally {
    page.cleanup();
  }
}

/** The walk itself, on an operator list (exported for tests of its bounds). */
export function rulesFromOperators(fnArray: ArrayLike<number>, argsArray: ArrayLike<unknown>, view: Matrix): PageRule[] {
  const rules: PageRule[] = [];
  const seen = new Set<string>();
  const tracker = new CtmTracker();
  let paths = 0;
  let segments = 0;
  const add = (r: PageRule): void => {
    const key = `${r.kind} ${r.x0} ${r.y0} ${r.x1} ${r.y1}`;
    if (seen.has(key)) return;
    seen.add(key);
    rules.push(r);
  };
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i];
    const args = argsArray[i] as unknown[] | null;
    if (tracker.step(fn, args)) continue;
    if (fn === OPS.constructPath && args) {
      const paint = args[0] as number;
      const stroke = STROKES.has(paint) || BOTH.has(paint);
      const fill = FILLS.has(paint) || BOTH.has(paint);
      const buffer = (args[1] as unknown[] | undefined)?.[0];
      if ((!stroke && !fill) || !(buffer instanceof Float32Array)) continue;
      if (++paths > MAX_PATHS) break;
      segments += buffer.length;
      if (segments > MAX_SEGMENTS) break;
      const m = multiply(view, tracker.ctm);
      for (const sub of subpaths(buffer, m)) {
        if (stroke) for (const s of sub.segments) { const r = straightRule(s); if (r) add(r); }
        if (fill) { const r = filledRule(sub.box); if (r) add(r); }
        if (rules.length >= MAX_PAGE_RULES) return rules;
      }
    }
  }
  return rules;
}

interface Box { x0: number; y0: number; x1: number; y1: number }
interface Subpath { box: Box; segments: Box[] }

/** The path's subpaths in page space: each one's box, and its straight segments (a closing one included). */
function subpaths(buffer: Float32Array, m: Matrix): Subpath[] {
  const out: Subpath[] = [];
  let cur: Subpath | null = null;
  let start: [number, number] = [0, 0];
  let at: [number, number] = [0, 0];
  const extend = (p: [number, number]): void => {
    if (!cur) {
      cur = { box: { x0: p[0], y0: p[1], x1: p[0], y1: p[1] }, segments: [] };
      out.push(cur);
    }
    const b = cur.box;
    b.x0 = Math.min(b.x0, p[0]);
    b.y0 = Math.min(b.y0, p[1]);
    b.x1 = Math.max(b.x1, p[0]);
    b.y1 = Math.max(b.y1, p[1]);
  };
  const segment = (a: [number, number], b: [number, number]): void => {
    cur?.segments.push({ x0: a[0], y0: a[1], x1: b[0], y1: b[1] });
  };
  for (let k = 0; k < buffer.length; ) {
    const op = buffer[k++];
    if (op === MOVE) {
      cur = null;
      at = start = apply(m, buffer[k]!, buffer[k + 1]!);
      extend(at);
      k += 2;
    } else if (op === LINE) {
      const p = apply(m, buffer[k]!, buffer[k + 1]!);
      extend(p);
      segment(at, p);
      at = p;
      k += 2;
    } else if (op === CURVE || op === QUAD) {
      // Control points bound the curve; a curve is never a rule segment.
      const n = op === CURVE ? 6 : 4;
      for (let j = 0; j < n; j += 2) extend(apply(m, buffer[k + j]!, buffer[k + j + 1]!));
      at = apply(m, buffer[k + n - 2]!, buffer[k + n - 1]!);
      k += n;
    } else if (op === CLOSE) {
      segment(at, start);
      at = start;
    } else break; // an unknown code: the rest of the buffer cannot be parsed
  }
  return out;
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

function straightRule(s: Box): PageRule | null {
  const [x0, x1] = s.x0 <= s.x1 ? [s.x0, s.x1] : [s.x1, s.x0];
  const [y0, y1] = s.y0 <= s.y1 ? [s.y0, s.y1] : [s.y1, s.y0];
  if (y1 - y0 <= STRAIGHT && x1 - x0 >= MIN_RULE_LENGTH) {
    const y = round2((y0 + y1) / 2);
    return { kind: 'horizontal', x0: round2(x0), y0: y, x1: round2(x1), y1: y };
  }
  if (x1 - x0 <= STRAIGHT && y1 - y0 >= MIN_RULE_LENGTH) {
    const x = round2((x0 + x1) / 2);
    return { kind: 'vertical', x0: x, y0: round2(y0), x1: x, y1: round2(y1) };
  }
  return null;
}

function filledRule(b: Box): PageRule | null {
  const w = b.x1 - b.x0;
  const h = b.y1 - b.y0;
  if (h <= MAX_RULE_THICKNESS && w >= MIN_RULE_LENGTH) {
    const y = round2((b.y0 + b.y1) / 2);
    return { kind: 'horizontal', x0: round2(b.x0), y0: y, x1: round2(b.x1), y1: y };
  }
  if (w <= MAX_RULE_THICKNESS && h >= MIN_RULE_LENGTH) {
    const x = round2((b.x0 + b.x1) / 2);
    return { kind: 'vertical', x0: x, y0: round2(b.y0), x1: x, y1: round2(b.y1) };
  }
  if (w >= MIN_SHADE_WIDTH && h >= MIN_SHADE_HEIGHT && h <= MAX_SHADE_HEIGHT) {
    return { kind: 'shade', x0: round2(b.x0), y0: round2(b.y0), x1: round2(b.x1), y1: round2(b.y1) };
  }
  return null;
}
