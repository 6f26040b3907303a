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

/**
 * A statement page that is not page one (issue 11, class 1): no title, no opening balance, a
 * date column, amount columns and a running balance; stacked dates `22` / `Sept.` / `2025`.
 */
export const EXCERPT_PAGE: SynthLine[] = [
  [45, 50, 'DATUM TYP BESCHREIBUNG ZAHLUNGSEINGANG ZAHLUNGSAUSGANG SALDO'],
  [45, 70, '22'],
  [82, 70, 'Card Transaction REWE Markt GmbH'],
  [480, 70, '45,90 €', true],
  [555, 70, '1.954,10 €', true],
  [45, 81, 'Sept.'],
  [45, 92, '2025'],
  [45, 115, '23'],
  [82, 115, 'Transfer Incoming transfer from Max Mustermann'],
  [395, 115, '500,00 €', true],
  [555, 115, '2.454,10 €', true],
  [45, 126, 'Sept.'],
  [45, 137, '2025'],
  [45, 160, '25'],
  [82, 160, 'Direct Debit Stadtwerke Musterstadt'],
  [480, 160, '94,27 €', true],
  [555, 160, '2.359,83 €', true],
  [45, 171, 'Sept.'],
  [45, 182, '2025'],
  [45, 205, '29'],
  [82, 205, 'Card Transaction Lidl sagt Danke'],
  [480, 205, '4,26 €', true],
  [555, 205, '2.355,57 €', true],
  [45, 216, 'Sept.'],
  [45, 227, '2025'],
  [45, 780, 'MUSTER NEOBANK AG · Musterallee 1 · 10115 Berlin'],
  [45, 805, 'Erstellt am 02.10.2025'],
  [555, 805, 'Seite 2 von 3', true],
];
