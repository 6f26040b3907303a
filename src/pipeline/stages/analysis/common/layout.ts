/**
 * Lines of positioned words, the unit the label–value finder and the section splitter work
 * on. A line is the words of one page whose vertical centres lie within half a word height
 * of each other (as `pageText` groups them), sorted left to right; text-layer and OCR pages
 * alike (coordinates are PDF points, top-left origin).
 */
import type { LoadedDocument, Page, TextCell } from '../../../model/document.js';
import { foldGerman } from '../../classify/fold-text.js';

export interface Line {
  page: number;
  /** Index of the line within its page, top to bottom. */
  index: number;
  cells: TextCell[];
  text: string;
  top: number;
  bottom: number;
  x0: number;
  x1: number;
  /** Median word height of the line (points). */
  size: number;
}

export function pageLines(page: Page): Line[] {
  const groups: { mid: number; h: number; cells: TextCell[] }[] = [];
  for (const cell of page.cells) {
    if (!cell.text.trim()) continue;
    const mid = cell.bbox.y + cell.bbox.height / 2;
    const g = groups.find((l) => Math.abs(l.mid - mid) <= Math.max(l.h, cell.bbox.height) * 0.5);
    if (g) g.cells.push(cell);
    else groups.push({ mid, h: cell.bbox.height, cells: [cell] });
  }
  groups.sort((a, b) => a.mid - b.mid);
  return groups.map((g, index) => {
    const cells = g.cells.sort((a, b) => a.bbox.x - b.bbox.x);
    const heights = cells.map((c) => c.bbox.height).sort((a, b) => a - b);
    return {
      page: page.number,
      index,
      cells,
      text: cells.map((c) => c.text).join(' '),
      top: Math.min(...cells.map((c) => c.bbox.y)),
      bottom: Math.max(...cells.map((c) => c.bbox.y + c.bbox.height)),
      x0: cells[0]!.bbox.x,
      x1: Math.max(...cells.map((c) => c.bbox.x + c.bbox.width)),
      size: heights[Math.floor(heights.length / 2)]!,
    };
  });
}

export function documentLines(document: LoadedDocument): Line[] {
  return document.pages.flatMap(pageLines);
}

/** A word folded for comparison: German fold (ä→a, ß→ss, ae→a …), letters and digits only. */
export function foldWord(text: string): string {
  return foldGerman(text).replace(/[^a-z0-9]/g, '');
}

/** Levenshtein distance, stopping early once it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

/** Edits tolerated for OCR noise: none for short labels, one per seven letters beyond that. */
export function tolerance(folded: string): number {
  return folded.length <= 4 ? 0 : Math.min(3, Math.floor(folded.length / 7));
}

export interface LabelHit {
  line: Line;
  /** First and last word index of the label within the line. */
  first: number;
  last: number;
  x0: number;
  x1: number;
}

/**
 * Finds a label in a line: the folded label must equal (within OCR tolerance) the concatenation
 * of 1–4 consecutive words, so that split, merged and hyphenated words match too
 * ("Solidaritäts- zuschlag", "Gesamt-Brutto", "Kirchen steuer"). With `prefix`, the words may
 * continue past the label ("Kirchensteuer rk" for "kirchensteuer" is a separate word anyway;
 * "Lohnsteuer:" folds to "lohnsteuer").
 */
export function findLabel(line: Line, label: string, prefix = false): LabelHit | null {
  const target = foldWord(label);
  if (!target) return null;
  const max = tolerance(target);
  const words = line.cells.map((c) => foldWord(c.text));
  for (let i = 0; i < words.length; i++) {
    let joined = '';
    for (let j = i; j < Math.min(words.length, i + 4); j++) {
      joined += words[j];
      if (joined.length > target.length + max + (prefix ? 40 : 0)) break;
      const candidate = prefix ? joined.slice(0, target.length) : joined;
      // The first two letters must be exact: abbreviations differ there ("KV-Beitrag" / "PV-Beitrag").
      if (joined.length + max >= target.length && candidate.slice(0, 2) === target.slice(0, 2) && editDistance(candidate, target, max) <= max) {
        const cells = line.cells.slice(i, j + 1);
        return {
          line,
          first: i,
          last: j,
          x0: cells[0]!.bbox.x,
          x1: Math.max(...cells.map((c) => c.bbox.x + c.bbox.width)),
        };
      }
    }
  }
  return null;
}
