/**
 * Where a line stands in the document: its place in the document's lines and its order against
 * other lines. By page and line index, never by object identity — a label the finder joined over
 * two lines (values.ts, hyphenated headers) is a copy of its printed line and must still be found.
 */
import type { TextLine } from '../model/lines.js';

/** The place of `line` in `lines` (document order), or -1. */
export function placeOf(lines: readonly TextLine[], line: TextLine): number {
  return lines.findIndex((l) => l.page === line.page && l.index === line.index);
}

/** Whether `a` is printed before `b`. */
export function isBefore(a: TextLine, b: TextLine): boolean {
  return a.page < b.page || (a.page === b.page && a.index < b.index);
}

/** Whether `l` is printed strictly between `a` and `b`. */
export function isBetween(l: TextLine, a: TextLine, b: TextLine): boolean {
  return isBefore(a, l) && isBefore(l, b);
}
