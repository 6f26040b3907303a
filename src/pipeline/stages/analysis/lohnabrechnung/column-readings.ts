/**
 * A payslip's deductions printed in several money columns whose header names no role the row
 * reader knows (`Lohnsteuer 331,25 212,00 543,25` under `laufend | sonstiger Bezug | gesamt`):
 * which column is the month's deduction is disputed. Each column is one reading of every such
 * row at once (a table is read by its columns, never a figure here and another there); the
 * column whose header means the row's total (lexicon `headerRowTotal`) is tried first, then the
 * row reader's own choice, then the others. The net check judges between them (checks.ts); where
 * no reading adds up, the disputed values are left out rather than reported under their label.
 */
import { foldGerman } from '../../../layout/fold.js';
import { letterPattern, printedWords } from '../../../layout/letter-words.js';
import type { TextLine } from '../../../layout/text-lines.js';
import { placeOf } from '../common/line-order.js';
import { rowFigures, type RowFigure } from '../common/row-figures.js';
import type { FoundValue } from '../common/values.js';

const ROW_TOTAL = letterPattern('headerRowTotal', String.raw`^($W)$`, '');
const CURRENCY = new RegExp(`^(${printedWords('statement', 'currencyWord')})$`, 'i');

export interface ColumnReadings {
  /** The deductions whose rows hold more than one candidate amount. */
  disputed: string[];
  /** Readings to try, in order: per reading, a value for each disputed deduction. */
  readings: Record<string, FoundValue>[];
}

/** Money figures of the row that may be its amount: not a rate, base, employer share or year to date. */
function candidates(f: FoundValue, lines: readonly TextLine[]): RowFigure[] {
  if (f.line !== f.label.line) return [];
  const figs = rowFigures(f.line, f.label.last + 1, lines).filter((g) => g.kind === 'money' && (g.role === 'unknown' || g.role === 'amount'));
  // Columns of one row stand side by side with nothing but figures between them; a word between
  // two amounts starts another label's pair (`KV-Beitrag 360,18  RV-Beitrag 385,02` on one line).
  const out = figs.slice(0, 1);
  for (const g of figs.slice(1)) {
    const prev = out[out.length - 1]!;
    const between = f.line.cells.slice(prev.index + prev.used, g.index);
    if (between.some((c) => /\p{L}{2}/u.test(c.text) && !CURRENCY.test(c.text))) break;
    out.push(g);
  }
  return out;
}

/** Whether a header cell meaning the row's total stands over `fig`: the nearest line above without money, within six lines. */
function underRowTotal(fig: RowFigure, line: TextLine, lines: readonly TextLine[]): boolean {
  const at = placeOf(lines, line);
  for (let k = at - 1; k >= Math.max(0, at - 6); k--) {
    const above = lines[k]!;
    if (above.page !== line.page) return false;
    if (above.cells.some((c) => /\d,\d{2}/.test(c.text))) continue;
    return above.cells.some((c) => c.bbox.x <= fig.x1 + 6 && c.bbox.x + c.bbox.width >= fig.x0 - 6 && ROW_TOTAL.test(foldGerman(c.text).replace(/[^a-z]/g, '')));
  }
  return false;
}

export function columnReadings(found: Record<string, FoundValue | null>, names: readonly string[], lines: readonly TextLine[]): ColumnReadings {
  const rows = names.flatMap((n) => {
    const f = found[n];
    if (!f) return [];
    const figs = candidates(f, lines);
    // Disputed only where the candidates differ (an AN and AG share of the same size are one reading).
    return figs.length >= 2 && new Set(figs.map((g) => g.cents)).size > 1 ? [{ name: n, f, figs }] : [];
  });
  const width = rows[0]?.figs.length ?? 0;
  if (rows.length === 0 || rows.some((r) => r.figs.length !== width)) return { disputed: rows.map((r) => r.name), readings: [] };
  const first = rows[0]!;
  const chosen = first.figs.findIndex((g) => g.printed === first.f.value);
  const total = first.figs.findIndex((g) => underRowTotal(g, first.f.line, lines));
  const order = [total, chosen, ...first.figs.keys()].filter((k, i, all) => k >= 0 && all.indexOf(k) === i);
  const readings = order.map((k) => Object.fromEntries(rows.map((r) => [r.name, { ...r.f, value: r.figs[k]!.printed }])));
  return { disputed: rows.map((r) => r.name), readings };
}
