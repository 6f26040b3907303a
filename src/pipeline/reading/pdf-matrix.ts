import { OPS } from './pdfjs.js';

/**
 * PDF transformation matrices `[a b c d e f]` as the operator list gives them (`cm`, form
 * XObject matrices, the viewport), and the one walk that tracks the current transformation
 * matrix through a page's operators — shared by the operator-list readers (image coverage,
 * ruling lines) so both see the same geometry.
 */
export type Matrix = [number, number, number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** m × n in PDF's row-vector convention: a point is transformed by n, then by m. */
export function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

/** The point (x, y) transformed by m. */
export function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/**
 * The current transformation matrix through save/restore, `cm` and form XObjects (a form's
 * matrix applies inside Begin…End). `step` takes every operator in order and says whether it
 * was one of these state operators, so a walk handles only the rest. An unbalanced restore
 * keeps the current matrix (damaged content streams exist; a walk must not throw on them).
 */
export class CtmTracker {
  ctm: Matrix = IDENTITY;
  private readonly stack: Matrix[] = [];

  step(fn: number | undefined, args: unknown[] | null): boolean {
    if (fn === OPS.save) this.stack.push(this.ctm);
    else if (fn === OPS.restore) this.ctm = this.stack.pop() ?? this.ctm;
    else if (fn === OPS.transform) {
      if (args) this.ctm = multiply(this.ctm, args as Matrix);
    } else if (fn === OPS.paintFormXObjectBegin) {
      this.stack.push(this.ctm);
      const m = args?.[0];
      if (Array.isArray(m) && m.length === 6) this.ctm = multiply(this.ctm, m as Matrix);
    } else if (fn === OPS.paintFormXObjectEnd) this.ctm = this.stack.pop() ?? this.ctm;
    else return false;
    return true;
  }
}
