import sharp, { type Sharp } from 'sharp';
import type { GreyImage } from '../../ports/ocr-engine.js';

/** Raster operations on grey images, done by libvips (off the JS thread, SIMD). */

function input(img: GreyImage): Sharp {
  return sharp(img.data, { raw: { width: img.width, height: img.height, channels: 1 }, limitInputPixels: false });
}

async function output(s: Sharp): Promise<GreyImage> {
  // A rotation's background can add bands to a one-band image: back to one grey channel.
  const { data, info } = await s.toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 1) throw new Error(`expected 1 channel, got ${info.channels}`);
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}

/**
 * Rotates clockwise by `quarterTurns` × 90° and then by `degrees` (small, deskew), filling with
 * white. A deskewed page keeps the size of the quarter-turned one (the corners cut off are margin),
 * so page sizes stay those of the original.
 */
export async function rotateGrey(img: GreyImage, quarterTurns: number, degrees: number): Promise<GreyImage> {
  const q = ((quarterTurns % 4) + 4) % 4;
  if (q === 0 && Math.abs(degrees) < 0.05) return img;
  let out = img;
  if (q !== 0) out = await output(input(out).rotate(q * 90));
  if (Math.abs(degrees) >= 0.05) {
    const w = out.width;
    const h = out.height;
    const rotated = await output(input(out).rotate(degrees, { background: { r: 255, g: 255, b: 255 } }));
    const left = Math.max(0, Math.floor((rotated.width - w) / 2));
    const top = Math.max(0, Math.floor((rotated.height - h) / 2));
    out = crop(rotated, left, top, Math.min(w, rotated.width), Math.min(h, rotated.height));
  }
  return out;
}

/** Rows and columns of a grey image, copied (a third libvips pipeline cost more than the copy). */
function crop(img: GreyImage, left: number, top: number, width: number, height: number): GreyImage {
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const from = (top + y) * img.width + left;
    data.set(img.data.subarray(from, from + width), y * width);
  }
  return { data, width, height };
}

/**
 * Denoise for noisy scans: a Gaussian blur (sigma 1 px) melts speckle and grain into the paper,
 * then a global threshold at `threshold` (1–254) or, with 'otsu', at Otsu's level (never above
 * 60 % of the paper's grey, so a nearly empty page does not turn its paper grain into ink).
 */
export async function denoiseGrey(img: GreyImage, threshold: number | 'otsu'): Promise<GreyImage> {
  const blurred = await output(input(img).blur(1));
  const level = threshold === 'otsu' ? inkThreshold(blurred.data) : threshold;
  const out = new Uint8Array(blurred.data.length);
  for (let i = 0; i < out.length; i++) out[i] = blurred.data[i]! < level ? 0 : 255;
  return { data: out, width: blurred.width, height: blurred.height };
}

function inkThreshold(data: Uint8Array): number {
  const hist = new Float64Array(256);
  for (let i = 0; i < data.length; i++) hist[data[i]!]!++;
  const total = data.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i]!;
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let level = 128;
  let acc = 0;
  let median = 255;
  for (let t = 0; t < 256; t++) {
    acc += hist[t]!;
    if (median === 255 && acc * 2 >= total) median = t;
    wB += hist[t]!;
    if (wB === 0 || wB === total) continue;
    sumB += t * hist[t]!;
    const mB = sumB / wB;
    const mF = (sum - sumB) / (total - wB);
    const between = wB * (total - wB) * (mB - mF) ** 2;
    if (between > best) {
      best = between;
      level = t + 1;
    }
  }
  return Math.min(level, Math.floor(median * 0.6));
}

const BLOCK = 32;

/**
 * Flat-field correction: divides every pixel by the local paper brightness, so paper becomes
 * white everywhere — under a phone's uneven light, on grey recycled paper, behind yellowed
 * scans — and ink keeps its contrast. The paper level of each 32 × 32 block is its 90th
 * percentile (text covers far less than 10 % of a block), smoothed over neighbouring blocks and
 * interpolated bilinearly. Unlike a global histogram stretch, a nearly empty page does not get
 * its paper grain stretched into black specks.
 */
