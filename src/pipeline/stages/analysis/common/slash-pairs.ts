/**
 * Labels and values paired by slashes (a payroll head's `StKl / Kfb / Konf.   1 / 0,0 / rk`):
 * the labels printed as one slash-joined group and, next on the line, the values as a group of
 * the same number of parts; a label's value is the part at the label's place. Taken only when
 * both groups have the same number of parts (two or more), so no part is paired by guess.
 */
import { foldGerman } from '../../../layout/fold.js';
import type { TextLine } from '../../../layout/text-lines.js';
import type { FoundValue } from './values.js';

const parts = (group: string) => group.split('/');
const bare = (s: string) => foldGerman(s).replace(/[.:]+$/u, '');

/** The value paired with one of `labels`, where `accept` takes it; null when no line pairs it. */
export function slashPairedValue(lines: readonly TextLine[], labels: readonly string[], accept: (value: string) => boolean): FoundValue | null {
  const wanted = new Set(labels.map(bare));
  for (const line of lines) {
    if (!line.text.includes('/')) continue;
    const groups = line.cells.map((c) => c.text).join(' ').replace(/\s*\/\s*/gu, '/').split(/\s+/u);
    for (let g = 0; g + 1 < groups.length; g++) {
      const names = parts(groups[g]!);
      const values = parts(groups[g + 1]!);
      if (names.length < 2 || values.length !== names.length) continue;
      const at = names.findIndex((n) => wanted.has(bare(n)));
      const value = at >= 0 ? values[at]! : '';
      if (at < 0 || !accept(value)) continue;
      const k = Math.max(0, line.cells.findIndex((c) => c.text.includes(names[at]!)));
      const cell = line.cells[k]!;
      return { value, page: line.page, line, label: { line, first: k, last: k, x0: cell.bbox.x, x1: cell.bbox.x + cell.bbox.width } };
    }
  }
  return null;
}
