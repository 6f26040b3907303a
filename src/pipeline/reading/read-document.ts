import { setMaxListeners } from 'node:events';
import { availableParallelism } from 'node:os';
import type { FileKind } from '../../domain/file-kind.js';
import type { OcrEngineChoice } from '../../ports/ocr-engine.js';
import type { LoadedDocument, Page } from '../model/document.js';
import type { DocumentReader, ReaderStats, ReadOptions } from '../model/reader.js';
import type { OcrPageSettings } from './ocr/ocr-page.js';
import { newTicket, type ReadTicket } from './worker/fair-queue.js';
import { ReadingPool } from './worker/pool.js';
import type { OcrPrepareResult, OcrRegionResult, OcrSource, OcrTask, PdfTextResult } from './worker/tasks.js';
import { confidenceOf, finishPage, type RegionReading } from './ocr/page-words.js';
import { toLoadError } from './load-failures.js';
import { defaultTextLayerThresholds, type TextLayerThresholds } from './text-layer-quality.js';

/**
 * The reading layer's entry point: accepted upload bytes → pages of positioned words.
 *
 * PDF: one pool task opens the file, checks the page count, reads every text layer and judges
 * it per page; pages without a usable layer are then OCR'd in parallel, one pool task per page,
 * from the page's own JPEG when it is one and from a ~300 dpi render otherwise.
 * JPEG/PNG: one pool task decodes (EXIF orientation, grey, contrast, downscale; bombs refused
 * from the header) and OCRs the image as one page.
 *
 * The bytes are never written to disk. They go to the workers in one SharedArrayBuffer, so
 * any number of page tasks read the same copy.
 */
export interface ReaderConfig {
  /** Worker threads for parsing, rendering and OCR; default: the machine's cores. */
  workerPoolSize: number;
  /** OCR engine; 'auto' uses native tesseract when on the PATH with the languages, else tesseract.js. */
  ocrEngine: OcrEngineChoice;
  /** Tesseract languages. tesseract.js from npm data reads one language (see adapters/ocr). */
  ocrLanguages: readonly string[];
  /** Directory of <lang>.traineddata files for tesseract.js instead of the npm packages. */
  ocrModelDir?: string | undefined;
  /** Images with more pixels are refused as image_too_large (decompression-bomb guard). */
  maxImagePixels: number;
  /** Long side, in pixels, that photos are scaled down to before OCR. */
  maxOcrLongSide: number;
  /** Images of lower resolution (small phone shots) are scaled up to 300 dpi for OCR; 0: never. */
  upscaleBelowDpi: number;
  /** Resolution at which PDF pages without their own page image are rendered for OCR. */
  renderDpi: number;
  /** Cap on a rendered page's pixels (oversized page formats are rendered at lower dpi). */
  maxRenderPixels: number;
  /** When a PDF page's text layer counts as missing or garbage (then it is OCR'd). */
  textLayer: TextLayerThresholds;
  /** Detect pages turned by 90/180/270° and straighten them. */
  detectRotation: boolean;
  /** Level text lines skewed by up to `maxSkewDegrees`. */
  deskew: boolean;
  maxSkewDegrees: number;
  /** Mean OCR confidence below which the half-turned page is tried too. */
  retryBelowConfidence: number;
  /** 'denoise' blurs and thresholds page images before OCR; 'none' leaves binarisation to the engine. */
  ocrPreprocess: 'none' | 'denoise';
  /** Read the lines of unsure words again from a denoised copy and keep the surer reading. */
  ocrSecondLook: boolean;
  /** Load the OCR model when the pool starts rather than on the first scan. */
  warmUp: boolean;
  /**
   * Which scanned pages are read in horizontal bands on several pool threads (bandPlan):
   * 'remainder' only the pages left over when a read has more scanned pages than threads,
   * 'all' every page, 'off' none.
   */
  ocrBands: OcrBands;
  /** After an abort, how long a task may take to stop before its thread is terminated. */
  abortGraceMs: number;
  /**
   * Distinct scanned pages (pages to render or read by OCR, pages that render alike counted
   * once) one read may have; a PDF with more is refused up front as too_many_scanned_pages,
   * before any page is rendered: it could not be read within the processing deadline (issue 20
   * §3.1/§3.2; docs/reading.md). MAX_SCANNED_PAGES. One number for the call, not per thread: the
   * same file gets the same answer on every instance, whatever its pool size.
   */
  maxScannedPages: number;
  /**
   * How long a read may wait for a pool thread without progress before it is refused with
   * ReadingCapacityError (503 service_unavailable): the overload bound (QUEUE_WAIT_MS).
   */
  queueWaitMs: number;
}