export function flattenBackground(img: GreyImage): GreyImage {
  const { width, height, data } = img;
  const bw = Math.ceil(width / BLOCK);
  const bh = Math.ceil(height / BLOCK);
  const paper = new Float32Array(bw * bh);
  const hist = new Uint32Array(256);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      hist.fill(0);
      const y1 = Math.min(height, (by + 1) * BLOCK);
      const x1 = Math.min(width, (bx + 1) * BLOCK);
      let n = 0;
      for (let y = by * BLOCK; y < y1; y++) {
        const row = y * width;
        for (let x = bx * BLOCK; x < x1; x++) hist[data[row + x]!]!++;
        n += x1 - bx * BLOCK;
      }
      let acc = 0;
      let v = 255;
      for (; v > 0; v--) {
        acc += hist[v]!;
        if (acc >= n * 0.1) break;
      }
      paper[by * bw + bx] = v;
    }
  }
  // Smooth with a 5 × 5 box of blocks (blocks that are all ink, e.g. a photo, borrow from
  // their neighbours) and keep the brighter of block and smoothed value.
  const smooth = new Float32Array(bw * bh);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      let sum = 0;
      let n = 0;
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) {
          const x = bx + dx;
          const y = by + dy;
          if (x >= 0 && y >= 0 && x < bw && y < bh) {
            sum += paper[y * bw + x]!;
            n++;
          }
        }
      }
      smooth[by * bw + bx] = Math.max(sum / n, 1);
    }
  }
  // Bilinear interpolation of the paper level, separably: per column the block indices and
  // weights once, per row the vertically interpolated block row once, per pixel one lerp.
  const x0s = new Int32Array(width);
  const x1s = new Int32Array(width);
  const txs = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const fx = Math.min(Math.max((x + 0.5) / BLOCK - 0.5, 0), bw - 1);
    x0s[x] = Math.floor(fx);
    x1s[x] = Math.min(x0s[x]! + 1, bw - 1);
    txs[x] = fx - x0s[x]!;
  }
  const rowPaper = new Float32Array(bw);
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) {
    const fy = Math.min(Math.max((y + 0.5) / BLOCK - 0.5, 0), bh - 1);
    const y0 = Math.floor(fy);
    const y1 = Math.min(y0 + 1, bh - 1);
    const ty = fy - y0;
    for (let bx = 0; bx < bw; bx++) {
      rowPaper[bx] = 255 / (smooth[y0 * bw + bx]! * (1 - ty) + smooth[y1 * bw + bx]! * ty);
    }
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const tx = txs[x]!;
      const gain = rowPaper[x0s[x]!]! * (1 - tx) + rowPaper[x1s[x]!]! * tx;
      const v = data[row + x]! * gain;
      out[row + x] = v >= 255 ? 255 : v;
    }
  }
  return { data: out, width, height };
}

/** Darker than this on a flattened page (paper ≈ 255) is ink. */
const INK_LEVEL = 160;
/** A page with ink on fewer than this share of its pixels is blank (A4 at 300 dpi: ~870 px, under three small letters). */
const BLANK_MAX_INK_SHARE = 0.0001;

/**
 * Whether a page image (after flattenBackground) holds no ink worth reading: a blank page,
 * paper grain or a speck or two. Such a page is not OCR'd — tesseract would spend its time
 * (twice, with the half-turn retry an empty reading triggers) to find nothing.
 */
export function isBlankRaster(img: GreyImage): boolean {
  const { data } = img;
  const allowed = Math.max(16, Math.floor(data.length * BLANK_MAX_INK_SHARE));
  let ink = 0;
  for (let i = 0; i < data.length; i++) {
    if (data[i]! < INK_LEVEL && ++ink > allowed) return false;
  }
  return true;
}
