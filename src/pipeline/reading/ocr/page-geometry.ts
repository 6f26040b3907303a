import type { GreyImage } from '../../../ports/ocr-engine.js';

/**
 * How a page image lies: by how many quarter turns it must be rotated (clockwise) to be upright
 * and by how many degrees (clockwise, small) to make its text lines level. Pure arithmetic on
 * a downscaled, thresholded copy; no OCR.
 *
 * - Line direction: text lines make the ink's projection onto the axis across the lines spiky
 *   (dense lines, empty gaps). The sum of squared projection bins is largest for the axis and
 *   shear angle at which the lines are straight: that gives both horizontal-vs-vertical and the
 *   skew (projection-profile method, searched over ±maxSkew degrees).
 *   The energy rewards any concentration of ink, not only text lines: an upright table page
 *   (narrow date and amount columns, wide gutters, short lines far apart) can score 1.4–1.7×
 *   higher on the vertical axis than on its own lines. A quarter turn from here is therefore a
 *   proposal only; `ocrPage` takes it only when the turned page reads clearly better.
 * - Up or down: Latin text has more ink above its x-height band (capitals, b d f h k l t,
 *   umlaut dots) than below it (g j p q y). Within each line, the ink before the dense core
 *   versus after it tells which way is up.
 */
export interface PageGeometry {
  quarterTurns: 0 | 1 | 2 | 3;
  skewDegrees: number;
  /** Ascender ink / descender ink on the upright reading; near 1 means "unsure". */
  upDownRatio: number;
  /** False when too little ink was found to judge (blank page, photo): nothing is rotated. */
  hasText: boolean;
  /**
   * With a quarter turn proposed: the analysis of the page as it lies with `horizontalOnly`
   * (half turn and skew), made from the same ink, so that reading the page as it lies does not
   * analyse it a second time.
   */
  asItLies?: PageGeometry;
}

const ANALYSIS_LONG_SIDE = 2000;
const MIN_INK_PIXELS = 400;

interface Ink {
  xs: Int32Array;
  ys: Int32Array;
  n: number;
  width: number;
  height: number;
}

/** Block-averaged downscale + Otsu threshold; returns the coordinates of dark pixels. */
function inkOf(img: GreyImage): Ink {
  const step = Math.max(1, Math.ceil(Math.max(img.width, img.height) / ANALYSIS_LONG_SIDE));
  const w = Math.floor(img.width / step);
  const h = Math.floor(img.height / step);
  const small = new Uint8Array(w * h);
  const hist = new Uint32Array(256);
  const area = step * step;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let sum = 0;
      for (let dy = 0; dy < step; dy++) {
        const row = (y * step + dy) * img.width + x * step;
        for (let dx = 0; dx < step; dx++) sum += img.data[row + dx]!;
      }
      const v = (sum / area) | 0;
      small[y * w + x] = v;
      hist[v]!++;
    }
  }
  // Most of a page is paper: the median grey is the paper's. On a page with little text Otsu
  // splits the paper's own noise in two, so the threshold also stays well below the paper.
  const t = Math.min(otsu(hist, w * h), Math.floor(median(hist, w * h) * 0.6));
  let n = 0;
  for (let i = 0; i < small.length; i++) if (small[i]! < t) n++;
  const xs = new Int32Array(n);
  const ys = new Int32Array(n);
  let k = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (small[y * w + x]! < t) {
        xs[k] = x;
        ys[k] = y;
        k++;
      }
    }
  }
  return { xs, ys, n, width: w, height: h };
}

function median(hist: Uint32Array, total: number): number {
  let acc = 0;
  for (let v = 0; v < 256; v++) {
    acc += hist[v]!;
    if (acc * 2 >= total) return v;
  }
  return 255;
}

function otsu(hist: Uint32Array, total: number): number {
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i]!;
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let threshold = 128;
  for (let t = 0; t < 256; t++) {
    wB += hist[t]!;
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += t * hist[t]!;
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) * (mB - mF);
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold + 1;
}

/**
 * Projection of the ink across lines after shearing by `degrees`. `vertical` swaps the roles of
 * x and y (lines running top to bottom).
 */
