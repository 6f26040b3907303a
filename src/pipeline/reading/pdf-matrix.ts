/**
 * PDF transformation matrices `[a b c d e f]` as the operator list gives them (`cm`, form
 * XObject matrices, the viewport): shared by the walks that track the current transformation
 * matrix through a page's operators (image coverage, ruling lines).
 */
export type Matrix = [number, number, number, number, number, number];

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
