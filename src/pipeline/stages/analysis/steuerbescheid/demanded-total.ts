/**
 * What a notice without a Festsetzung table demands (issue 22, batch H): a Rückforderungsbescheid
 * sums the months reclaimed (`Rückforderungsbetrag 1.275,00 €`), an import-duty notice its duties
 * (`Zoll 40,92`, `Einfuhrumsatzsteuer 72,56`, `Zu entrichtender Gesamtbetrag 113,48 EUR`). The
 * last row whose amount is the sum of the rows directly above it (common/sum-rows-above.ts) is
 * the total — a calculation closes with what is due; a base summed before it (`Zollwert`) is not; it and its parts become key numbers under their printed labels, words with digits
 * (box numbers `(7)`, codes `A00`) left out of the names.
 */
import type { TextLine } from '../../../layout/text-lines.js';
import type { LabelledAmount } from '../common/labelled-amounts.js';
import { figureAt } from '../../../layout/figures.js';
import { lastMoney, partsAbove } from '../common/sum-rows-above.js';

/**
 * A row's name: its label cells up to the first figure, left out what names another figure than
 * the row's amount — the cell just before a base or rate (`Messbetrag | 112,30 € | 590 % | 662,57 €`)
 * and, after the first word, any cell holding a digit (`18 m Frontlänge`); words with digits
 * (box numbers `(7)`, codes `A00`) are never part of a name.
 */
function nameOf(line: TextLine): string {
  const figures = line.cells.map((_, i) => figureAt(line, i) !== null);
  const first = figures.indexOf(true);
  const end = first < 0 ? line.cells.length : first;
  // A figure before the row's amount is a base or rate: the cell just before it is that figure's label.
  const labelEnd = end >= 2 && figures.lastIndexOf(true) > first ? end - 1 : end;
  const words: string[] = [];
  for (let i = 0; i < labelEnd; i++) {
    const cellWords = line.cells[i]!.text.split(/\s+/u).filter((w) => w.length > 0);
    if (words.length > 0 && cellWords.some((w) => /\d/u.test(w))) break;
    words.push(...cellWords.filter((w) => !/\d/u.test(w)));
  }
  return words.join(' ');
}

export function demandedTotal(lines: readonly TextLine[]): { total: LabelledAmount; parts: LabelledAmount[] } | null {
  let last: { total: LabelledAmount; parts: LabelledAmount[] } | null = null;
  for (const line of lines) {
    const own = lastMoney(line);
    if (!own || own.cents === null || own.cents <= 0) continue;
    const rows = partsAbove(lines, line);
    if (!rows) continue;
    const parts = rows.reverse().map((p) => ({ label: nameOf(p.line), value: p.figure.printed, page: p.line.page }));
    // Rows named alike (one per month for the same child) are a breakdown, not amounts of their own.
    const distinct = new Set(parts.map((p) => p.label)).size === parts.length;
    last = { total: { label: nameOf(line), value: own.printed, page: line.page }, parts: distinct ? parts : [] };
  }
  return last;
}
