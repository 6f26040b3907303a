import type { GreyImage, OcrEngine, OcrWord } from '../../../ports/ocr-engine.js';
import { denoiseGrey, flattenBackground, isBlankRaster, rotateGrey } from '../raster.js';
import { analysePageGeometry, type PageGeometry } from './page-geometry.js';
import { confidenceOf, finishPage, round2, type LevelledPage, type OcrPageOutput, type RegionReading } from './page-words.js';
import { secondLook, type LookedWord } from './second-look.js';
import { whitenSolidBoxes } from './solid-boxes.js';

export type { LevelledPage, OcrPageOutput, RegionReading } from './page-words.js';

/**
 * OCR of one page image: straighten it (quarter turns and small skew), recognise it, and map
 * the word boxes from pixels to the model's points (× 72/dpi). When recognition comes back
 * unsure, the half-turned page is tried too and the more confident reading kept: the geometry
 * guess can be fooled by tables and stamps, confidence rarely is. For the same reason a quarter
 * turn proposed by the geometry is only taken when the turned page reads clearly better than
 * the page as it lies.
 */
export interface OcrPageSettings {
  languages: readonly string[];
  deskew: boolean;
  maxSkewDegrees: number;
  detectRotation: boolean;
  /** Mean word confidence below which the half-turned page is tried as well. */
  retryBelowConfidence: number;
  /** 'denoise': blur + Otsu threshold before OCR (noisy scans); 'none': the engine binarises. */
  preprocess: 'none' | 'denoise';
  /** Read the lines of unsure words again from a denoised copy (second-look.ts); with 'none' only. */
  secondLook: boolean;
}

export async function ocrPage(
  image: GreyImage,
  dpi: number,
  engine: OcrEngine,
  settings: OcrPageSettings,
  signal: AbortSignal,
  options: { keepImage?: boolean } = {},
): Promise<OcrPageOutput> {
  const prepared = await preparePage(image, dpi, engine, settings, signal, options);
  if ('done' in prepared) return prepared.done;
  const { page } = prepared;
  const first = await readRegion(page.img, 0, page.img.height, dpi, engine, settings, signal);
  const flipped = await halfTurnRetry(page, confidenceOf(first), dpi, engine, settings, signal);
  const kept = flipped && flipped.reading.conf > confidenceOf(first) ? flipped : { page, reading: first };
  return finishPage(kept.page, [kept.reading], dpi, engine.name, options);
}

/**
 * Everything before the engine reads a page as it lies: flat-field, solid boxes painted out, blank check, geometry,
 * levelling. A page the geometry calls sideways is read here already, whole (the quarter-turn
 * check needs its readings), and comes back `done`, as does a blank page.
 */
export async function preparePage(
  image: GreyImage,
  dpi: number,
  engine: OcrEngine,
  settings: OcrPageSettings,
  signal: AbortSignal,
  options: { keepImage?: boolean } = {},
): Promise<{ done: OcrPageOutput } | { page: LevelledPage }> {
  // Redaction bars and black borders would set the engine's threshold (solid-boxes.ts).
  const flat = whitenSolidBoxes(flattenBackground(image), dpi);
  if (isBlankRaster(flat)) {
    const scale = 72 / dpi;
    return {
      done: {
        width: round2(flat.width * scale),
        height: round2(flat.height * scale),
        cells: [],
        rotationDegrees: 0,
        meanConfidence: 0,
        engine: engine.name,
        blank: true,
        ...(options.keepImage ? { image: flat } : {}),
      },
    };
  }
  if (!settings.detectRotation && !settings.deskew) return { page: { img: flat, turns: 0, skew: 0 } };
  const g = analysePageGeometry(flat, { maxSkewDegrees: settings.maxSkewDegrees, horizontalOnly: !settings.detectRotation });
  if (!(g.hasText && g.quarterTurns % 2 === 1)) return { page: await level(flat, 0, settings, g) };
  // The profiles say "sideways", but a table page (narrow date and amount columns, wide
  // gutters, short lines far apart) concentrates its ink in columns and can outscore its own
  // text lines. A quarter turn is only taken when reading the turned page is clearly better
  // than reading the page as it lies; otherwise the page stays upright. The page as it lies is
  // read first: read confidently, it is upright and the turned page is not read at all
  // (issue 20: two of the three pages of a user's statement scan were read twice).
  const uprightPage = await level(flat, 0, settings, g.asItLies);
  const upright = await readRegion(uprightPage.img, 0, uprightPage.img.height, dpi, engine, settings, signal);
  signal.throwIfAborted();
  let kept = { page: uprightPage, reading: upright };
  if (confidenceOf(upright) < UPRIGHT_CONFIDENT) {
    const turnedPage = await level(flat, g.quarterTurns, settings);
    const turned = await readRegion(turnedPage.img, 0, turnedPage.img.height, dpi, engine, settings, signal);
    if (confidenceOf(turned) >= confidenceOf(upright) + QUARTER_TURN_MARGIN) kept = { page: turnedPage, reading: turned };
  }
  const flipped = await halfTurnRetry(kept.page, confidenceOf(kept.reading), dpi, engine, settings, signal);
  if (flipped && flipped.reading.conf > confidenceOf(kept.reading)) kept = flipped;
  return { done: finishPage(kept.page, [kept.reading], dpi, engine.name, options) };
}

