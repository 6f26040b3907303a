import type { GreyImage } from '../../../ports/ocr-engine.js';

/** A point in image pixels (x to the right, y down). */
export type Point = readonly [number, number];

/** A page's corners in image pixels: top left, top right, bottom right, bottom left. */
export type Quad = readonly [Point, Point, Point, Point];

/**
 * The projective map (3 × 3, row-major, last entry 1) that takes the unit square's corners
 * (0,0), (1,0), (1,1), (0,1) to the quad's corners in order (Heckbert's closed form).
 */
export function unitSquareToQuad(q: Quad): number[] {
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = q;
  const sx = x0 - x1 + x2 - x3;
  const sy = y0 - y1 + y2 - y3;
  const dx1 = x1 - x2;
  const dx2 = x3 - x2;
  const dy1 = y1 - y2;
  const dy2 = y3 - y2;
  const det = dx1 * dy2 - dx2 * dy1;
  const g = det === 0 ? 0 : (sx * dy2 - dx2 * sy) / det;
  const h = det === 0 ? 0 : (dx1 * sy - sx * dy1) / det;
  return [x1 - x0 + g * x1, x3 - x0 + h * x3, x0, y1 - y0 + g * y1, y3 - y0 + h * y3, y0, g, h, 1];
}

/**
 * Warps the quad of `src` onto an upright `width` × `height` rectangle (bilinear; anything that
 * falls outside `src` is white paper). Output pixel centres map through the homography, one
 * division per pixel: a 2480 × 3508 page takes ~0.1 s.
 */
export function warpQuadToRect(src: GreyImage, quad: Quad, width: number, height: number): GreyImage {
  const [a, b, c, d, e, f, g, h] = unitSquareToQuad(quad) as [number, number, number, number, number, number, number, number];
  const out = new Uint8Array(width * height);
  const sw = src.width;
  const sh = src.height;
  const data = src.data;
  if (sw < 2 || sh < 2) return { data: out.fill(255), width, height };
  for (let y = 0; y < height; y++) {
    const v = (y + 0.5) / height;
    // Along a row only u changes: numerators and denominator are linear in u.
    const du = 1 / width;
    let u = 0.5 * du;
    let nx = a * u + b * v + c;
    let ny = d * u + e * v + f;
    let dn = g * u + h * v + 1;
    const row = y * width;
    for (let x = 0; x < width; x++) {
      // Source pixel coordinates, pixel centres at .5.
      const fx = nx / dn - 0.5;
      const fy = ny / dn - 0.5;
      nx += a * du;
      ny += d * du;
      dn += g * du;
      if (!(fx >= 0 && fy >= 0 && fx <= sw - 1 && fy <= sh - 1)) {
        out[row + x] = 255;
        continue;
      }
      const ix = fx < sw - 1 ? Math.floor(fx) : sw - 2;
      const iy = fy < sh - 1 ? Math.floor(fy) : sh - 2;
      const tx = fx - ix;
      const ty = fy - iy;
      const i = iy * sw + ix;
      const top = data[i]! + (data[i + 1]! - data[i]!) * tx;
      const bottom = data[i + sw]! + (data[i + sw + 1]! - data[i + sw]!) * tx;
      out[row + x] = top + (bottom - top) * ty + 0.5;
    }
  }
  return { data: out, width, height };
}
