import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from '@cantoo/pdf-lib';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { GreyImage } from '../../ports/ocr-engine.js';

/**
 * The PDF backend's image half: the picture of a page that has to be OCR'd.
 *
 * A scanner's PDF page is usually one JPEG stretched over the page. That JPEG is taken out
 * unchanged (≈1 ms, against ≈500 ms to render the page, and no second lossy step). Any other
 * page is rendered with pdfjs onto an @napi-rs/canvas (pdfjs's own copy) and handed on as raw grey pixels —
 * never as an RGBA PNG, whose encoding alone costs 1.6–1.9 s per A4 page at 300 dpi.
 */

export interface EmbeddedJpeg {
  jpeg: Uint8Array;
  /** The page's /Rotate, to apply to the image so it shows the page as displayed. */
  rotate: 0 | 90 | 180 | 270;
}

/**
 * For each requested page (1-based), the page's single JPEG when the page is exactly that:
 * one DCT-encoded grey or RGB image XObject whose aspect ratio matches the page (so it covers
 * the page). Anything else (several images, CMYK, encrypted file, masks) maps to null: render.
 */
export async function embeddedPageJpegs(
  bytes: Uint8Array | PDFDocument | null,
  pageNumbers: number[],
): Promise<Map<number, EmbeddedJpeg | null>> {
  const out = new Map<number, EmbeddedJpeg | null>(pageNumbers.map((n) => [n, null]));
  const doc = bytes instanceof Uint8Array ? await loadPdfObjects(bytes) : bytes;
  if (!doc) return out;
  for (const n of pageNumbers) {
    try {
      out.set(n, singleJpeg(doc, n));
    } catch {
      out.set(n, null);
    }
  }
  return out;
}

/**
 * The PDF's objects as pdf-lib reads them (no rendering), for looking at page images; null when
 * pdf-lib cannot load the file or its streams are encrypted (then pages are rendered by pdfjs).
 */
export async function loadPdfObjects(bytes: Uint8Array): Promise<PDFDocument | null> {
  try {
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
    return doc.isEncrypted ? null : doc;
  } catch {
    return null;
  }
}

function singleJpeg(doc: PDFDocument, pageNumber: number): EmbeddedJpeg | null {
  const page = doc.getPage(pageNumber - 1);
  const xobjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  if (!xobjects) return null;
  const keys = xobjects.keys();
  if (keys.length !== 1) return null;
  const stream = xobjects.lookup(keys[0]!);
  if (!(stream instanceof PDFRawStream)) return null;
  const dict = stream.dict;
  if (dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) return null;
  if (dict.has(PDFName.of('SMask')) || dict.has(PDFName.of('Mask')) || dict.has(PDFName.of('Decode'))) return null;
  const filter = dict.lookup(PDFName.of('Filter'));
  const isDct =
    filter === PDFName.of('DCTDecode') ||
    (filter instanceof PDFArray && filter.size() === 1 && filter.lookup(0) === PDFName.of('DCTDecode'));
  if (!isDct) return null;
  const cs = dict.lookup(PDFName.of('ColorSpace'));
  if (cs !== PDFName.of('DeviceGray') && cs !== PDFName.of('DeviceRGB')) return null;
  const w = dict.lookup(PDFName.of('Width'));
  const h = dict.lookup(PDFName.of('Height'));
  if (!(w instanceof PDFNumber) || !(h instanceof PDFNumber)) return null;
  const { width: pw, height: ph } = page.getMediaBox();
  const imageRatio = w.asNumber() / h.asNumber();
  const pageRatio = pw / ph;
  if (Math.abs(imageRatio / pageRatio - 1) > 0.03) return null;
  const angle = ((page.getRotation().angle % 360) + 360) % 360;
  const rotate = (angle === 90 || angle === 180 || angle === 270 ? angle : 0) as EmbeddedJpeg['rotate'];
  return { jpeg: stream.contents.slice(), rotate };
}

interface Canvas2D {
  fillStyle: string;
  fillRect(x: number, y: number, w: number, h: number): void;
  getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
}

interface CanvasFactory {
  create(width: number, height: number): { canvas: unknown; context: Canvas2D };
  destroy(pair: { canvas: unknown; context: Canvas2D }): void;
}

export interface RenderLimits {
  dpi: number;
  /** Scale the render down so it has at most this many pixels (huge page sizes). */
  maxPixels: number;
}

export interface RenderedPage {
  image: GreyImage;
  dpi: number;
}

/** Renders one page at `dpi` (less for oversized pages) to 8-bit grey. */
export async function renderPageGrey(doc: PDFDocumentProxy, pageNumber: number, limits: RenderLimits): Promise<RenderedPage> {
  const page = await doc.getPage(pageNumber);
  try {
    const base = page.getViewport({ scale: 1 });
    let scale = limits.dpi / 72;
    const pixels = base.width * base.height * scale * scale;
    if (pixels > limits.maxPixels) scale *= Math.sqrt(limits.maxPixels / pixels);
    const viewport = page.getViewport({ scale });
    const width = Math.max(1, Math.floor(viewport.width));
    const height = Math.max(1, Math.floor(viewport.height));
    // The canvas must come from pdfjs's own factory: pdfjs pins its own @napi-rs/canvas, and
    // its Path2D objects (glyph outlines) are rejected by another copy's context.
    const factory = (doc as unknown as { canvasFactory: CanvasFactory }).canvasFactory;
    const pair = factory.create(width, height);
    const { canvas, context: ctx } = pair;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    // pdfjs types its parameters with DOM classes; @napi-rs/canvas implements the same API.
    const params = { canvas, canvasContext: ctx, viewport } as unknown as Parameters<PDFPageProxy['render']>[0];
    await page.render(params).promise;
    const rgba = ctx.getImageData(0, 0, width, height).data;
    factory.destroy(pair);
    const grey = new Uint8Array(width * height);
    // ITU-R BT.601 luma in fixed point: 77/150/29 of 256.
    for (let i = 0, j = 0; j < grey.length; i += 4, j++) {
      grey[j] = (rgba[i]! * 77 + rgba[i + 1]! * 150 + rgba[i + 2]! * 29) >> 8;
    }
    return { image: { data: grey, width, height }, dpi: scale * 72 };
  } finally {
    page.cleanup();
  }
}