export const defaultReaderConfig: ReaderConfig = Object.freeze({
  workerPoolSize: Math.max(1, availableParallelism()),
  ocrEngine: 'auto',
  ocrLanguages: Object.freeze(['deu']),
  ocrModelDir: undefined,
  maxImagePixels: 100_000_000, // 100 MP: 10000 × 10000; a 12 MP phone photo is far below
  maxOcrLongSide: 3600, // px: A4 at ~300 dpi
  upscaleBelowDpi: 200,
  renderDpi: 300,
  maxRenderPixels: 40_000_000, // 40 MP: A3 at 300 dpi is 17.4 MP
  textLayer: defaultTextLayerThresholds,
  detectRotation: true,
  deskew: true,
  maxSkewDegrees: 5,
  retryBelowConfidence: 0.6,
  ocrPreprocess: 'none',
  ocrSecondLook: true,
  warmUp: true,
  // Every page in bands lost two postings on eval:kontoauszug's scans; only the pages left over
  // after the threads' share are banded, so a 3-page scan on 2 threads costs 1.5 page-times, not 2
  // (docs/reading.md, "The pool split").
  ocrBands: 'remainder',
  abortGraceMs: 250, // ms
  maxScannedPages: 15, // a 300-dpi fax or scan page takes 1.5–3 s of a thread: 15 fit a 60 s deadline on one thread
  queueWaitMs: 20_000, // ms
});

export interface ReaderWithStats extends DocumentReader {
  stats(): ReaderStats;
}

/** The pool of worker threads, each loading its OCR engine once (warm-up as configured). */
function readingPoolFor(config: ReaderConfig): ReadingPool {
  return new ReadingPool({
    size: Math.max(1, Math.floor(config.workerPoolSize)),
    abortGraceMs: config.abortGraceMs,
    queueWaitMs: config.queueWaitMs,
    init: {
      ocrEngine: config.ocrEngine,
      ocrLanguages: config.ocrLanguages,
      ocrModelDir: config.ocrModelDir,
      warmUp: config.warmUp,
    },
  });
}

/** The OCR task of one page image: the source and every bound and setting of the configuration. */
function ocrTaskFor(config: ReaderConfig, source: OcrSource, previewWidthPx: number | undefined): OcrTask {
  const settings: OcrPageSettings = {
    languages: config.ocrLanguages,
    deskew: config.deskew,
    maxSkewDegrees: config.maxSkewDegrees,
    detectRotation: config.detectRotation,
    retryBelowConfidence: config.retryBelowConfidence,
    preprocess: config.ocrPreprocess,
    secondLook: config.ocrSecondLook,
  };
  return {
    type: 'ocr',
    source,
    settings,
    maxImagePixels: config.maxImagePixels,
    maxOcrLongSide: config.maxOcrLongSide,
    upscaleBelowDpi: config.upscaleBelowDpi,
    renderDpi: config.renderDpi,
    maxRenderPixels: config.maxRenderPixels,
    ...(previewWidthPx !== undefined ? { previewWidthPx } : {}),
  };
}

export type OcrBands = 'off' | 'remainder' | 'all';

/**
 * Bands each of a read's `pages` distinct scanned pages is read in, in page order (1 = whole).
 * Whole pages keep every thread busy as long as there is a page per thread; only the pages left
 * over after the last full round (3 pages on 2 threads: the third) would leave threads idle, so
 * with 'remainder' those are cut, each into as many bands as threads fall to it: 3 pages on 2
 * threads then cost 1.5 page-times instead of 2. A band is a different input to the engine and
 * can read a marginal glyph differently (docs/reading.md, "Bands: why they read differently"),
 * so at most the leftover pages carry that risk, and a read with no more pages than threads has
 * none banded. 'all' cuts every page in two (the old `ocrBands: true`). A single thread never
 * bands: bands there only add engine calls.
 */
export function bandPlan(config: Pick<ReaderConfig, 'ocrBands' | 'workerPoolSize'>, pages: number): number[] {
  const threads = Math.max(1, Math.floor(config.workerPoolSize));
  const plan = new Array<number>(pages).fill(1);
  if (threads < 2 || config.ocrBands === 'off') return plan;
  if (config.ocrBands === 'all') return plan.fill(2);
  const rest = pages % threads;
  const perPage = Math.floor(threads / Math.max(1, rest));
  if (pages <= threads || rest === 0 || perPage < 2) return plan;
  return plan.fill(perPage, pages - rest);
}

/**
 * The order in which a read's distinct scanned pages queue their first task (indices into
 * `plan`, bandPlan's): banded pages first, then the whole pages, each group in page order. A
 * banded page's first task only decodes and levels it (a fraction of a reading); its bands
 * then queue behind the whole pages and fill the threads' last stretch together. Queued after
 * the whole pages instead, the levelling ran alone on the first thread to finish a page while
 * the other, done too, waited for the bands: 3 pages on 2 threads lost the levelling's time.
 * A read's tasks run in the order they queue (fair-queue.ts).
 */
