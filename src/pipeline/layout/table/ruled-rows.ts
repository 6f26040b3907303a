import type { PageRule } from '../../model/document.js';

/**
 * Ruled rows, one piece of the table model (issue 21: "rows drawn with rules are rows"): the
 * horizontal boundaries a page draws across a table — its horizontal rules and the top and
 * bottom edges of its shaded bands (alternate row shading: the unshaded row lies between two
 * shaded ones) — as the y positions that separate its rows. A boundary counts only where it
 * runs across most of the table's width (SPAN_SHARE of the x-range asked for): an underline
 * under one cell or a short column rule separates no rows.
 *
 * Positions only: which lines are a row's and what a row means is the reader's.
 */
const SPAN_SHARE = 0.6;
/** Boundaries closer than this (a shade's edge on a rule, a double rule) are one. */
const MERGE = 1.5;

export interface Span {
  x0: number;
  x1: number;
}

/** The row boundaries across `span`, top to bottom (y in points, origin top-left). */
export function rowBoundaries(rules: readonly PageRule[] | undefined, span: Span): number[] {
  if (!rules || rules.length === 0 || !(span.x1 > span.x0)) return [];
  const width = span.x1 - span.x0;
  const across = (r: PageRule): boolean => Math.min(r.x1, span.x1) - Math.max(r.x0, span.x0) >= width * SPAN_SHARE;
  const ys: number[] = [];
  for (const r of rules) {
    if (r.kind === 'vertical' || !across(r)) continue;
    if (r.kind === 'horizontal') ys.push(r.y0);
    else ys.push(r.y0, r.y1);
  }
  ys.sort((a, b) => a - b);
  const out: number[] = [];
  for (const y of ys) if (out.length === 0 || y - out[out.length - 1]! > MERGE) out.push(y);
  return out;
}

/**
 * The band a y position lies in: the number of boundaries above it (0 = above the first
 * boundary, boundaries.length = below the last).
 */
export function bandOf(boundaries: readonly number[], y: number): number {
  let n = 0;
  while (n < boundaries.length && boundaries[n]! <= y) n++;
  return n;
}
