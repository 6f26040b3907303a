import type { TextCell } from '../../model/document.js';
import type { GreyImage } from '../../../ports/ocr-engine.js';
import { sortReadingOrder } from '../reading-order.js';
import type { LookedWord } from './second-look.js';

/**
 * A page's words from the readings of its regions (the whole page, or its bands read on
 * several pool threads): plain arithmetic, no raster work, so the reader's main thread can
 * join bands too.
 */
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

/** A page levelled and ready to read: the image the words' pixel boxes refer to. */
export interface LevelledPage {
  img: GreyImage;
  /** Clockwise quarter turns applied. */
  turns: number;
  /** Clockwise deskew applied, degrees. */
  skew: number;
}

/**
 * The words of one horizontal region of a levelled page (rows y0…y1), after their second look,
 * in the page image's pixels; with the region's mean-confidence sums (first reading, before the
 * second look, weighted by word length) so that regions add up to the page's mean confidence.
 */
export interface RegionReading {
  words: LookedWord[];
  confSum: number;
  lenSum: number;
}

/** Mean confidence of regions read, weighted by word length. */
export function confidenceOf(...regions: RegionReading[]): number {
  const conf = regions.reduce((a, r) => a + r.confSum, 0);
  const len = regions.reduce((a, r) => a + r.lenSum, 0);
  return len === 0 ? 0 : conf / len;
}

/** The page's words from its regions' readings: in points, in reading order. */
export function finishPage(
  page: LevelledPage,
  regions: RegionReading[],
  dpi: number,
  engineName: string,
  options: { keepImage?: boolean } = {},
): OcrPageOutput {
  const scale = 72 / dpi;
  const cells: TextCell[] = regions.flatMap((r) => r.words.map((w) => toCell(w, scale)));
  return {
    width: round2(page.img.width * scale),
    height: round2(page.img.height * scale),
    cells: sortReadingOrder(cells),
    rotationDegrees: ((page.turns % 4) * 90 + page.skew + 360) % 360,
    meanConfidence: confidenceOf(...regions),
    engine: engineName,
    ...(options.keepImage ? { image: page.img } : {}),
  };
}

export function toCell(w: LookedWord, scale: number): TextCell {
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

export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
