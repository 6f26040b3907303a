import type { FileKind } from '../../domain/file-kind.js';

/**
 * The document model every stage works on: pages of positioned words.
 * Coordinates are PDF points (1/72 inch) with the origin at the top-left corner of the page,
 * y growing downwards, for text-layer and OCR pages alike (OCR pixels are scaled by 72/dpi),
 * so that layout rules never care where a word came from.
 */
export interface BBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type TextSource = 'pdf' | 'ocr';

/** One word (or glyph run without inner spaces) as printed. */
export interface TextCell {
  text: string;
  bbox: BBox;
  /** Font size in points; for OCR the word box height. */
  fontSize: number;
  source: TextSource;
  /** 1 for text-layer words; OCR confidence in [0, 1]. */
  confidence: number;
  /**
   * OCR only: where a figure was read twice (the second look, reading/ocr/second-look.ts) and the
   * two readings differ, the one not kept in `text`. Steps with evidence of their own (a
   * statement's balances) may prefer it.
   */
  alternative?: string;
  /**
   * Where the layout rewrote the word's amount into German notation (layout/notation.ts: Swiss
   * `248.42` → `248,42`), the text as printed: a posting's text keeps the document's notation.
   */
  asPrinted?: string;
}

/**
 * A ruling the page draws (issue 21): a horizontal or vertical rule — a stroked straight line,
 * a side of a stroked rectangle, or a filled rectangle at most ~2 pt thick — or a shaded band:
 * a filled rectangle wide and about a text line high (alternate row shading). Box in the
 * model's coordinates (points, origin top-left, x0 ≤ x1, y0 ≤ y1); a rule's box is its line
 * (thickness not kept).
 */
export interface PageRule {
  kind: 'horizontal' | 'vertical' | 'shade';
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface Page {
  /** 1-based page number as the API reports it. */
  number: number;
  width: number;
  height: number;
  /** Where this page's words came from: its text layer, or OCR of its image. */
  source: TextSource;
  /** Words in reading order: top to bottom, left to right within a line. */
  cells: TextCell[];
  /**
   * Text-layer pages: the rules and shaded bands the page draws (reading/page-rules.ts), at most
   * MAX_PAGE_RULES of them; absent on OCR'd pages (a scan's lines are pixels, not read yet) and
   * where the page draws none.
   */
  rules?: PageRule[];
  /**
   * Only when the read asked for previews (ReadOptions.previewWidthPx): a grey JPEG of the page
   * as it was read — for OCR'd pages the straightened image the words were found on — so that
   * boxes in fractions of the page land on the printed words. Held in memory for the response
   * that shows it; never stored or logged.
   */
  preview?: Uint8Array;
}

export interface LoadedDocument {
  format: FileKind;
  pages: Page[];
}
