import { labelValueGrid, labelValuePairs, type LabelCell } from '../../layout/table/index.js';
import type { AmountToken, Line } from '../../layout/lines.js';
import { statementPatterns as vocab } from '../../layout/vocabulary.js';

/**
 * Opening and closing balance from labels each paired with its value by the table model
 * (layout/table/label-grid.ts, issue 21): a balance grid, labels in one row and each value under
 * its label, and the same laid out in one line, each value after its label
 * (`Kontostand alt 1.234,56 EUR · Eingänge +80,00 EUR · Ausgänge -14,56 EUR · Kontostand neu 1.300,00 EUR`).
 */
export interface LabelBalances {
  opening: AmountToken;
  closing: AmountToken;
}

/** A label with its value: the label's folded text and the date it names (yyyymmdd), if any. */
interface Labelled {
  folded: string;
  date: number | null;
  value: AmountToken;
}

/**
 * An opening label opens and a closing label closes; labels that name a balance at a date
 * (`Kontostand am …`) open with the earlier date and close with the later one (left to right
 * where they print none). Sums of the postings (Eingänge, Ausgänge) are no balance. Null where
 * the labels name fewer than two balances.
 */
function balancesOfLabels(entries: readonly Labelled[]): LabelBalances | null {
  const opening = entries.filter((e) => vocab.opening.test(e.folded) || vocab.summaryOpening.test(e.folded));
  const closing = entries.filter((e) => !opening.includes(e) && (vocab.closing.test(e.folded) || vocab.summaryClosing.test(e.folded)));
  const dated = entries.filter((e) => !opening.includes(e) && !closing.includes(e) && vocab.balanceAt.test(e.folded));
  if (dated.length >= 2 && dated.every((e) => e.date !== null)) dated.sort((a, b) => a.date! - b.date!);
  const open = opening[0] ?? dated[0];
  const close = closing[closing.length - 1] ?? dated.filter((e) => e !== open).at(-1);
  return open && close && open !== close ? { opening: open.value, closing: close.value } : null;
}

const dayNumber = (line: Line, x0: number, x1: number): number | null => {
  const d = line.dates.find((t) => t.x0 >= x0 - 1 && t.x1 <= x1 + 1)?.date;
  return d ? (d.year ?? 0) * 10000 + d.month * 100 + d.day : null;
};

/** A balance grid: `labels` over `values`, each value under its own label cell. */
export function gridBalances(labels: Line, values: Line): LabelBalances | null {
  const grid = labelValueGrid(labels, values);
  if (!grid) return null;
  const at = (c: LabelCell): number | null => dayNumber(labels, c.x0, c.x1);
  return balancesOfLabels(grid.map((e) => ({ folded: e.label.folded, date: at(e.label), value: e.value })));
}

const signed = (a: AmountToken): number => a.cents * (a.sign ?? 1);

/**
 * The grid in one line: each value belongs to the label before it on the line. Read only where
 * every value has a label and the line's own arithmetic holds: the sums it prints besides the
 * balances (lexicon `postingSum`: Eingänge, Ausgänge …) lead from the opening to the closing,
 * as signed or with the debits' sign left off (`Ausgänge 14,56`). A line whose sums do not add
 * up is not read this way (no value rather than a wrong one).
 */
export function lineBalances(line: Line): LabelBalances | null {
  const pairs = labelValuePairs(line);
  if (pairs.length < 2 || pairs.some((p) => p.folded === '')) return null;
  const read = balancesOfLabels(pairs.map((p, i) => ({ folded: p.folded, date: dayNumber(line, i > 0 ? pairs[i - 1]!.value.x1 : -Infinity, p.value.x0), value: p.value })));
  if (!read) return null;
  const sums = pairs.filter((p) => p.value !== read.opening && p.value !== read.closing && vocab.postingSum.test(p.folded)).map((p) => p.value);
  if (sums.length === 0) return read;
  const change = signed(read.closing) - signed(read.opening);
  const asSigned = sums.reduce((s, a) => s + signed(a), 0);
  // Unsigned sums: one side's sum counts negative; any one choice that adds up will do.
  const oneSide = sums.some((debit) => sums.reduce((s, a) => s + (a === debit ? -a.cents : a.cents), 0) === change);
  return asSigned === change || oneSide ? read : null;
}