/**
 * Reads rows y0…y1 of a levelled page (the whole page, or one band of it) and gives its words a
 * second look. Word boxes are in the page image's pixels. A half-turned reading is made by turning
 * the page first (halfTurnRetry; the pool's `ocr-region` task with `halfTurn`).
 */
export async function readRegion(
  img: GreyImage,
  y0: number,
  y1: number,
  dpi: number,
  engine: OcrEngine,
  settings: OcrPageSettings,
  signal: AbortSignal,
): Promise<RegionReading & { conf: number }> {
  // A band is read with a margin of a tenth of an inch above and below, and keeps the words
  // whose middle lies in its own rows: a cut in a gap between lines can still graze a comma's
  // tail or a descender (rows with a few pixels of ink count as blank), which the band on the
  // other side would then miss; each word is kept by exactly one band.
  const whole = y0 === 0 && y1 === img.height;
  const margin = whole ? 0 : Math.round(dpi / 10);
  const top = Math.max(0, y0 - margin);
  const bottom = Math.min(img.height, y1 + margin);
  let region: GreyImage = whole ? img : { data: img.data.subarray(top * img.width, bottom * img.width), width: img.width, height: bottom - top };
  if (settings.preprocess === 'denoise') region = await denoiseGrey(region, 'otsu');
  const recognize = async (part: GreyImage) => (await engine.recognize(part, { languages: settings.languages, dpi, signal })).words;
  const inBand = (w: OcrWord) => whole || (w.y + top + w.height / 2 >= y0 && w.y + top + w.height / 2 < y1);
  let words: LookedWord[] = (await recognize(region)).filter(inBand);
  const { confSum, lenSum } = confidenceSums(words);
  if (settings.secondLook && settings.preprocess === 'none') {
    signal.throwIfAborted();
    words = await secondLook(region, words, recognize);
  }
  const offset = whole ? 0 : top;
  return { words: offset === 0 ? words : words.map((w) => ({ ...w, y: w.y + offset })), confSum, lenSum, conf: lenSum === 0 ? 0 : confSum / lenSum };
}

/**
 * When a page reads unsure (mean confidence below `retryBelowConfidence`), the half-turned page
 * is read as well: the geometry's up/down guess can be fooled by tables and stamps, confidence
 * rarely is. The caller keeps whichever reading is more confident.
 */
export async function halfTurnRetry(
  page: LevelledPage,
  conf: number,
  dpi: number,
  engine: OcrEngine,
  settings: OcrPageSettings,
  signal: AbortSignal,
): Promise<{ page: LevelledPage; reading: RegionReading & { conf: number } } | undefined> {
  if (!settings.detectRotation || conf >= settings.retryBelowConfidence) return undefined;
  signal.throwIfAborted();
  // The page is turned once: the reading's word boxes are in the turned page's pixels.
  const img = await rotateGrey(page.img, 2, 0);
  const reading = await readRegion(img, 0, img.height, dpi, engine, settings, signal);
  return { page: { img, turns: page.turns + 2, skew: page.skew }, reading };
}

/** A quarter-turned reading must beat the page as it lies by this much mean confidence. */
const QUARTER_TURN_MARGIN = 0.1;
/**
 * A page read as it lies with at least this mean confidence is upright, whatever the profiles
 * said: the generated sideways pages read as they lie gave 0.19–0.36 (native and tesseract.js),
 * upright statement pages the profiles took for sideways ones 0.89–0.91.
 */
const UPRIGHT_CONFIDENT = 0.75;

/**
 * Turns the page by `quarterTurns`, then levels it: half turn when its text is upside down
 * (if rotation detection is on) and deskew (if on), from a horizontal-lines analysis of the
 * turned page (`known`, when that analysis was already made on the unturned page).
 */
async function level(img: GreyImage, quarterTurns: number, settings: OcrPageSettings, known?: PageGeometry): Promise<LevelledPage> {
  const turned = quarterTurns === 0 ? img : await rotateGrey(img, quarterTurns, 0);
  const g = known ?? analysePageGeometry(turned, { maxSkewDegrees: settings.maxSkewDegrees, horizontalOnly: true });
  if (!g.hasText) return { img: turned, turns: quarterTurns, skew: 0 };
  const half = settings.detectRotation && g.quarterTurns === 2 ? 2 : 0;
  const skew = settings.deskew ? g.skewDegrees : 0;
  return { img: await rotateGrey(turned, half, skew), turns: quarterTurns + half, skew };
}

/** Sums for the mean confidence weighted by word length, so stray one-letter noise counts little. */
function confidenceSums(words: readonly OcrWord[]): { confSum: number; lenSum: number } {
  let confSum = 0;
  let lenSum = 0;
  for (const w of words) {
    confSum += w.confidence * w.text.length;
    lenSum += w.text.length;
  }
  return { confSum, lenSum };
}

