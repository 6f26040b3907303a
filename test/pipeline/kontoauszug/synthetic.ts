import type { LoadedDocument, Page, TextCell } from '../../../src/pipeline/model/document.js';

/**
 * Synthetic pages for engine unit tests without a PDF: each line is [x, y, text] (x of the
 * first word, or right edge when `right` is true), words get widths of 5 pt per character at
 * font size 9. Good enough for the engine, which only reads positions and content.
 */
export type SynthLine = [x: number, y: number, text: string, right?: boolean];

const CHAR = 5;

export function synthPage(lines: SynthLine[], number = 1): Page {
  const cells: TextCell[] = [];
  for (const [x0, y, text, right] of lines) {
    const words = text.split(/\s+/u).filter((w) => w !== '');
    const total = words.reduce((s, w) => s + w.length * CHAR, 0) + (words.length - 1) * CHAR;
    let x = right ? x0 - total : x0;
    for (const w of words) {
      cells.push({ text: w, bbox: { x, y: y - 9, width: w.length * CHAR, height: 9 }, fontSize: 9, source: 'pdf', confidence: 1 });
      x += (w.length + 1) * CHAR;
    }
  }
  cells.sort((a, b) => a.bbox.y - b.bbox.y || a.bbox.x - b.bbox.x);
  return { number, width: 595, height: 842, source: 'pdf', cells };
}

export function synthDoc(...pages: SynthLine[][]): LoadedDocument {
  return { format: 'pdf', pages: pages.map((p, i) => synthPage(p, i + 1)) };
}

/** The same pages as if read by OCR (words confidently read), for rules that apply to scans only. */
export function synthOcrDoc(...pages: SynthLine[][]): LoadedDocument {
  const doc = synthDoc(...pages);
  return { ...doc, pages: doc.pages.map((p) => ({ ...p, source: 'ocr', cells: p.cells.map((c) => ({ ...c, source: 'ocr', confidence: 0.95 })) })) };
}
