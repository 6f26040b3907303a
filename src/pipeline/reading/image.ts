import sharp, { type Metadata, type OutputInfo } from 'sharp';
import type { GreyImage } from '../../ports/ocr-engine.js';
import { checkImageGeometry } from './geometry-limits.js';
import { LoadFailureSignal } from './load-failures.js';

/**
 * The image backend: decodes an uploaded JPEG/PNG (or a page image taken out of a PDF) into the
 * greyscale raster OCR works on. Order matters: the pixel limit is checked on the header before
 * anything is decoded (a 30000×30000 PNG is a few hundred KB on disk and 900 MB in memory);
 * EXIF orientation is applied before anything looks at the pixels; huge photos are scaled down
 * in the same libvips pipeline, so the full-size raster never reaches JavaScript.
 */
export interface DecodeLimits {
  /** Refuse images with more pixels than this (decompression-bomb guard). */
  maxInputPixels: number;
  /** Scale images down so the longer side is at most this many pixels. */
  maxLongSide: number;
  /**
   * Images below this resolution are scaled up to 300 dpi (at most 4×, within maxLongSide):
   * tesseract reads text whose capitals are 20–30 px tall; a 600 px wide phone shot of a letter
   * has capitals of 6 px. 0 turns upscaling off.
   */
  upscaleBelowDpi?: number;
}

export interface DecodedPage {
  image: GreyImage;
  /** Pixels per inch of `image`, used to turn pixel boxes into points. */
  dpi: number;
}

export interface DecodeOptions extends DecodeLimits {
  /** Clockwise rotation to apply after EXIF orientation (a PDF page's /Rotate). */
  rotate?: 0 | 90 | 180 | 270;
  /** When the image fills a PDF page of this width (points, after rotation), its dpi follows. */
  pageWidthPt?: number;
}

/** A4's short side in inches: the assumed page width of a photo without a usable density. */
const A4_SHORT_INCHES = 210 / 25.4;

export async function decodeImage(bytes: Uint8Array, options: DecodeOptions): Promise<DecodedPage> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new LoadFailureSignal({ kind: 'undecodable_image' });
  }
  const w0 = meta.width ?? 0;
  const h0 = meta.height ?? 0;
  if (!(w0 > 0 && h0 > 0)) throw new LoadFailureSignal({ kind: 'undecodable_image' });
  checkImageGeometry(w0, h0);
  if (w0 * h0 > options.maxInputPixels) {
    throw new LoadFailureSignal({ kind: 'image_too_large', width: w0, height: h0, maxPixels: options.maxInputPixels });
  }
  // Dimensions as displayed: EXIF orientations 5–8 swap width and height.
  const swapped = (meta.orientation ?? 1) >= 5;
  const rotSwap = options.rotate === 90 || options.rotate === 270;
  const w = swapped !== rotSwap ? h0 : w0;
  const h = swapped !== rotSwap ? w0 : h0;
  // Resolution of the image as it comes: from the PDF page it fills, from its density tag when
  // plausible, else by assuming it shows an A4 page's width (phones write 72 dpi into everything).
  let dpi0: number;
  if (options.pageWidthPt) dpi0 = w / (options.pageWidthPt / 72);
  else if (meta.density && meta.density >= 100 && meta.density <= 1200) dpi0 = meta.density;
  else dpi0 = Math.min(w, h) / A4_SHORT_INCHES;
  const fit = options.maxLongSide / Math.max(w, h);
  let scale = Math.min(1, fit);
  if (options.upscaleBelowDpi && dpi0 < options.upscaleBelowDpi) scale = Math.min(300 / dpi0, 4, Math.max(fit, 1));
  const outW = Math.max(1, Math.round(w * scale));
  const outH = Math.max(1, Math.round(h * scale));

  let pipeline = sharp(bytes, { limitInputPixels: options.maxInputPixels, failOn: 'error', sequentialRead: true })
    .autoOrient();
  // A page with an alpha channel (PNGs from ImageMagick and many PDF-to-PNG tools) is laid on
  // white paper first: its transparent pixels usually carry black colour values, so dropping
  // the alpha (greyscale does) turns the page black. Before any rotation or resize, which would
  // otherwise mix those black values into the ink's edges.
  if (meta.hasAlpha) pipeline = pipeline.flatten({ background: '#ffffff' });
  if (options.rotate) pipeline = pipeline.rotate(options.rotate);
  pipeline = pipeline.greyscale();
  if (outW !== w || outH !== h) pipeline = pipeline.resize(outW, outH, { kernel: 'lanczos3', fit: 'fill' });
  // Contrast is normalised later, locally (raster.flattenBackground): a global stretch turns
  // the paper grain of a nearly empty page into black specks.
  let data: Buffer;
  let info: OutputInfo;
  try {
    ({ data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true }));
  } catch (err) {
    if (/pixel limit/iu.test(String((err as Error).message))) {
      throw new LoadFailureSignal({ kind: 'image_too_large', width: w0, height: h0, maxPixels: options.maxInputPixels });
    }
    throw new LoadFailureSignal({ kind: 'undecodable_image' });
  }
  if (info.channels !== 1) throw new Error(`expected 1 channel, got ${info.channels}`);

  const dpi = dpi0 * (info.width / w);
  return {
    image: { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height },
    dpi,
  };
}
