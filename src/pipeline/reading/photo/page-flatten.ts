import type { GreyImage } from '../../../ports/ocr-engine.js';
import { evenLight } from './even-light.js';
import { findPageQuad, type QuadSearch } from './page-quad.js';
import { warpQuadToRect, type Quad } from './perspective.js';

/**
 * Phone photos of a page lying on a table: find the page's four corners and warp the page flat
 * onto an upright rectangle before OCR, so the table around it is not read as noise and the
 * text lines are straight and evenly sized. Anything that is not such a photo — a scan, a
 * rendered PDF page, a page that fills the frame or is cut off by it — comes back as it went in
 * (the same object), so scans do not change. The flattened page's light is evened out
 * (even-light.ts) before the OCR step's own flat-field correction, which then has little left
 * to do.
 */
export interface PageImage {
  image: GreyImage;
  /** Pixels per inch of `image`. */
  dpi: number;
}

export interface FlattenedPage extends PageImage {
  /** The corners found, in the input image's pixels, when the page was warped flat. */
  quad?: Quad;
}

/** Output resolution: the OCR engine's best, and what scans come in at. */
const TARGET_DPI = 300;
const A4_RATIO = 297 / 210;
/**
 * Measured side ratios this close to A4's are taken as A4: perspective distorts them (a generated
 * photo of an A4 statement measured 1.20 instead of 1.41), and statements and letters are A4.
 */
const A4_TOLERANCE = 0.2;
const A4_SHORT_INCHES = 210 / 25.4;
const INSET = 0.006;

export interface FlattenLimits {
  /** The flattened page's longer side is at most this many pixels (the reader's maxOcrLongSide). */
  maxLongSide: number;
}

export function flattenPhotographedPage(page: PageImage, limits: FlattenLimits): FlattenedPage {
  const search: QuadSearch = findPageQuad(page.image);
  if (!search.found) return page;
  // Pulled in by 0.3 % towards the middle: the outline's last pixel is half table, and a dark
  // rim along the border would be read as a column of `|`. Page margins are far wider.
  const cx = (search.quad[0][0] + search.quad[1][0] + search.quad[2][0] + search.quad[3][0]) / 4;
  const cy = (search.quad[0][1] + search.quad[1][1] + search.quad[2][1] + search.quad[3][1]) / 4;
  const q = search.quad.map(([x, y]) => [x + (cx - x) * INSET, y + (cy - y) * INSET] as const) as unknown as Quad;
  const dist = (a: readonly [number, number], b: readonly [number, number]): number => Math.hypot(a[0] - b[0], a[1] - b[1]);
  const across = (dist(q[0], q[1]) + dist(q[3], q[2])) / 2;
  const down = (dist(q[0], q[3]) + dist(q[1], q[2])) / 2;
  const portrait = down >= across;
  const measured = portrait ? down / across : across / down;
  // Statements and letters are A4; perspective skews the measured proportions by up to ~10 %.
  const ratio = Math.abs(measured / A4_RATIO - 1) <= A4_TOLERANCE ? A4_RATIO : measured;
  // Width as A4's at 300 dpi (as decodeImage assumes for photos), within the long-side limit.
  const dpi = Math.min(TARGET_DPI, limits.maxLongSide / (A4_SHORT_INCHES * ratio));
  const short = Math.round(A4_SHORT_INCHES * dpi);
  const long = Math.round(A4_SHORT_INCHES * ratio * dpi);
  const [width, height] = portrait ? [short, long] : [long, short];
  return { image: evenLight(warpQuadToRect(page.image, q, width, height)), dpi, quad: search.quad };
}
