import type { FileKind } from '../../domain/file-kind.js';
import type { LoadedDocument } from './document.js';

export interface ReadOptions {
  /** More pages than this is a DocumentLoadError('too_many_pages'). */
  maxPages: number;
  /** Aborted when the request's processing deadline passes; readers stop and free their work. */
  signal: AbortSignal;
  /**
   * Whose share of the reading capacity this read uses (the organization): reads of different
   * keys take turns for the pool's threads (reading/worker/fair-queue.ts). Default: one shared key.
   */
  shareKey?: string;
  /**
   * Ask for a preview of every page (Page.preview), this many pixels wide: the account area's
   * try-it page draws the evidence boxes on it. Unset for API calls: no preview work is done.
   */
  previewWidthPx?: number;
}

/**
 * The reading layer: turns accepted upload bytes into pages of positioned words, from the text
 * layer where it is usable and by OCR otherwise. Throws DocumentLoadError for input that
 * cannot be read (empty, corrupt, encrypted, too many pages, undecodable or oversized image).
 * The bytes stay in memory; a reader that needs a temp file deletes it in `finally`.
 */
export interface DocumentReader {
  read(bytes: Uint8Array, kind: FileKind, options: ReadOptions): Promise<LoadedDocument>;
  close(): Promise<void>;
  /** What its worker pool is doing (for /metrics and tests); a reader without a pool has none. */
  stats?(): ReaderStats;
}

/** A reader's worker pool now, and its counts since start. */
export interface ReaderStats {
  threads: number;
  /** Reads waiting for a thread (the fair queue). */
  queued: number;
  /** Tasks on a thread now, and of those the OCR of a page. */
  running: number;
  runningOcr: number;
  completed: number;
  /** Tasks refused for lack of capacity (waited queueWaitMs, or their deadline, in the queue). */
  refused: number;
  /** Pages handed to the OCR engine. */
  ocrPages: number;
  /** Pages without ink (blank) that were not OCR'd: no painting in the PDF, or an empty raster. */
  blankPages: number;
}
