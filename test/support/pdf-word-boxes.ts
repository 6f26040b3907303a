import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Word boxes of a PDF as poppler's `pdftotext -bbox` reads them: a reader independent of the
 * pipeline's (pdf.js), for checking that an `evidence.box` covers what the page prints. Points,
 * top-left origin, per page with the page size. The PDF goes to a temp directory removed in
 * `finally`; only generated test documents are passed here.
 */
export interface PdfWord {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface PdfPageWords {
  width: number;
  height: number;
  words: PdfWord[];
}

const run = promisify(execFile);

export async function pdfWordBoxes(pdf: Uint8Array): Promise<PdfPageWords[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'klartext-bbox-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-bbox', file, '-'], { maxBuffer: 64 * 1024 * 1024 }).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') throw new Error('pdftotext is not installed: run scripts/install-system-deps.sh (poppler-utils)');
      throw e;
    });
    const pages: PdfPageWords[] = [];
    for (const p of stdout.matchAll(/<page width="([\d.]+)" height="([\d.]+)">([\s\S]*?)<\/page>/gu)) {
      const words = [...p[3]!.matchAll(/<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/gu)].map((w) => ({
        text: w[5]!.replace(/&amp;/gu, '&').replace(/&lt;/gu, '<').replace(/&gt;/gu, '>').replace(/&quot;/gu, '"').replace(/&apos;/gu, "'"),
        x0: Number(w[1]),
        y0: Number(w[2]),
        x1: Number(w[3]),
        y1: Number(w[4]),
      }));
      pages.push({ width: Number(p[1]), height: Number(p[2]), words });
    }
    return pages;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The amount's digits as printed in any notation (`1.234,56`, `1'234.56`, `-45,90`, `12,00 S`): cents, or null. */
export function printedCents(text: string): number | null {
  if (!/\d[.,]\d{2}(?!\d)/u.test(text)) return null;
  const digits = text.replace(/\D/gu, '');
  return digits === '' ? null : Number(digits);
}

/**
 * Whether some word of `page` that prints `cents` (absolute) lies in `box` (fractions of the page,
 * top-left origin), with `tol` points of slack for the two readers' differing glyph heights.
 */
export function boxHoldsWord(page: PdfPageWords, box: readonly number[], test: (w: PdfWord) => boolean, tol = 2): boolean {
  const [x0, y0, x1, y1] = [box[0]! * page.width, box[1]! * page.height, box[2]! * page.width, box[3]! * page.height];
  return page.words.some((w) => test(w) && w.x0 >= x0 - tol && w.x1 <= x1 + tol && w.y0 >= y0 - tol && w.y1 <= y1 + tol);
}

export const printsCents = (cents: number) => (w: PdfWord): boolean => printedCents(w.text) === Math.abs(cents);