export function queueOrder(plan: readonly number[]): number[] {
  const pages = plan.map((_, i) => i);
  return [...pages.filter((i) => plan[i]! > 1), ...pages.filter((i) => plan[i]! <= 1)];
}

/** Distinct scanned pages one read may have: one number for every instance (MAX_SCANNED_PAGES). */
export function maxOcrPages(config: ReaderConfig): number {
  return Math.max(1, Math.floor(config.maxScannedPages));
}

/** What one reader's reads share: its pool, its configuration and its page counts. */
interface ReaderState {
  readonly pool: ReadingPool;
  readonly config: ReaderConfig;
  ocrPages: number;
  blankPages: number;
  /** Readings of pages found blank, so a page copied from one counts as blank too. */
  readonly blankReadings: WeakSet<Page>;
}

export function createDocumentReader(config: ReaderConfig = defaultReaderConfig): ReaderWithStats {
  const state: ReaderState = { pool: readingPoolFor(config), config, ocrPages: 0, blankPages: 0, blankReadings: new WeakSet<Page>() };
  let closed = false;
  return {
    async read(bytes: Uint8Array, kind: FileKind, options: ReadOptions): Promise<LoadedDocument> {
      if (closed) throw new Error('document reader is closed');
      options.signal.throwIfAborted();
      if (bytes.byteLength === 0) throw toLoadError({ kind: 'empty' });
      const shared = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
      shared.set(bytes);
      const ticket = newTicket(options.shareKey ?? '');
      const pages =
        kind === 'pdf'
          ? await readPdf(state, shared, options, ticket)
          : [await ocr(state, { type: 'image', bytes: shared }, options.signal, 1, ticket, bandPlan(config, 1)[0]!, options.previewWidthPx)];
      // A task may finish in the moment the deadline passes; the deadline still wins.
      options.signal.throwIfAborted();
      return { format: kind, pages };
    },
    stats: () => ({ ...state.pool.stats(), ocrPages: state.ocrPages, blankPages: state.blankPages }),
    async close() {
      if (closed) return;
      closed = true;
      await state.pool.close();
    },
  };
}

/**
 * One page by OCR. With `bands` > 1 (bandPlan) the page is read in bands (ocr/bands.ts): one
 * task levels it, then each band is its own task of this read — on whichever thread is free,
 * in the read's turn of the fair queue — and the bands' words are joined here. A page the
 * geometry calls sideways, and a blank page, come back read from the first task.
 */
async function ocr(state: ReaderState, source: OcrSource, signal: AbortSignal, number: number, ticket: ReadTicket, bands: number, previewWidthPx?: number): Promise<Page> {
  const task = ocrTaskFor(state.config, source, previewWidthPx);
  const result = await state.pool.run<OcrPrepareResult>(bands > 1 ? { ...task, type: 'ocr-prepare', bands } : task, signal, ticket);
  if (!result.ok) throw toLoadError(result.failure);
  const read = 'levelled' in result ? await readBands(state, result, task.settings, signal, ticket, previewWidthPx) : { page: result.page, preview: result.preview };
  const { width, height, cells, blank } = read.page;
  if (blank) state.blankPages++;
  else state.ocrPages++;
  const out: Page = { number, width, height, source: 'ocr', cells, ...(read.preview ? { preview: read.preview } : {}) };
  if (blank) state.blankReadings.add(out);
  return out;
}

type LevelledPage = Extract<OcrPrepareResult, { levelled: unknown }>;
type PageReading = { width: number; height: number; cells: Page['cells']; blank?: boolean | undefined };

/** The bands of a levelled page, each its own task; the half-turned page too when the bands read unsure (as ocrPage does). */
async function readBands(
  state: ReaderState,
  prepared: LevelledPage,
  settings: OcrTask['settings'],
  signal: AbortSignal,
  ticket: ReadTicket,
  previewWidthPx: number | undefined,
): Promise<{ page: PageReading; preview: LevelledPage['preview'] }> {
  const { levelled, dpi } = prepared;
  let preview = prepared.preview;
  const read = (y0: number, y1: number, halfTurn: boolean) =>
    state.pool.run<OcrRegionResult>(
      { type: 'ocr-region', page: levelled, y0, y1, halfTurn, dpi, settings, ...(halfTurn && previewWidthPx !== undefined ? { previewWidthPx } : {}) },
      signal,
      ticket,
    );
  // As for pages: the first failing band aborts its siblings, and all have settled before this returns.
  const siblings = new AbortController();
  const forward = () => siblings.abort(signal.reason);
  signal.addEventListener('abort', forward, { once: true });
  let readings: RegionReading[];
  try {
    readings = (await settleAll(prepared.bands.map(([y0, y1]) => read(y0, y1, false)), siblings)).map((r) => r.reading);
  } finally {
    signal.removeEventListener('abort', forward);
  }
  let kept = { page: levelled, readings };
  if (state.config.detectRotation && confidenceOf(...readings) < state.config.retryBelowConfidence) {
    const flipped = await read(0, levelled.img.height, true);
    if (confidenceOf(flipped.reading) > confidenceOf(...readings)) {
      kept = { page: { ...levelled, turns: levelled.turns + 2 }, readings: [flipped.reading] };
      preview = flipped.preview;
    }
  }
  return { page: finishPage(kept.page, kept.readings, dpi, ''), preview };
}

