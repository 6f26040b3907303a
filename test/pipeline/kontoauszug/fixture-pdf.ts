import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { type KontoauszugFixture, textLayerPdf } from '../../../scripts/fixtures/kontoauszug/generate.js';

/**
 * For the fixture-consistency tests of the statement families: the text of a generated PDF as
 * pdfjs reads it (not through the engine — these tests check that a fixture prints what its
 * ground truth says), grouped into lines by baseline, items left to right.
 */
export interface PdfItem {
  x: number;
  /** Right edge (x + advance width). */
  right: number;
  text: string;
}

export interface PdfLine {
  page: number;
  /** Baseline from the top of the page. */
  y: number;
  items: PdfItem[];
  text: string;
}

export async function pdfLines(bytes: Uint8Array): Promise<PdfLine[]> {
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  const out: PdfLine[] = [];
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const height = page.getViewport({ scale: 1 }).height;
      const content = await page.getTextContent();
      const lines: PdfLine[] = [];
      for (const it of content.items as TextItem[]) {
        if (typeof it.str !== 'string' || it.str.trim() === '') continue;
        const y = height - it.transform[5]!;
        const item = { x: it.transform[4]!, right: it.transform[4]! + it.width, text: it.str };
        const line = lines.find((l) => Math.abs(l.y - y) < 1);
        if (line) line.items.push(item);
        else lines.push({ page: n, y, items: [item], text: '' });
      }
      for (const l of lines) {
        l.items.sort((a, b) => a.x - b.x);
        l.text = l.items.map((i) => i.text).join(' ');
      }
      out.push(...lines.sort((a, b) => a.y - b.y));
    }
  } finally {
    await doc.destroy();
  }
  return out;
}

export async function fixtureLines(f: KontoauszugFixture): Promise<PdfLine[]> {
  return pdfLines(await textLayerPdf(f));
}

/**
 * The posting blocks of a page sequence: a block starts at a line `isStart` accepts and runs
 * until the next start, a line `isStop` accepts, or the end of its page (blocks never cross a
 * page: the generator moves a whole block to the next page).
 */
export function postingBlocks(lines: readonly PdfLine[], isStart: (l: PdfLine) => boolean, isStop: (l: PdfLine) => boolean): PdfLine[][] {
  const blocks: PdfLine[][] = [];
  let current: PdfLine[] | null = null;
  for (const l of lines) {
    if (current && current[0]!.page !== l.page) current = null;
    if (isStart(l)) {
      current = [l];
      blocks.push(current);
    } else if (isStop(l)) current = null;
    else if (current) current.push(l);
  }
  return blocks;
}

/** `-1.234,56` → -123456 (the contract's notation). */
export function cents(money: string): number {
  const m = /^(-?)([\d.]+),(\d\d)$/u.exec(money);
  if (!m) throw new Error(`not an amount in the contract's notation: ${money}`);
  return (m[1] ? -1 : 1) * (Number(m[2]!.replace(/\./gu, '')) * 100 + Number(m[3]));
}

/** The ground truth is consistent in itself: opening + Σ rows = closing, and it says reconciled. */
export function groundTruthBalances(f: KontoauszugFixture): { opening: number; closing: number; sum: number } {
  const st = f.expected.statement as Record<string, unknown>;
  const sum = f.expected.tables.flatMap((t) => t.rows).reduce((s, r) => s + cents(r[3]!), 0);
  return { opening: cents(String(st['opening_balance'])), closing: cents(String(st['closing_balance'])), sum };
}

export const DMY = /^\d\d\.\d\d\.\d{4}$/u;
export const DM = /^\d\d\.\d\d\.$/u;
