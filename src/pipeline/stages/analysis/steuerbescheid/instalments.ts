/**
 * The annual amount and the instalments of a notice that sets a tax for a year and collects it in
 * instalments (issue 22, batch K: a Grundsteuer C notice prints `Jahressteuer 655,68 €` and a
 * schedule `1. Quartal | 15.02.2026 | 163,92 €` … `4. Quartal`). Both are amounts the notice sets
 * (SPEC's names are a minimum). They are tied by the notice's own arithmetic: a run of two or more
 * rows that each print a due date and an amount in one column is a schedule only where its
 * amounts add up to an amount the page prints elsewhere — that amount is the annual one, named by
 * its row's label or, in a grid, by the header over it. Equal instalments are one key number
 * (`Rate Quartal`), unequal ones one per row. Without the sum, nothing is reported.
 */
import { figureAt, type Figure } from '../../../layout/figures.js';
import { cellExtent, headerCellAbove, sameColumn } from '../../../layout/table/index.js';
import type { TextLine } from '../../../layout/text-lines.js';
import type { LabelledAmount } from '../common/labelled-amounts.js';
import { lastMoney, printedLabel } from '../common/sum-rows-above.js';
import { DATE_SRC } from '../common/prose.js';

const DATE = new RegExp(DATE_SRC, 'u');

/** A schedule row: a due date and the row's last money figure. */
function instalmentOf(line: TextLine): Figure | null {
  const f = lastMoney(line);
  return f && f.cents !== null && f.cents > 0 && DATE.test(line.text) ? f : null;
}

/** The row's words without digits before its first figure or date (`1. Quartal` → `Quartal`). */
function rowWords(line: TextLine): string {
  const words: string[] = [];
  for (const cell of line.cells) {
    if (/\d/u.test(cell.text) && words.length > 0) break;
    if (!/\d/u.test(cell.text)) words.push(cell.text.replace(/[,:]$/u, ''));
  }
  return words.join(' ');
}

/** A label of letters (three in a row), not a row of figures only. */
const named = (label: string) => /\p{L}{3}/u.test(label);

export function instalmentSchedule(lines: readonly TextLine[]): { annual: LabelledAmount; instalments: LabelledAmount[] } | null {
  for (let i = 0; i < lines.length; i++) {
    const first = instalmentOf(lines[i]!);
    if (!first) continue;
    const run: { line: TextLine; figure: Figure }[] = [{ line: lines[i]!, figure: first }];
    for (let j = i + 1; j < lines.length && lines[j]!.page === lines[i]!.page; j++) {
      const f = instalmentOf(lines[j]!);
      if (!f || !sameColumn(f, first)) break;
      run.push({ line: lines[j]!, figure: f });
    }
    if (run.length < 2) continue;
    const sum = run.reduce((a, r) => a + r.figure.cents!, 0);
    const annual = annualAmount(lines, run, sum);
    if (!annual) {
      i += run.length - 1;
      continue;
    }
    const equal = run.every((r) => r.figure.cents === first.cents);
    const header = headerCellAbove(lines, run[0]!.line, cellExtent(run[0]!.line.cells[0]!));
    const instalments = equal
      ? [{ label: `${header ?? ''} ${rowWords(run[0]!.line)}`.trim() || 'Rate', value: first.printed, page: run[0]!.line.page }]
      : run.map((r) => ({ label: rowWords(r.line) || header || 'Rate', value: r.figure.printed, page: r.line.page }));
    return { annual, instalments };
  }
  return null;
}

/** The first amount on the schedule's page, outside it, that is the sum of its instalments. */
function annualAmount(lines: readonly TextLine[], run: readonly { line: TextLine }[], sum: number): LabelledAmount | null {
  const page = run[0]!.line.page;
  for (const line of lines) {
    if (line.page !== page || run.some((r) => r.line === line)) continue;
    for (let k = 0; k < line.cells.length; k++) {
      const f = figureAt(line, k);
      if (f?.kind !== 'money' || f.cents !== sum) continue;
      const label = printedLabel(line);
      const name = named(label) ? label : headerCellAbove(lines, line, f);
      if (name && named(name)) return { label: name, value: f.printed, page };
    }
  }
  return null;
}
