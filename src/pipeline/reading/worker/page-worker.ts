import { workerData } from 'node:worker_threads';
import sharp from 'sharp';
import type { GreyImage, OcrEngine } from '../../../ports/ocr-engine.js';
// A worker thread's entry point is its composition root, as main.ts is the process's: the one
// place in the pipeline that picks an OCR adapter (by the configured name).
import { createOcrEngine, resolveOcrEngineName } from '../../../adapters/ocr/create-ocr-engine.js';
import { decodeImage } from '../image.js';
import { LoadFailureSignal } from '../load-failures.js';
import { largestImageCoverage, pagePaintsNothing } from '../page-image-coverage.js';
import { embeddedPageImages, loadPdfObjects, renderPageGrey } from '../pdf-page-image.js';
import { identicalPages } from '../identical-pages.js';
import { greyPreviewJpeg, previewDpi } from '../page-preview.js';
import { checkPdfInflation } from '../pdf-inflation.js';
import { extractPageText, openPdf } from '../pdf-text.js';
import type { PDFDocumentProxy, PDFPageProxy } from '../pdfjs.js';
import { pageRules } from '../page-rules.js';
import { pathFreePages } from '../path-free-pages.js';
import { judgeTextLayer } from '../text-layer-quality.js';
import { bandRows } from '../ocr/bands.js';
import { ocrPage, preparePage, readRegion } from '../ocr/ocr-page.js';
import { rotateGrey } from '../raster.js';
import { flattenPhotographedPage } from '../photo/page-flatten.js';
import { warmUpOcr } from '../ocr/warm-up.js';
import { watchTaskMemory } from './collect-after-task.js';
import type {
  OcrPrepareResult,
  OcrRegionResult,
  OcrRegionTask,
  OcrTask,
  OcrTaskResult,
  PdfTextPage,
  PdfTextResult,
  PdfTextTask,
  TaskEnvelope,
  WorkerInit,
} from './tasks.js';

/**
 * Pool worker: runs the CPU-heavy half of reading (pdfjs parsing and rendering, image decoding,
 * OCR) off the main thread. One OCR engine per worker, created once and reused. Cancellation is
 * cooperative: an 'abort' on the task's port aborts the signal the steps check, and the OCR
 * engine kills its child process or WASM thread; the pool terminates a worker that does not
 * stop in time.
 */
const init = workerData as WorkerInit;
// Every image is processed once: libvips' operation cache (default 50 MB per process) would only
// hold memory. Threads per image: one — the pool already runs one task per core.
sharp.cache(false);
sharp.concurrency(1);
let engine: Promise<OcrEngine> | null = null;
/** A task that grew this thread's memory by more than this is collected after it (collect-after-task.ts). */
const COLLECT_ABOVE_BYTES = 64 * 1024 * 1024;

function getEngine(): Promise<OcrEngine> {
  if (!engine) {
    const settings = { choice: init.ocrEngine, languages: init.ocrLanguages, modelDir: init.ocrModelDir };
    engine = resolveOcrEngineName(settings).then((name) => createOcrEngine(name, settings));
    engine.catch(() => {
      engine = null;
    });
  }
  return engine;
}

if (init.warmUp) {
  // Load the OCR model (tesseract.js: ~1 s CPU) and read one small page of text through every
  // step, so the first scan runs optimized code (ocr/warm-up.ts). Failures surface on first real use.
  void getEngine()
    .then((e) => warmUpOcr(e, init.ocrLanguages))
    .catch(() => undefined);
}

export default async function run(envelope: TaskEnvelope): Promise<PdfTextResult | OcrPrepareResult | OcrRegionResult> {
  const memory = watchTaskMemory(COLLECT_ABOVE_BYTES);
  const controller = new AbortController();
  envelope.abortPort.once('message', () => controller.abort(new Error('aborted')));
  try {
    const task = envelope.task;
    if (task.type === 'pdf-text') return await pdfText(task, controller.signal);
    if (task.type === 'ocr-region') return await region(task, controller.signal);
    return await ocr(task, controller.signal);
  } catch (err) {
    if (err instanceof LoadFailureSignal) return { ok: false, failure: err.failure };
    throw err;
  } finally {
    envelope.abortPort.close();
    memory.end();
  }
}

