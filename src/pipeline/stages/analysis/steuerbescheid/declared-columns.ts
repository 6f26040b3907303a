/**
 * A deviation from the return shown by a table rather than said in words (issue 22, batch H): a
 * notice that prints what was declared beside what the office found or set (`erklärt |
 * festgestellt`, `lt. Erklärung | lt. Bescheid`, `angemeldet | festgesetzt`) deviates where a row's
 * two figures differ. Returns a sentence naming the first such row, for the
 * abweichung_von_erklaerung flag; null when no such table or every row agrees.
 */
import { foldGerman } from '../../../layout/fold.js';
import { figureAt } from '../../../layout/figures.js';
import { sameColumn, type Extent } from '../../../layout/table/index.js';
import type { TextLine } from '../../../layout/text-lines.js';

/** Folded column heads: what the taxpayer declared, and what the office found or set. */
const DECLARED = /^(?:erklart|angemeldet|lt\.? erklarung|laut erklarung|erklarung|ihre angaben|lt\.? anmeldung)$/u;
const FOUND = /^(?:festgestellt|festgesetzt|lt\.? bescheid|laut bescheid|anerkannt|berucksichtigt|lt\.? finanzamt|ermittelt)$/u;
/** Rows read below the header at most. */
const MAX_ROWS = 15;

/** Header cells (a head may span two words, `lt. Erklärung`) with their extent. */
function headCells(line: TextLine): { text: string; x0: number; x1: number }[] {
  const out: { text: string; x0: number; x1: number }[] = [];
  line.cells.forEach((c, i) => {
    const one = { text: foldGerman(c.text).trim(), x0: c.bbox.x, x1: c.bbox.x + c.bbox.width };
    out.push(one);
    const next = line.cells[i + 1];
    if (next) out.push({ text: `${one.text} ${foldGerman(next.text).trim()}`, x0: one.x0, x1: next.bbox.x + next.bbox.width });
  });
  return out;
}

function moneyIn(line: TextLine, column: Extent): number | null {
  for (let i = 0; i < line.cells.length; i++) {
    const f = figureAt(line, i);
    if (f?.kind === 'money' && f.cents !== null && sameColumn(f, column, 6)) return f.cents;
  }
  return null;
}

export function declaredColumnsDeviation(lines: readonly TextLine[]): string | null {
  for (let h = 0; h < lines.length; h++) {
    const cells = headCells(lines[h]!);
    const declared = cells.find((c) => DECLARED.test(c.text));
    const found = cells.find((c) => FOUND.test(c.text));
    if (!declared || !found || declared.x0 === found.x0) continue;
    for (let j = h + 1; j < lines.length && j <= h + MAX_ROWS && lines[j]!.page === lines[h]!.page; j++) {
      const row = lines[j]!;
      const a = moneyIn(row, declared);
      const b = moneyIn(row, found);
      if (a === null || b === null) continue;
      if (a !== b) return `${row.text.trim()} (${lines[h]!.text.trim()})`;
    }
  }
  return null;
}
