import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import type { OcrEngine } from '../../../ports/ocr-engine.js';
import { renderPageGrey } from '../pdf-page-image.js';
import { openPdf } from '../pdf-text.js';
import { ocrPage, type OcrPageOutput, type OcrPageSettings } from './ocr-page.js';

/**
 * Warms a pool thread up for its first scan by reading one small page of real text through
 * the same steps a scan takes: pdfjs render at 300 dpi, flat-field, page geometry, deskew, OCR
 * (with its second readings), second look.
 *
 * Why a page of text and not a blank image: V8 compiles WebAssembly first with its baseline
 * compiler and moves a function to the optimizing one only once it has run enough; the same
 * holds for the JavaScript of the raster steps. A blank image never reaches tesseract's LSTM,
 * so the first real page of every thread ran its hottest code unoptimized: on the 3-page
 * reading-bench scan, the first page took ~1 s more CPU than the same page read again
 * (`npm run bench:scan` prints it). The warm-up page is drawn here with a standard PDF font,
 * so nothing is read from disk beyond what pdfjs and the engine load anyway. It runs when a
 * thread starts, before the thread is given work it has to answer for.
 */
const LINES = [
  'Kontoauszug Nr. 7 vom 31.03.2026 DE89 3704 0044 0532 0130 00',
  '02.03.2026 Lastschrift Stadtwerke München Abschlag -84,00',
  '05.03.2026 Gutschrift Gehalt Bäckerei Schäfer GmbH 2.450,17',
  'Alter Kontostand 3.105,22 Neuer Kontostand 5.471,39',
];

/** A one-page PDF of four statement lines in Helvetica, 1500 × 500 px at 300 dpi. */
export async function warmUpPagePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([360, 120]);
  LINES.forEach((line, i) => page.drawText(line, { x: 14, y: 96 - i * 24, size: 9, font }));
  return pdf.save();
}

/** Every step on, whatever the reader's settings: the point is to run each code path once. */
const WARM_UP_SETTINGS: Omit<OcrPageSettings, 'languages'> = Object.freeze({
  deskew: true,
  maxSkewDegrees: 5,
  detectRotation: true,
  retryBelowConfidence: 0.6,
  preprocess: 'none',
  secondLook: true,
});

/** Reads the warm-up page; returns the reading (a real text page reads back as its lines). */
export async function warmUpOcr(engine: OcrEngine, languages: readonly string[]): Promise<OcrPageOutput> {
  const settings: OcrPageSettings = { ...WARM_UP_SETTINGS, languages };
  const doc = await openPdf(await warmUpPagePdf());
  try {
    const { image, dpi } = await renderPageGrey(doc, 1, { dpi: 300, maxPixels: 4_000_000 });
    return await ocrPage(image, dpi, engine, settings, new AbortController().signal);
  } finally {
    await doc.destroy();
  }
}