/** A PDF: one task reads every text layer; the pages without one are OCR'd in parallel, each distinct page once. */
async function readPdf(state: ReaderState, shared: Uint8Array, options: ReadOptions, ticket: ReadTicket): Promise<Page[]> {
  const { pool, config } = state;
  const text = await pool.run<PdfTextResult>(
    { type: 'pdf-text', pdf: shared, maxPages: options.maxPages, thresholds: config.textLayer, previewWidthPx: options.previewWidthPx },
    options.signal,
    ticket,
  );
  if (!text.ok) throw toLoadError(text.failure);
  // The OCR work is known before any of it starts: refuse what cannot finish in time.
  const scans = text.pages.filter((p) => p.textLayer !== 'ok' && p.textLayer !== 'blank' && p.sameAs === undefined);
  const distinctScans = scans.length;
  const maxScans = maxOcrPages(config);
  if (distinctScans > maxScans) throw toLoadError({ kind: 'too_many_scanned_pages', pages: distinctScans, maxPages: maxScans });
  // Page tasks share one signal that also fires when a sibling fails, so no page runs on
  // after the read has already failed.
  const pagesController = new AbortController();
  // Every page task listens on it while it waits and while it runs (fair queue, pool): two
  // listeners a page by design, not a leak; Node warns above 10 (a log line per long scan).
  setMaxListeners(10 + 2 * text.pages.length, pagesController.signal);
  const forward = () => pagesController.abort(options.signal.reason);
  options.signal.addEventListener('abort', forward, { once: true });
  const byNumber = new Map<number, Promise<Page>>();
  // Bands of each distinct scanned page, in page order.
  const plan = bandPlan(config, distinctScans);
  const read = (p: (typeof scans)[number], bands: number): Promise<Page> => {
    const source: OcrSource = p.image
      ? { type: 'pdf-image', ...p.image, pageWidth: p.width }
      : { type: 'pdf-render', pdf: shared, pageNumber: p.number };
    return ocr(state, source, pagesController.signal, p.number, ticket, bands, options.previewWidthPx);
  };
  for (const i of queueOrder(plan)) byNumber.set(scans[i]!.number, read(scans[i]!, plan[i]!));
  const pages: Promise<Page>[] = text.pages.map((p) => {
    const preview = p.preview ? { preview: p.preview } : {};
    if (p.textLayer === 'ok') {
      const rules = p.rules ? { rules: p.rules } : {};
      return Promise.resolve({ number: p.number, width: p.width, height: p.height, source: 'pdf', cells: p.cells, ...rules, ...preview });
    }
    if (p.textLayer === 'blank') {
      // Nothing is painted on the page: there is nothing to render or read.
      state.blankPages++;
      return Promise.resolve({ number: p.number, width: p.width, height: p.height, source: 'pdf', cells: [], ...preview });
    }
    const same = p.sameAs !== undefined ? byNumber.get(p.sameAs) : undefined;
    // A page that renders exactly like an earlier one gets that page's reading under its own number.
    if (same) {
      return same.then((page) => {
        if (state.blankReadings.has(page)) state.blankPages++;
        return { ...page, number: p.number, cells: structuredClone(page.cells) };
      });
    }
    return byNumber.get(p.number) ?? read(p, 1);
  });
  try {
    return await settleAll(pages, pagesController);
  } finally {
    options.signal.removeEventListener('abort', forward);
  }
}

/**
 * Like Promise.all, but the first failure aborts the siblings and the result settles only when
 * every page task has, so a failure or an abort never leaves work running behind the caller.
 */
async function settleAll<T>(promises: Promise<T>[], siblings: AbortController): Promise<T[]> {
  let first: { reason: unknown } | undefined;
  const results = await Promise.allSettled(
    promises.map((p) =>
      p.catch((err: unknown) => {
        if (!first) {
          first = { reason: err };
          siblings.abort(err);
        }
        throw err;
      }),
    ),
  );
  if (first) throw first.reason;
  return results.map((r) => (r as PromiseFulfilledResult<T>).value);
}