async function pdfText(task: PdfTextTask, signal: AbortSignal): Promise<PdfTextResult> {
  // Before pdf.js sees the file: it would inflate a stream bomb whole (pdf-inflation.ts).
  await checkPdfInflation(task.pdf);
  signal.throwIfAborted();
  const doc = await openPdf(task.pdf);
  try {
    if (doc.numPages > task.maxPages) {
      return { ok: false, failure: { kind: 'too_many_pages', pages: doc.numPages, maxPages: task.maxPages } };
    }
    const pages: PdfTextPage[] = [];
    const pathFree = pathFreePages(task.pdf);
    for (let n = 1; n <= doc.numPages; n++) {
      signal.throwIfAborted();
      const page = await extractPageText(doc, n);
      let verdict = judgeTextLayer(page.text, task.thresholds);
      if (verdict.usable && verdict.chars < task.thresholds.scanMaxChars) {
        const coverage = await largestImageCoverage(doc, n);
        if (coverage >= task.thresholds.scanCoverage) verdict = { ...verdict, usable: false, reason: 'scan_with_text' };
      }
      // A page without a usable text layer that paints nothing at all is blank: no render, no OCR.
      const blank = !verdict.usable && (await pagePaintsNothing(doc, n));
      const textLayer = blank ? 'blank' : verdict.reason;
      // Pages to OCR get their preview from the image OCR reads (its own frame), not from here.
      const preview =
        task.previewWidthPx && (textLayer === 'ok' || textLayer === 'blank')
          ? await renderPreview(doc, n, page.width, task.previewWidthPx)
          : undefined;
      const rules = textLayer === 'ok' ? await rulesOf(doc, n, pathFree) : [];
      pages.push({
        number: n,
        width: page.width,
        height: page.height,
        cells: verdict.usable ? page.cells : [],
        ...(rules.length > 0 ? { rules } : {}),
        textLayer,
        ...(preview ? { preview } : {}),
      });
    }
    const toOcr = pages.filter((p) => p.textLayer !== 'ok' && p.textLayer !== 'blank').map((p) => p.number);
    if (toOcr.length > 0) {
      const objects = await loadPdfObjects(task.pdf);
      const sameAs = objects ? identicalPages(objects, toOcr) : new Map<number, number>();
      const images = await embeddedPageImages(objects, toOcr.filter((n) => !sameAs.has(n)));
      for (const page of pages) {
        const same = sameAs.get(page.number);
        if (same !== undefined) page.sameAs = same;
        const image = images.get(page.number);
        if (image) page.image = image;
      }
    }
    return { ok: true, pages };
  } finally {
    await doc.destroy();
  }
}

/**
 * A text page's rules; a page whose content certainly paints no path has none, and pdf.js's
 * operator list (a second parse of the page, a third of a text statement's read) is not built
 * for it (path-free-pages.ts).
 */
async function rulesOf(doc: PDFDocumentProxy, n: number, pathFree: (page: PDFPageProxy) => boolean) {
  if (pathFree(await doc.getPage(n))) return [];
  return pageRules(doc, n);
}

async function renderPreview(doc: Awaited<ReturnType<typeof openPdf>>, n: number, widthPt: number, widthPx: number): Promise<Uint8Array> {
  const rendered = await renderPageGrey(doc, n, { dpi: previewDpi(widthPt, widthPx), maxPixels: 4_000_000 });
  return greyPreviewJpeg(rendered.image, widthPx);
}

async function renderPdfPage(pdf: Uint8Array, pageNumber: number, task: OcrTask) {
  const doc = await openPdf(pdf);
  try {
    return await renderPageGrey(doc, pageNumber, { dpi: task.renderDpi, maxPixels: task.maxRenderPixels });
  } finally {
    await doc.destroy();
  }
}

async function ocr(task: OcrTask, signal: AbortSignal): Promise<OcrPrepareResult> {
  const source = task.source;
  const limits = { maxInputPixels: task.maxImagePixels, maxLongSide: task.maxOcrLongSide, upscaleBelowDpi: task.upscaleBelowDpi };
  let decoded;
  if (source.type === 'image') {
    decoded = await decodeImage(source.bytes, limits);
  } else if (source.type === 'pdf-image') {
    // libtiff, like pdf.js, decodes damaged G4 data to what it can (rest white), never refuses it.
    decoded = await decodeImage(source.file, { ...limits, rotate: source.rotate, pageWidthPt: source.pageWidth });
  } else {
    decoded = await renderPdfPage(source.pdf, source.pageNumber, task);
  }
  signal.throwIfAborted();
  // A phone photo of a page on a table is warped flat; anything else comes back as it is.
  decoded = flattenPhotographedPage(decoded, { maxLongSide: task.maxOcrLongSide });
  const keepImage = task.previewWidthPx !== undefined;
  const preview = async (image: GreyImage | undefined) => (image && task.previewWidthPx ? await greyPreviewJpeg(image, task.previewWidthPx) : undefined);
  if (task.type === 'ocr') {
    const { image, ...page } = await ocrPage(decoded.image, decoded.dpi, await getEngine(), task.settings, signal, { keepImage });
    const p = await preview(image);
    return { ok: true, page, ...(p ? { preview: p } : {}) };
  }
  const prepared = await preparePage(decoded.image, decoded.dpi, await getEngine(), task.settings, signal, { keepImage });
  if ('done' in prepared) {
    const { image, ...page } = prepared.done;
    const p = await preview(image);
    return { ok: true, page, ...(p ? { preview: p } : {}) };
  }
  // The levelled page goes to the band tasks in shared memory: each thread reads its rows in place.
  const img = prepared.page.img;
  const shared = new Uint8Array(new SharedArrayBuffer(img.data.byteLength));
  shared.set(img.data);
  const levelled = { ...prepared.page, img: { data: shared, width: img.width, height: img.height } };
  const p = await preview(img);
  return { ok: true, levelled, dpi: decoded.dpi, bands: bandRows(img, task.bands ?? 1), ...(p ? { preview: p } : {}) };
}

async function region(task: OcrRegionTask, signal: AbortSignal): Promise<OcrRegionResult> {
  // A half-turned read turns the page once, for the reading and its preview alike; it reads the whole page.
  const img = task.halfTurn ? await rotateGrey(task.page.img, 2, 0) : task.page.img;
  const [y0, y1] = task.halfTurn ? [0, img.height] : [task.y0, task.y1];
  const { words, confSum, lenSum } = await readRegion(img, y0, y1, task.dpi, await getEngine(), task.settings, signal);
  const preview = task.halfTurn && task.previewWidthPx ? await greyPreviewJpeg(img, task.previewWidthPx) : undefined;
  return { ok: true, reading: { words, confSum, lenSum }, ...(preview ? { preview } : {}) };
}
