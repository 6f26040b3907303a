import { PDFArray, PDFBool, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from '@cantoo/pdf-lib';
import type { PDFDocumentProxy, PDFPageProxy } from './pdfjs.js';
import type { GreyImage } from '../../ports/ocr-engine.js';

/**
 * The PDF backend's image half: the picture of a page that has to be OCR'd.
 *
 * A scanner's PDF page is usually one JPEG stretched over the page. That JPEG is taken out
 * unchanged (≈1 ms, against ≈500 ms to render the page, and no second lossy step). A fax or
 * black-and-white scan is one CCITT G4 image: its data is taken out unchanged too, wrapped in a
 * TIFF header, so libvips decodes it line by line and scales it to the resolution OCR needs
 * (issue 20 §3.3: pdf.js decodes and draws it whole — an 8400 × 11880 px image on an A4 page
 * grew the process by 765 MB). Any other page is rendered with pdfjs onto an @napi-rs/canvas
 * (pdfjs's own copy) and handed on as raw grey pixels — never as an RGBA PNG, whose encoding
 * alone costs 1.6–1.9 s per A4 page at 300 dpi.
 */

export interface EmbeddedPageImage {
  /** An image file libvips decodes: the JPEG as stored, or a TIFF around the stored G4 data. */
  file: Uint8Array;
  format: 'jpeg' | 'fax';
  /** The page's /Rotate, to apply to the image so it shows the page as displayed. */
  rotate: 0 | 90 | 180 | 270;
}

/**
 * For each requested page (1-based), the page's single image when the page is exactly that:
 * one image XObject whose aspect ratio matches the page (so it covers the page), DCT-encoded grey
 * or RGB, or CCITT G4-encoded 1-bit grey. Anything else (several images, CMYK, G3, masks, a
 * Decode array, an encrypted file) maps to null: render.
 */
export async function embeddedPageImages(
  bytes: Uint8Array | PDFDocument | null,
  pageNumbers: number[],
): Promise<Map<number, EmbeddedPageImage | null>> {
  const out = new Map<number, EmbeddedPageImage | null>(pageNumbers.map((n) => [n, null]));
  const doc = bytes instanceof Uint8Array ? await loadPdfObjects(bytes) : bytes;
  if (!doc) return out;
  for (const n of pageNumbers) {
    try {
      out.set(n, singleImage(doc, n));
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

function singleImage(doc: PDFDocument, pageNumber: number): EmbeddedPageImage | null {
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
  if (dict.lookup(PDFName.of('ImageMask')) === PDFBool.True) return null;
  const filter = onlyFilter(dict);
  const cs = dict.lookup(PDFName.of('ColorSpace'));
  const w = dict.lookup(PDFName.of('Width'));
  const h = dict.lookup(PDFName.of('Height'));
  if (!(w instanceof PDFNumber) || !(h instanceof PDFNumber)) return null;
  const { width: pw, height: ph } = page.getMediaBox();
  const imageRatio = w.asNumber() / h.asNumber();
  const pageRatio = pw / ph;
  if (Math.abs(imageRatio / pageRatio - 1) > 0.03) return null;
  const angle = ((page.getRotation().angle % 360) + 360) % 360;
  const rotate = (angle === 90 || angle === 180 || angle === 270 ? angle : 0) as EmbeddedPageImage['rotate'];
  if (filter === 'DCTDecode') {
    if (cs !== PDFName.of('DeviceGray') && cs !== PDFName.of('DeviceRGB')) return null;
    return { file: stream.contents.slice(), format: 'jpeg', rotate };
  }
  if (filter === 'CCITTFaxDecode') {
    if (cs !== PDFName.of('DeviceGray')) return null;
    const bits = dict.lookup(PDFName.of('BitsPerComponent'));
    if (bits instanceof PDFNumber && bits.asNumber() !== 1) return null;
    const tiff = g4Tiff(stream, w.asNumber(), h.asNumber());
    return tiff ? { file: tiff, format: 'fax', rotate } : null;
  }
  return null;
}

/** The image's one filter by name; null for none or a chain. */
function onlyFilter(dict: PDFDict): string | null {
  const filter = dict.lookup(PDFName.of('Filter'));
  const name = filter instanceof PDFArray && filter.size() === 1 ? filter.lookup(0) : filter;
  return name instanceof PDFName ? name.decodeText() : null;
}

/**
 * The stored CCITT data in a one-strip TIFF, when it is Group 4 (K < 0) with the plain options
 * libtiff and pdf.js agree on: Columns equal to Width, no byte alignment, no end-of-line codes.
 * PDF's BlackIs1 false (the default) means the decoded white runs are 1, shown white under
 * DeviceGray; in TIFF terms the code's white is white: WhiteIsZero. BlackIs1 true shows the
 * code's white as black: BlackIsZero.
 */
function g4Tiff(stream: PDFRawStream, width: number, height: number): Uint8Array | null {
  const rawParms = stream.dict.lookup(PDFName.of('DecodeParms'));
  const parms = rawParms instanceof PDFArray && rawParms.size() === 1 ? rawParms.lookup(0) : rawParms;
  if (!(parms instanceof PDFDict)) return null;
  const num = (key: string, fallback: number): number => {
    const v = parms.lookup(PDFName.of(key));
    return v instanceof PDFNumber ? v.asNumber() : fallback;
  };
  const flag = (key: string): boolean => parms.lookup(PDFName.of(key)) === PDFBool.True;
  if (!(num('K', 0) < 0) || num('Columns', 1728) !== width) return null;
  if (flag('EncodedByteAlign') || flag('EndOfLine')) return null;
  const rows = num('Rows', 0);
  if (rows !== 0 && rows !== height) return null;
  const data = stream.contents;
  const entries: [tag: number, type: 3 | 4, value: number][] = [
    [256, 4, width], // ImageWidth
    [257, 4, height], // ImageLength
    [258, 3, 1], // BitsPerSample
    [259, 3, 4], // Compression: CCITT T.6 (Group 4)
    [262, 3, flag('BlackIs1') ? 1 : 0], // PhotometricInterpretation
    [273, 4, 0], // StripOffsets, set below
    [277, 3, 1], // SamplesPerPixel
    [278, 4, height], // RowsPerStrip: one strip
    [279, 4, data.length], // StripByteCounts
    [293, 4, 0], // T6Options
  ];
  const header = 8 + 2 + entries.length * 12 + 4;
  const out = Buffer.alloc(header + data.length);
  out.write('II*\0', 0, 'latin1');
  out.writeUInt32LE(8, 4);
  out.writeUInt16LE(entries.length, 8);
  entries.forEach(([tag, type, value], i) => {
    const at = 10 + i * 12;
    out.writeUInt16LE(tag, at);
    out.writeUInt16LE(type, at + 2);
    out.writeUInt32LE(1, at + 4);
    const v = tag === 273 ? header : value;
    if (type === 3) out.writeUInt16LE(v, at + 8);
    else out.writeUInt32LE(v, at + 8);
  });
  out.set(data, header);
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
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
