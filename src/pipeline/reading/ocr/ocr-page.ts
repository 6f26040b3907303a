import type { TextCell } from '../../model/document.js';
import type { GreyImage, OcrEngine, OcrWord } from '../../../ports/ocr-engine.js';
import { denoiseGrey, flattenBackground, isBlankRaster, rotateGrey } from '../raster.js';
import { sortReadingOrder } from '../reading-order.js';
import { analysePageGeometry, type PageGeometry } from './page-geometry.js';
import { secondLook, type LookedWord } from './second-look.js';

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

export interface OcrPageOutput {
  /** Page size in points, upright. */
  width: number;
  height: number;
  cells: TextCell[];
  /** Clockwise rotation applied: quarter turns × 90 + deskew degrees. */
  rotationDegrees: number;
  meanConfidence: number;
  engine: string;
  /** The page image held no ink (raster.isBlankRaster): the engine was not run. */
  blank?: boolean;
  /** With `keepImage`: the upright image the words were read from (their coordinates' frame). */
  image?: GreyImage;
}

export async function ocrPage(
  image: GreyImage,
  dpi: number,
  engine: OcrEngine,
  settings: OcrPageSettings,
  signal: AbortSignal,
  options: { keepImage?: boolean } = {},
): Promise<OcrPageOutput> {
  const flat = flattenBackground(image);
  if (isBlankRaster(flat)) {
    const scale = 72 / dpi;
    return {
      width: round2(flat.width * scale),
      height: round2(flat.height * scale),
      cells: [],
      rotationDegrees: 0,
      meanConfidence: 0,
      engine: engine.name,
      blank: true,
      ...(options.keepImage ? { image: flat } : {}),
    };
  }
  const read = async (candidate: Levelled): Promise<Reading> => {
    const img = settings.preprocess === 'denoise' ? await denoiseGrey(candidate.img, 'otsu') : candidate.img;
    const words = (await engine.recognize(img, { languages: settings.languages, dpi, signal })).words;
    return { ...candidate, img, words, conf: meanConfidence(words) };
  };

  let best: Reading;
  if (settings.detectRotation || settings.deskew) {
    const g = analysePageGeometry(flat, { maxSkewDegrees: settings.maxSkewDegrees, horizontalOnly: !settings.detectRotation });
    if (g.hasText && g.quarterTurns % 2 === 1) {
      // The profiles say "sideways", but a table page (narrow date and amount columns, wide
      // gutters, short lines far apart) concentrates its ink in columns and can outscore its
      // own text lines. A quarter turn is only taken when reading the turned page is clearly
      // better than reading the page as it lies; otherwise the page stays upright.
      const turned = await read(await level(flat, g.quarterTurns, settings));
      signal.throwIfAborted();
      const upright = await read(await level(flat, 0, settings));
      best = turned.conf >= upright.conf + QUARTER_TURN_MARGIN ? turned : upright;
    } else {
      best = await read(await level(flat, 0, settings, g));
    }
    signal.throwIfAborted();
  } else {
    best = await read({ img: flat, turns: 0, skew: 0 });
  }

  let { img, conf, turns } = best;
  let words: LookedWord[] = best.words;
  const skew = best.skew;
  if (settings.detectRotation && conf < settings.retryBelowConfidence) {
    const flipped = await rotateGrey(img, 2, 0);
    const alt = (await engine.recognize(flipped, { languages: settings.languages, dpi, signal })).words;
    const altConf = meanConfidence(alt);
    if (altConf > conf) {
      words = alt;
      conf = altConf;
      img = flipped;
      turns += 2;
    }
  }

  if (settings.secondLook && settings.preprocess === 'none') {
    signal.throwIfAborted();
    words = await secondLook(img, words, async (part) => (await engine.recognize(part, { languages: settings.languages, dpi, signal })).words);
  }

  const scale = 72 / dpi;
  const cells: TextCell[] = words.map((w) => toCell(w, scale));
  return {
    width: round2(img.width * scale),
    height: round2(img.height * scale),
    cells: sortReadingOrder(cells),
    rotationDegrees: ((turns % 4) * 90 + skew + 360) % 360,
    meanConfidence: conf,
    engine: engine.name,
    ...(options.keepImage ? { image: img } : {}),
  };
}

/** A quarter-turned reading must beat the page as it lies by this much mean confidence. */
const QUARTER_TURN_MARGIN = 0.1;

interface Levelled {
  img: GreyImage;
  /** Clockwise quarter turns applied. */
  turns: number;
  /** Clockwise deskew applied, degrees. */
  skew: number;
}

interface Reading extends Levelled {
  words: OcrWord[];
  conf: number;
}

/**
 * Turns the page by `quarterTurns`, then levels it: half turn when its text is upside down
 * (if rotation detection is on) and deskew (if on), from a horizontal-lines analysis of the
 * turned page (`known`, when that analysis was already made on the unturned page).
 */
async function level(img: GreyImage, quarterTurns: number, settings: OcrPageSettings, known?: PageGeometry): Promise<Levelled> {
  const turned = quarterTurns === 0 ? img : await rotateGrey(img, quarterTurns, 0);
  const g = known ?? analysePageGeometry(turned, { maxSkewDegrees: settings.maxSkewDegrees, horizontalOnly: true });
  if (!g.hasText) return { img: turned, turns: quarterTurns, skew: 0 };
  const half = settings.detectRotation && g.quarterTurns === 2 ? 2 : 0;
  const skew = settings.deskew ? g.skewDegrees : 0;
  return { img: await rotateGrey(turned, half, skew), turns: quarterTurns + half, skew };
}

/** Mean confidence weighted by word length, so stray one-letter noise counts little. */
function meanConfidence(words: OcrWord[]): number {
  let sum = 0;
  let n = 0;
  for (const w of words) {
    const len = w.text.length;
    sum += w.confidence * len;
    n += len;
  }
  return n === 0 ? 0 : sum / n;
}

function toCell(w: LookedWord, scale: number): TextCell {
  const height = round2(w.height * scale);
  return {
    text: w.text.normalize('NFC'),
    bbox: { x: round2(w.x * scale), y: round2(w.y * scale), width: round2(w.width * scale), height },
    fontSize: height,
    source: 'ocr',
    confidence: Math.round(w.confidence * 1000) / 1000,
    ...(w.alternative !== undefined ? { alternative: w.alternative.normalize('NFC') } : {}),
  };
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