function profile(ink: Ink, degrees: number, vertical: boolean): { bins: Float64Array; offset: number } {
  const tan = Math.tan((degrees * Math.PI) / 180);
  const along = vertical ? ink.ys : ink.xs;
  const across = vertical ? ink.xs : ink.ys;
  const alongMax = vertical ? ink.height : ink.width;
  const acrossMax = vertical ? ink.width : ink.height;
  const pad = Math.ceil(Math.abs(tan) * alongMax) + 1;
  const bins = new Float64Array(acrossMax + 2 * pad + 1);
  for (let i = 0; i < ink.n; i++) {
    const b = Math.round(across[i]! + along[i]! * tan) + pad;
    bins[b]!++;
  }
  return { bins, offset: pad };
}

function score(bins: Float64Array): number {
  let s = 0;
  for (let i = 0; i < bins.length; i++) s += bins[i]! * bins[i]!;
  return s;
}

function bestShear(ink: Ink, vertical: boolean, maxSkew: number): { degrees: number; score: number } {
  let best = { degrees: 0, score: -1 };
  for (let d = -maxSkew; d <= maxSkew + 1e-9; d += 0.5) {
    const s = score(profile(ink, d, vertical).bins);
    if (s > best.score) best = { degrees: d, score: s };
  }
  const coarse = best.degrees;
  for (let d = coarse - 0.4; d <= coarse + 0.4 + 1e-9; d += 0.1) {
    const s = score(profile(ink, d, vertical).bins);
    if (s > best.score) best = { degrees: d, score: s };
  }
  return { degrees: Math.round(best.degrees * 10) / 10, score: best.score };
}

/** Ink before each line's dense core (index-wise) divided by ink after it. */
function beforeAfterRatio(bins: Float64Array): number {
  let max = 0;
  for (let i = 0; i < bins.length; i++) max = Math.max(max, bins[i]!);
  if (max === 0) return 1;
  const on = max * 0.04;
  let before = 0;
  let after = 0;
  let i = 0;
  while (i < bins.length) {
    if (bins[i]! <= on) {
      i++;
      continue;
    }
    let j = i;
    let lineMax = 0;
    while (j < bins.length && bins[j]! > on) lineMax = Math.max(lineMax, bins[j++]!);
    if (j - i >= 3) {
      let c0 = i;
      while (bins[c0]! < lineMax * 0.5) c0++;
      let c1 = j - 1;
      while (bins[c1]! < lineMax * 0.5) c1--;
      for (let k = i; k < c0; k++) before += bins[k]!;
      for (let k = c1 + 1; k < j; k++) after += bins[k]!;
    }
    i = j;
  }
  return (before + 1) / (after + 1);
}

/**
 * A page with vertical lines reports its quarter turn with skew 0: rotate it, then analyse the
 * upright image again (with `horizontalOnly`) for the skew and a second opinion on up/down.
 */
export function analysePageGeometry(
  img: GreyImage,
  options: { maxSkewDegrees?: number; horizontalOnly?: boolean } = {},
): PageGeometry {
  const maxSkew = options.maxSkewDegrees ?? 5;
  const ink = inkOf(img);
  if (ink.n < MIN_INK_PIXELS) return { quarterTurns: 0, skewDegrees: 0, upDownRatio: 1, hasText: false };
  const h = bestShear(ink, false, maxSkew);
  // A line's slope survives a half turn, so the skew holds for both readings.
  const asItLies = (): PageGeometry => {
    const ratio = beforeAfterRatio(profile(ink, h.degrees, false).bins);
    return { quarterTurns: ratio >= 1 ? 0 : 2, skewDegrees: h.degrees, upDownRatio: Math.max(ratio, 1 / ratio), hasText: true };
  };
  if (!options.horizontalOnly) {
    const v = bestShear(ink, true, maxSkew);
    if (v.score > h.score * 1.15) {
      // Lines run top to bottom. Ink before the core means ascenders on the left: the text's
      // top points left, and one clockwise quarter turn makes it upright; otherwise three.
      const ratio = beforeAfterRatio(profile(ink, v.degrees, true).bins);
      return { quarterTurns: ratio >= 1 ? 1 : 3, skewDegrees: 0, upDownRatio: Math.max(ratio, 1 / ratio), hasText: true, asItLies: asItLies() };
    }
  }
  return asItLies();
}
