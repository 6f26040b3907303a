import type { GreyImage } from '../../../ports/ocr-engine.js';

/**
 * Horizontal bands of a levelled page, cut at blank rows between text lines, so that the
 * engine can read one page on several pool threads (issue 20: 3 pages on 2 threads cost 2
 * page-times; in bands of half a page, 1.5). A cut lies in the middle of a run of rows without
 * ink, so no word is cut and each word is read in exactly one band; the band's words are then
 * moved down by its first row (ocr-page.ts `readRegion`).
 */

/** Darker than this on a flattened page (paper ≈ 255) is ink (as raster.isBlankRaster). */
const INK_LEVEL = 160;
/** A row with at most this share of ink pixels is blank (specks and grain of a scan). */
const BLANK_ROW_INK_SHARE = 0.002;
/** A cut needs this many blank rows in a row (a gap between text lines, not inside a letter). */
const MIN_GAP_ROWS = 6;
/** Bands shorter than this are not worth an engine call of their own. */
export const MIN_BAND_ROWS = 600;

/**
 * Rows [y0, y1) of up to `count` bands covering the whole image, in order. Bands share the
 * page's ink, not its height: the engine's time goes with the text, and a band of little
 * more than paper is read badly (the engine's global threshold then splits the paper's grain
 * into "letters": an upside-down letter page, cut at half its height, came back with 600 words
 * of noise from its empty lower half). Each cut is the middle of the longest blank gap within a
 * tenth of the page's height of the row where an even share of the ink is reached; where there
 * is none (a page of dense print), or a band would hold under a fifth of the ink, fewer bands.
 */
export function bandRows(img: GreyImage, count: number): [number, number][] {
  const { width, height, data } = img;
  const n = Math.min(Math.floor(count), Math.floor(height / MIN_BAND_ROWS));
  if (n <= 1) return [[0, height]];
  const maxInk = Math.max(2, Math.floor(width * BLANK_ROW_INK_SHARE));
  const ink = new Uint32Array(height);
  let total = 0;
  for (let y = 0; y < height; y++) {
    let k = 0;
    const row = y * width;
    for (let x = 0; x < width; x++) if (data[row + x]! < INK_LEVEL) k++;
    ink[y] = k;
    total += k;
  }
  const blank = (y: number) => ink[y]! <= maxInk;
  const cuts: number[] = [];
  const reach = Math.floor(height / 10);
  let acc = 0;
  let y = 0;
  for (let k = 1; k < n; k++) {
    while (y < height && acc < (total * k) / n) acc += ink[y++]!;
    const target = y;
    let best: { mid: number; len: number; dist: number } | undefined;
    const lo = Math.max((cuts[cuts.length - 1] ?? 0) + MIN_BAND_ROWS, target - reach);
    const hi = Math.min(height - MIN_BAND_ROWS, target + reach);
    for (let g = lo; g <= hi; ) {
      if (!blank(g)) {
        g++;
        continue;
      }
      let e = g;
      while (e <= hi && blank(e)) e++;
      const len = e - g;
      const mid = (g + e) >> 1;
      const dist = Math.abs(mid - target);
      // The longer gap wins (surely between lines); among gaps alike, the one nearer the target.
      if (len >= MIN_GAP_ROWS && (!best || len > best.len * 1.5 || (len * 1.5 >= best.len && dist < best.dist))) best = { mid, len, dist };
      g = e;
    }
    if (best) cuts.push(best.mid);
  }
  const edges = [0, ...cuts, height];
  const bands = edges.slice(1).map((y1, i): [number, number] => [edges[i]!, y1]);
  const inkOf = ([a, b]: [number, number]) => ink.subarray(a, b).reduce((s, v) => s + v, 0);
  if (bands.some((b) => inkOf(b) < total / (5 * (n - 1)))) return [[0, height]];
  return bands;
}
