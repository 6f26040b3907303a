import { extractPageText, openPdf } from '../../../src/pipeline/reading/pdf-text.js';

/**
 * The text of a fixture PDF as pdf.js extracts it, for tests that check a fixture itself (not the
 * engine): each page's words grouped into lines by baseline (top to bottom), each line's words
 * left to right with their left and right edges in points.
 */
export interface PdfWord {
  text: string;
  x: number;
  right: number;
}
export type PdfLine = PdfWord[];

export async function pdfLines(bytes: Uint8Array): Promise<PdfLine[][]> {
  const doc = await openPdf(bytes);
  try {
    const pages: PdfLine[][] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const cells = (await extractPageText(doc, n)).cells.map((c) => ({ text: c.text, x: c.bbox.x, right: c.bbox.x + c.bbox.width, bottom: c.bbox.y + c.bbox.height }));
      cells.sort((a, b) => a.bottom - b.bottom);
      const lines: (typeof cells)[] = [];
      // Words whose bottoms lie within 2 pt of the line's first word share its baseline.
      for (const c of cells) {
        const last = lines.at(-1);
        if (last && c.bottom - last[0]!.bottom < 2) last.push(c);
        else lines.push([c]);
      }
      pages.push(lines.map((l) => l.sort((a, b) => a.x - b.x).map(({ text, x, right }) => ({ text, x, right }))));
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

export const lineText = (l: PdfLine): string => l.map((w) => w.text).join(' ');

/** Each page's text, line by line. */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  return (await pdfLines(bytes)).map((p) => p.map(lineText).join('\n'));
}

/** Cents of an unsigned amount in German (`1.234,56`) or Swiss (`1'234.56`) notation. */
export function centsOf(s: string): number {
  const m = /^(\d{1,3}(?:[.']\d{3})*)[,.](\d{2})$/u.exec(s);
  if (!m) throw new Error(`not an amount: ${s}`);
  return Number(m[1]!.replace(/[.']/gu, '')) * 100 + Number(m[2]);
}

/** Cents of a SPEC §8 row amount (`-1.234,56`). */
export const rowCents = (s: string): number => (s.startsWith('-') ? -centsOf(s.slice(1)) : centsOf(s));
