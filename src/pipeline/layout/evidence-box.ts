import type { LoadedDocument } from '../model/document.js';
import type { Evidence } from '../model/result.js';
import type { Word } from './lines.js';

/**
 * Where a value stands on its page, as SPEC §8a's `evidence` states it: `box` `[x0, y0, x1, y1]`
 * in fractions of the page's width and height, top-left origin (the document model's points
 * divided by the page size), covering the given words where they are printed; `source` from the page; `confidence` 1
 * on a text layer and on OCR the least sure of the given words — the words the value was read
 * from, never a figure made up for the value.
 */
export interface PageGeometry {
  width: number;
  height: number;
  source: Evidence['source'];
}

export function pageGeometry(doc: LoadedDocument): Map<number, PageGeometry> {
  return new Map(doc.pages.map((p) => [p.number, { width: p.width, height: p.height, source: p.source === 'ocr' ? 'ocr' : 'text_layer' }]));
}

const frac = (v: number, size: number): number => Math.round(Math.min(1, Math.max(0, v / size)) * 10_000) / 10_000;

/** The union of the words' boxes as fractions of the page; null without words or page. */
export function wordsBox(words: readonly Word[], page: PageGeometry | undefined): Evidence['box'] | null {
  if (!page || words.length === 0 || page.width <= 0 || page.height <= 0) return null;
  // Where each word is printed (the line pass may have moved it, lines.ts Word.printed).
  const at = words.map((w) => w.printed ?? w);
  const x0 = frac(Math.min(...at.map((w) => w.x0)), page.width);
  const y0 = frac(Math.min(...at.map((w) => w.top)), page.height);
  const x1 = frac(Math.max(...at.map((w) => w.x1)), page.width);
  const y1 = frac(Math.max(...at.map((w) => w.bottom)), page.height);
  return x1 > x0 && y1 > y0 ? [x0, y0, x1, y1] : null;
}

/** 1 on a text layer; on OCR the least confidence of `sure` (the words the value was read from), else of `all`. */
export function readingConfidence(page: PageGeometry, sure: readonly Word[], all: readonly Word[]): number {
  if (page.source === 'text_layer') return 1;
  const pool = sure.length > 0 ? sure : all;
  if (pool.length === 0) return 0;
  return Math.round(Math.min(...pool.map((w) => w.confidence ?? 1)) * 1000) / 1000;
}

/** Evidence for a value read from `words` on page `page` (1-based), `sure` the words its reading rests on. */
export function evidenceOf(pageNo: number, words: readonly Word[], sure: readonly Word[], pages: ReadonlyMap<number, PageGeometry>): Evidence | null {
  const page = pages.get(pageNo);
  const box = wordsBox(words, page);
  if (!page || !box) return null;
  return { page: pageNo, box, source: page.source, confidence: readingConfidence(page, sure, words) };
}
