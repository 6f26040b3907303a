import type { LoadedDocument, Page, TextCell } from '../model/document.js';
import type { TextLine } from '../model/lines.js';
import { foldGerman } from './fold.js';

export type { TextLine } from '../model/lines.js';

/**
 * Lines for stages that read prose and labelled values (classify, analysis): the words of one
 * page whose vertical centres lie within half a word height of the line's first word, sorted
 * left to right; text-layer and OCR pages alike (PDF points, top-left origin).
 *
 * Contract, kept as it was when these lived in model/document.ts (`pageText`) and
 * analysis/common/layout.ts (`pageLines`): a word joins the first line, in the order lines were
 * opened, whose centre is near enough — not the nearest; `pageText` keeps blank cells, the line
 * objects drop them. The statement lines of `lines.ts` group differently (rows searched from the
 * latest, a tolerance that lets a low sign or dot join its row) and carry date and amount
 * tokens; bringing both onto one grouping changes what stages see and is left for a measured step.
 */

/** Cells grouped into lines by their vertical centres, top to bottom, each left to right. */
function groupByMidline(cells: readonly TextCell[]): TextCell[][] {
  const groups: { mid: number; h: number; cells: TextCell[] }[] = [];
  for (const cell of cells) {
    const mid = cell.bbox.y + cell.bbox.height / 2;
    const g = groups.find((l) => Math.abs(l.mid - mid) <= Math.max(l.h, cell.bbox.height) * 0.5);
    if (g) g.cells.push(cell);
    else groups.push({ mid, h: cell.bbox.height, cells: [cell] });
  }
  groups.sort((a, b) => a.mid - b.mid);
  return groups.map((g) => g.cells.sort((a, b) => a.bbox.x - b.bbox.x));
}

/**
 * What a line is made of its words (at least one, left to right): text, folded text, box and
 * median word height. Shared by the grouping here and by passes that regroup words
 * (sloped-lines.ts), so a remade line measures like a grouped one.
 */
export function lineOfCells(cells: TextCell[]): Omit<TextLine, 'page' | 'index'> {
  const heights = cells.map((c) => c.bbox.height).sort((a, b) => a - b);
  const text = cells.map((c) => c.text).join(' ');
  return {
    cells,
    text,
    folded: foldGerman(text),
    top: Math.min(...cells.map((c) => c.bbox.y)),
    bottom: Math.max(...cells.map((c) => c.bbox.y + c.bbox.height)),
    x0: cells[0]!.bbox.x,
    x1: Math.max(...cells.map((c) => c.bbox.x + c.bbox.width)),
    size: heights[Math.floor(heights.length / 2)]!,
  };
}

/** A page's lines of non-blank words. */
export function pageLines(page: Page): TextLine[] {
  return groupByMidline(page.cells.filter((c) => c.text.trim() !== '')).map((cells, index) => {
    return { page: page.number, index, ...lineOfCells(cells) };
  });
}

export function documentTextLines(document: LoadedDocument): TextLine[] {
  return document.pages.flatMap(pageLines);
}

/** A page's text, one line of text per line of words (blank cells kept), for stages that read prose. */
export function pageText(page: Page): string {
  return groupByMidline(page.cells)
    .map((cells) => cells.map((w) => w.text).join(' '))
    .join('\n');
}

/** The whole document's text, pages one after another. */
export function documentText(document: LoadedDocument): string {
  return document.pages.map(pageText).join('\n');
}
