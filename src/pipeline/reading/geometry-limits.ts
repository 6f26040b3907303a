import { LoadFailureSignal } from './load-failures.js';

/**
 * Shapes no paperwork has, refused before anything is rendered or decoded: a tiny file can
 * declare a page of 1 × 1,000,000,000 points or a PNG of 100,000,000 × 1 pixels, and every
 * raster made from it (render, upscale, rotation, OCR) is then absurdly long however its pixel
 * count is capped. Paper, even a long till receipt, stays well inside these bounds.
 */

/** Longest side over shortest side (a till receipt is about 1:10). */
export const MAX_ASPECT_RATIO = 25;
/** 14,400 pt (200 inches): the largest page size PDF viewers support (ISO 32000-1, Annex C). */
export const MAX_PAGE_SIDE_PT = 14_400;
/** A page narrower than 1/4 inch holds no readable paperwork. */
export const MIN_PAGE_SIDE_PT = 18;
/** An image narrower than this cannot show a line of text. */
export const MIN_IMAGE_SIDE_PX = 16;

/** Throws a 'bad_geometry' load failure for a PDF page (points, after rotation) outside the bounds. */
export function checkPageGeometry(widthPt: number, heightPt: number): void {
  const long = Math.max(widthPt, heightPt);
  const short = Math.min(widthPt, heightPt);
  if (!(short >= MIN_PAGE_SIDE_PT) || long > MAX_PAGE_SIDE_PT || long / short > MAX_ASPECT_RATIO) {
    throw new LoadFailureSignal({ kind: 'bad_geometry', what: 'page', width: Math.round(widthPt), height: Math.round(heightPt), unit: 'pt' });
  }
}

/** Throws a 'bad_geometry' load failure for an image (pixels) outside the bounds. */
export function checkImageGeometry(width: number, height: number): void {
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  if (short < MIN_IMAGE_SIDE_PX || long / short > MAX_ASPECT_RATIO) {
    throw new LoadFailureSignal({ kind: 'bad_geometry', what: 'image', width, height, unit: 'px' });
  }
}
