import type { TextCell } from '../../model/document.js';
import type { GreyImage, OcrEngine, OcrWord } from '../../../ports/ocr-engine.js';
import { denoiseGrey, flattenBackground, rotateGrey } from '../../backends/raster.js';
import { sortReadingOrder } from '../../backends/reading-order.js';
import { analysePageGeometry } from './page-geometry.js';

/**
 * OCR of one page image: straighten it (quarter turns and small skew), recognise it, and map
 * the word boxes from pixels to the model's points (× 72/dpi). When recognition comes back
 * unsure, the half-turned page is tried too and the more confident reading kept: the geometry
 * guess can be fooled by tables and stamps, confidence rarely is.
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
}

export async function ocrPage(
  image: GreyImage,
  dpi: number,
  engine: OcrEngine,
  settings: OcrPageSettings,
  signal: AbortSignal,
): Promise<OcrPageOutput> {
  let img = flattenBackground(image);
  let turns = 0;
  let skew = 0;
  if (settings.detectRotation || settings.deskew) {
    let g = analysePageGeometry(img, { maxSkewDegrees: settings.maxSkewDegrees, horizontalOnly: !settings.detectRotation });
    if (g.hasText && g.quarterTurns % 2 === 1) {
      turns = g.quarterTurns;
      img = await rotateGrey(img, turns, 0);
      g = analysePageGeometry(img, { maxSkewDegrees: settings.maxSkewDegrees, horizontalOnly: true });
    }
    if (g.hasText) {
      if (settings.detectRotation && g.quarterTurns === 2) turns += 2;
      if (settings.deskew) skew = g.skewDegrees;
      const extraTurns = settings.detectRotation && g.quarterTurns === 2 ? 2 : 0;
      img = await rotateGrey(img, extraTurns, skew);
    }
    signal.throwIfAborted();
  }
  if (settings.preprocess === 'denoise') img = await denoiseGrey(img, 'otsu');

  let words = (await engine.recognize(img, { languages: settings.languages, dpi, signal })).words;
  let conf = meanConfidence(words);
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

  const scale = 72 / dpi;
  const cells: TextCell[] = words.map((w) => toCell(w, scale));
  return {
    width: round2(img.width * scale),
    height: round2(img.height * scale),
    cells: sortReadingOrder(cells),
    rotationDegrees: ((turns % 4) * 90 + skew + 360) % 360,
    meanConfidence: conf,
    engine: engine.name,
  };
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

function toCell(w: OcrWord, scale: number): TextCell {
  const height = round2(w.height * scale);
  return {
    text: w.text.normalize('NFC'),
    bbox: { x: round2(w.x * scale), y: round2(w.y * scale), width: round2(w.width * scale), height },
    fontSize: height,
    source: 'ocr',
    confidence: Math.round(w.confidence * 1000) / 1000,
  };
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
