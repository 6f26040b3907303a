import type { MessagePort } from 'node:worker_threads';
import type { PageRule, TextCell } from '../../model/document.js';
import type { OcrEngineChoice } from '../../../ports/ocr-engine.js';
import type { LoadFailure } from '../load-failures.js';
import type { TextLayerThresholds } from '../text-layer-quality.js';
import type { LevelledPage, OcrPageOutput, OcrPageSettings, RegionReading } from '../ocr/ocr-page.js';

/**
 * The messages between the reader (main thread) and its pool workers. Everything here crosses
 * a thread boundary by structured clone: plain data only, refusals as LoadFailure values.
 */

export interface WorkerInit {
  ocrEngine: OcrEngineChoice;
  ocrLanguages: readonly string[];
  ocrModelDir?: string | undefined;
  /** Start the OCR engine when the worker starts, so the first scan does not pay for it. */
  warmUp: boolean;
}

/** Open a PDF, check its page count and read every page's text layer. */
export interface PdfTextTask {
  type: 'pdf-text';
  /** Backed by a SharedArrayBuffer: shared with the page tasks, never copied. */
  pdf: Uint8Array;
  maxPages: number;
  thresholds: TextLayerThresholds;
  /** Render a preview of every page with a usable text layer, this many pixels wide (Page.preview). */
  previewWidthPx?: number | undefined;
}

export interface PdfTextPage {
  number: number;
  width: number;
  height: number;
  cells: TextCell[];
  /** Text-layer pages ('ok'): the rules and shaded bands drawn (page-rules.ts); absent when none. */
  rules?: PageRule[] | undefined;
  /** 'blank': no usable text layer and nothing painted on the page (it is neither rendered nor OCR'd). */
  textLayer: 'ok' | 'no_text' | 'garbage' | 'scan_with_text' | 'blank';
  /** With previewWidthPx, for text-layer and blank pages: the rendered page as a grey JPEG. */
  preview?: Uint8Array | undefined;
  /** For pages to OCR: the page's single embedded image (JPEG, or a fax image as TIFF), when it is one. */
  image?: { file: Uint8Array; format: 'jpeg' | 'fax'; rotate: 0 | 90 | 180 | 270 } | undefined;
  /** For pages to OCR: an earlier page (number) that renders exactly alike; read once, copied. */
  sameAs?: number | undefined;
}

export type PdfTextResult = { ok: true; pages: PdfTextPage[] } | { ok: false; failure: LoadFailure };

export type OcrSource =
  | { type: 'image'; bytes: Uint8Array }
  | {
      type: 'pdf-image';
      file: Uint8Array;
      format: 'jpeg' | 'fax';
      rotate: 0 | 90 | 180 | 270;
      pageWidth: number;
    }
  | { type: 'pdf-render'; pdf: Uint8Array; pageNumber: number };

/**
 * 'ocr': read the page whole in this task. 'ocr-prepare': everything before the engine reads
 * the page as it lies (decode, flat-field, geometry, levelling); the page then comes back
 * levelled and cut into `bands`, for `ocr-region` tasks on any thread (a sideways or blank page
 * still comes back read).
 */
export interface OcrTask {
  type: 'ocr' | 'ocr-prepare';
  source: OcrSource;
  settings: OcrPageSettings;
  maxImagePixels: number;
  maxOcrLongSide: number;
  upscaleBelowDpi: number;
  renderDpi: number;
  maxRenderPixels: number;
  /** Return a preview of the page as read (the straightened image), this many pixels wide. */
  previewWidthPx?: number | undefined;
  /** 'ocr-prepare': bands to cut the levelled page into (ocr/bands.ts; fewer when no gap fits). */
  bands?: number | undefined;
}

/** Read rows y0…y1 of a levelled page (whole and half-turned with `halfTurn`). */
export interface OcrRegionTask {
  type: 'ocr-region';
  /** The levelled page; its pixels in a SharedArrayBuffer, read by every band's task without a copy. */
  page: LevelledPage;
  y0: number;
  y1: number;
  halfTurn: boolean;
  dpi: number;
  settings: OcrPageSettings;
  /** With `halfTurn`: a preview of the half-turned page, this many pixels wide. */
  previewWidthPx?: number | undefined;
}

export type OcrRegionResult = { ok: true; reading: RegionReading; preview?: Uint8Array | undefined };

export type OcrPrepareResult =
  | OcrTaskResult
  | { ok: true; levelled: LevelledPage; dpi: number; bands: [number, number][]; preview?: Uint8Array | undefined };

export type OcrTaskResult =
  | { ok: true; page: Omit<OcrPageOutput, 'image'>; preview?: Uint8Array | undefined }
  | { ok: false; failure: LoadFailure };

export type WorkerTask = PdfTextTask | OcrTask | OcrRegionTask;

/** What the pool adds to every task: the port on which 'abort' arrives. */
export interface TaskEnvelope<T extends WorkerTask = WorkerTask> {
  task: T;
  abortPort: MessagePort;
}
