import type { GreyImage } from '../../../ports/ocr-engine.js';
import { boxDownscale, closeDark } from './page-quad.js';

/**
 * Evens out the light on a photographed page after it was warped flat: every pixel is divided by
 * the paper's brightness around it, so a shadow across the page and light falling off to one
 * side leave white paper and dark ink. The paper's brightness is the page with its print closed
 * away (grey closing over ±5 px at a quarter of the resolution, i.e. strokes up to ~40 px wide at
 * 300 dpi), smoothed over 3 × 3 and interpolated back. Unlike the OCR step's block estimate
 * (raster.ts `flattenBackground`, 32 px blocks smoothed over 160 px), it follows a shadow's edge
 * to a few pixels: the block estimate left grey fringes along soft shadow edges on the generated
 * photos, which OCR read as a column of stray letters and which cost a leading `1` of an amount.
 * Large dark areas (a filled header bar) are not brightened past the point where their paper
 * estimate would fall below 0.3 of the page's paper: no shadow is that deep.
 */
export function evenLight(img: GreyImage): GreyImage {
  const k = 4;
  const small = boxDownscale(img, k);
  const { width: w, height: h } = small;
  if (w < 8 || h < 8) return img;
  const closed = closeDark(small, 5);
  const bg = new Float32Array(w * h);
  const hist = new Uint32Array(256);
  for (let i = 0; i < closed.length; i++) hist[closed[i]!]!++;
  let paper = 255;
  for (let acc = 0; paper > 0; paper--) {
    acc += hist[paper]!;
    if (acc >= closed.length * 0.05) break;
  }
  const floor = Math.max(1, 0.3 * paper);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0;
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx >= 0 && yy >= 0 && xx < w && yy < h) {
            s += closed[yy * w + xx]!;
            n++;
          }
        }
      }
      bg[y * w + x] = 255 / Math.max(s / n, floor);
    }
  }
  // Bilinear interpolation of the gain; pixel i of the small copy is centred on (i + 0.5)·k.
  const { width, height, data } = img;
  const x0s = new Int32Array(width);
  const x1s = new Int32Array(width);
  const txs = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const fx = Math.min(Math.max((x + 0.5) / k - 0.5, 0), w - 1);
    x0s[x] = Math.floor(fx);
    x1s[x] = Math.min(x0s[x]! + 1, w - 1);
    txs[x] = fx - x0s[x]!;
  }
  const row = new Float32Array(w);
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) {
    const fy = Math.min(Math.max((y + 0.5) / k - 0.5, 0), h - 1);
    const y0 = Math.floor(fy);
    const y1 = Math.min(y0 + 1, h - 1);
    const ty = fy - y0;
    for (let x = 0; x < w; x++) row[x] = bg[y0 * w + x]! * (1 - ty) + bg[y1 * w + x]! * ty;
    const base = y * width;
    for (let x = 0; x < width; x++) {
      const tx = txs[x]!;
      const v = data[base + x]! * (row[x0s[x]!]! * (1 - tx) + row[x1s[x]!]! * tx);
      out[base + x] = v >= 255 ? 255 : v;
    }
  }
  return { data: out, width, height };
}
