import { getDocument, type PDFDocumentProxy, type PDFPageProxy } from './pdfjs.js';
import type { TextItem, TextStyle } from 'pdfjs-dist/types/src/display/api.js';
import type { TextCell } from '../model/document.js';
import { checkPageGeometry } from './geometry-limits.js';
import { LoadFailureSignal } from './load-failures.js';
import { pdfjsAssetDirs } from './pdfjs-assets.js';
import { inThreadWorker } from './pdfjs-port.js';
import { sortReadingOrder } from './reading-order.js';
import { splitRun } from './word-split.js';

/**
 * The PDF backend's text half: opens a PDF with pdfjs (legacy build, no network: fonts, CMaps
 * and WASM come from node_modules) and turns each page's text layer into positioned words.
 * Coordinates come out in the model's space — PDF points, origin top-left, y downwards, page
 * rotation applied — through the page viewport at scale 1.
 */

/**
 * Embedded images above this many pixels are not decoded (pdf.js `maxImageSize`): a small file
 * can declare a Flate image of 50,000 × 50,000 pixels that inflates to gigabytes. A 600-dpi A4
 * scan has 35 MP.
 */
export const MAX_PDF_IMAGE_PIXELS = 100_000_000;

/** Opens a PDF; refusals (password, damage) are thrown as LoadFailureSignal. */
export async function openPdf(data: Uint8Array): Promise<PDFDocumentProxy> {
  const assets = pdfjsAssetDirs();
  const task = getDocument({
    // pdfjs may detach the buffer it is given; callers keep their own copy.
    data: new Uint8Array(data),
    worker: inThreadWorker().worker,
    ...assets,
    cMapPacked: true,
    isEvalSupported: false,
    maxImageSize: MAX_PDF_IMAGE_PIXELS,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    if (doc.numPages < 1) {
      await doc.destroy();
      throw new LoadFailureSignal({ kind: 'corrupt' });
    }
    return doc;
  } catch (err) {
    await task.destroy().catch(() => undefined);
    if (err instanceof LoadFailureSignal) throw err;
    const name = (err as { name?: string } | null)?.name;
    if (name === 'PasswordException') throw new LoadFailureSignal({ kind: 'encrypted' });
    throw new LoadFailureSignal({ kind: 'corrupt' });
  }
}

export interface PageText {
  number: number;
  /** Page size in points after /Rotate, as displayed. */
  width: number;
  height: number;
  cells: TextCell[];
  /** The page's text as extracted (words joined by spaces), for the usability verdict only. */
  text: string;
}

const DEFAULT_ASCENT = 0.8;
const DEFAULT_DESCENT = -0.2;

export async function extractPageText(doc: PDFDocumentProxy, pageNumber: number): Promise<PageText> {
  let page: PDFPageProxy;
  try {
    page = await doc.getPage(pageNumber);
  } catch {
    // A page object that cannot be found or parsed: the file is damaged (typically truncated).
    throw new LoadFailureSignal({ kind: 'corrupt' });
  }
  try {
    const viewport = page.getViewport({ scale: 1 });
    checkPageGeometry(viewport.width, viewport.height);
    const content = await page.getTextContent();
    const cells: TextCell[] = [];
    const texts: string[] = [];
    let prev: { cell: TextCell; endX: number; baseline: number; open: boolean } | null = null;
    for (const raw of content.items) {
      if (!('str' in raw)) continue;
      const item = raw as TextItem;
      if (item.str.length === 0) continue;
      texts.push(item.str);
      const style = content.styles[item.fontName] as TextStyle | undefined;
      const [a, b, c, d, e, f] = item.transform as [number, number, number, number, number, number];
      const fontHeight = Math.hypot(c, d) || Math.hypot(a, b);
      if (!(fontHeight > 0)) continue;
      const advLen = Math.hypot(a, b) || 1;
      const ux = a / advLen;
      const uy = b / advLen;
      const upLen = Math.hypot(c, d) || 1;
      const nx = c / upLen;
      const ny = d / upLen;
      const ascent = plausible(style?.ascent, 0.3, 1.5) ?? DEFAULT_ASCENT;
      const descent = plausible(style?.descent, -0.8, 0) ?? DEFAULT_DESCENT;
      const vertical = item.dir === 'ttb' || style?.vertical === true;
      const words = vertical
        ? [{ text: item.str.trim(), offset: 0, width: item.width }]
        : splitRun(item.str, item.width);
      const leadingSpace = /^\s/u.test(item.str);
      for (let i = 0; i < words.length; i++) {
        const word = words[i]!;
        if (word.text.length === 0) continue;
        const x0 = e + ux * word.offset;
        const y0 = f + uy * word.offset;
        const x1 = x0 + ux * word.width;
        const y1 = y0 + uy * word.width;
        const up = ascent * fontHeight;
        const down = descent * fontHeight;
        const corners = [
          [x0 + nx * up, y0 + ny * up],
          [x1 + nx * up, y1 + ny * up],
          [x0 + nx * down, y0 + ny * down],
          [x1 + nx * down, y1 + ny * down],
        ].map(([x, y]) => viewport.convertToViewportPoint(x!, y!) as [number, number]);
        const xs = corners.map((p) => p[0]);
        const ys = corners.map((p) => p[1]);
        const left = Math.min(...xs);
        const top = Math.min(...ys);
        const cell: TextCell = {
          text: word.text,
          bbox: { x: round2(left), y: round2(top), width: round2(Math.max(...xs) - left), height: round2(Math.max(...ys) - top) },
          fontSize: round2(fontHeight * viewport.scale),
          source: 'pdf',
          confidence: 1,
        };
        // A word split over two text runs (kerning, font change) with no space between is one word.
        const baseline = f;
        if (
          i === 0 &&
          !leadingSpace &&
          prev?.open &&
          Math.abs(prev.baseline - baseline) < fontHeight * 0.2 &&
          Math.abs(cell.bbox.x - prev.endX) < fontHeight * 0.12
        ) {
          const merged: TextCell = prev.cell;
          const right = Math.max(merged.bbox.x + merged.bbox.width, cell.bbox.x + cell.bbox.width);
          const bottom = Math.max(merged.bbox.y + merged.bbox.height, cell.bbox.y + cell.bbox.height);
          merged.text += cell.text;
          merged.bbox.y = Math.min(merged.bbox.y, cell.bbox.y);
          merged.bbox.width = round2(right - merged.bbox.x);
          merged.bbox.height = round2(bottom - merged.bbox.y);
          prev = { cell: merged, endX: right, baseline, open: true };
        } else {
          cells.push(cell);
          prev = { cell, endX: cell.bbox.x + cell.bbox.width, baseline, open: true };
        }
      }
      if (prev) prev.open = !/\s$/u.test(item.str) && !item.hasEOL && !vertical;
    }
    return {
      number: pageNumber,
      width: round2(viewport.width),
      height: round2(viewport.height),
      cells: sortReadingOrder(cells),
      text: texts.join(' '),
    };
  } finally {
    page.cleanup();
  }
}

function plausible(value: number | undefined, min: number, max: number): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max ? value : undefined;
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
