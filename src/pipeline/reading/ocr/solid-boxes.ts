import type { GreyImage } from '../../../ports/ocr-engine.js';

/**
 * Solid dark boxes on a page — the black bars people draw over names and addresses before they
 * send a letter, a scanner's black border — hold no text, but they decide how the engine
 * binarises the page: tesseract thresholds the whole image at one Otsu level, and a few big
 * black boxes pull that level down towards black, so grey, thin print (a phone photo of a letter,
 * ~66 dpi scaled up) falls on the paper side and whole lines vanish. The redacted Zwickau fine
 * notice read `128,50 EUR` and little else; with its four boxes painted white it reads every
 * amount of its cost list (docs/analysis.md, "Redaction boxes", issue 22).
 *
 * Contract: on a flattened page (paper ≈ 255, flattenBackground), every connected dark region
 * that is at least MIN_SIDE_INCHES on both sides and fills at least MIN_FILL of its bounding
 * box is painted paper-white, together with its anti-aliased rim (a margin of RIM_INCHES around
 * the box). Nothing else changes: glyphs are never that thick and solid (a bold 20 pt stroke is
 * ~0.04 in), white text on a dark band leaves holes that keep the band's fill far below MIN_FILL,
 * table rules are thin. A page without such boxes comes back as the same object.
 */

/** Darker than this on a flattened page is box ink (print is often lighter; boxes are black). */
const DARK_LEVEL = 96;
/** Anything not paper, for the rim around a box. */
const RIM_LEVEL = 200;
/** Smaller on either side than this is a glyph, a bullet or a rule, never a box. */
const MIN_SIDE_INCHES = 0.12;
/** Share of the bounding box the region's dark pixels must cover: a filled rectangle. */
const MIN_FILL = 0.95;
const RIM_INCHES = 0.02;

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export function whitenSolidBoxes(img: GreyImage, dpi: number): GreyImage {
  const boxes = solidBoxes(img, dpi);
  if (boxes.length === 0) return img;
  const { width, height } = img;
  const data = new Uint8Array(img.data);
  const rim = Math.max(1, Math.round(RIM_INCHES * dpi));
  for (const b of boxes) {
    const x0 = Math.max(0, b.x0 - rim);
    const x1 = Math.min(width - 1, b.x1 + rim);
    const y0 = Math.max(0, b.y0 - rim);
    const y1 = Math.min(height - 1, b.y1 + rim);
    for (let y = y0; y <= y1; y++) {
      const row = y * width;
      const inner = y >= b.y0 && y <= b.y1;
      for (let x = x0; x <= x1; x++) {
        // Inside the box everything goes; on the rim only what is darker than paper.
        if (inner && x >= b.x0 && x <= b.x1) data[row + x] = 255;
        else if (data[row + x]! < RIM_LEVEL) data[row + x] = 255;
      }
    }
  }
  return { data, width, height };
}

/**
 * The solid boxes of a page. A coarse pass first: the page in cells of about 0.02 in, a cell
 * solid when every pixel of it is dark; only a connected run of solid cells as large as a box
 * (print never makes one) is then filled exactly, pixel by pixel (4-connected), and judged by
 * its size and fill. So a page of text costs one pass over its pixels.
 */
export function solidBoxes(img: GreyImage, dpi: number): Box[] {
  const minSide = MIN_SIDE_INCHES * dpi;
  const cell = Math.max(2, Math.round(dpi * 0.02));
  const boxes: Box[] = [];
  let seen: Uint8Array | undefined;
  for (const start of candidateSeeds(img, cell, minSide)) {
    seen ??= new Uint8Array(img.width * img.height);
    if (seen[start]) continue;
    const region = fillDark(img, start, seen);
    const w = region.x1 - region.x0 + 1;
    const h = region.y1 - region.y0 + 1;
    if (w >= minSide && h >= minSide && region.count >= MIN_FILL * w * h) boxes.push(region);
  }
  return boxes;
}

/** One pixel of each run of solid cells whose extent reaches a box's least size. */
function candidateSeeds(img: GreyImage, cell: number, minSide: number): number[] {
  const { width, height, data } = img;
  const cw = Math.floor(width / cell);
  const ch = Math.floor(height / cell);
  if (cw === 0 || ch === 0) return [];
  const solid = new Uint8Array(cw * ch);
  for (let cy = 0; cy < ch; cy++) {
    // A cell is given up at its first light pixel: on paper that is the first one looked at.
    const at = cy * cw;
    solid.fill(1, at, at + cw);
    for (let y = cy * cell; y < (cy + 1) * cell; y++) {
      const row = y * width;
      for (let cx = 0; cx < cw; cx++) {
        if (!solid[at + cx]) continue;
        for (let x = cx * cell, end = x + cell; x < end; x++) {
          if (data[row + x]! >= DARK_LEVEL) {
            solid[at + cx] = 0;
            break;
          }
        }
      }
    }
  }
  // Cells straddle the box's outline, so a box shows at least its size less two cells.
  const least = Math.max(1, Math.floor(minSide / cell) - 2);
  const seeds: number[] = [];
  const grid: GreyImage = { data: solid.map((v) => (v ? 0 : 255)), width: cw, height: ch };
  const seen = new Uint8Array(cw * ch);
  for (let i = 0; i < solid.length; i++) {
    if (!solid[i] || seen[i]) continue;
    const r = fillDark(grid, i, seen);
    if (r.x1 - r.x0 + 1 >= least && r.y1 - r.y0 + 1 >= least) seeds.push(i % cw * cell + Math.floor(i / cw) * cell * width);
  }
  return seeds;
}

/** The 4-connected dark region around `start`, marked in `seen`: its bounds and pixel count. */
function fillDark(img: GreyImage, start: number, seen: Uint8Array): Box & { count: number } {
  const { width, height, data } = img;
  let stack = new Int32Array(1024);
  seen[start] = 1;
  stack[0] = start;
  let top = 1;
  let count = 0;
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  const push = (j: number) => {
    if (seen[j] || data[j]! >= DARK_LEVEL) return;
    seen[j] = 1;
    if (top === stack.length) {
      const grown = new Int32Array(stack.length * 2);
      grown.set(stack);
      stack = grown;
    }
    stack[top++] = j;
  };
  while (top > 0) {
    const i = stack[--top]!;
    count++;
    const x = i % width;
    const y = (i - x) / width;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
    if (x > 0) push(i - 1);
    if (x < width - 1) push(i + 1);
    if (y > 0) push(i - width);
    if (y < height - 1) push(i + width);
  }
  return { x0, y0, x1, y1, count };
}
