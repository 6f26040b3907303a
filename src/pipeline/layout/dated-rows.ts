import type { AmountToken, DateToken, Line, Sign } from '../model/lines.js';

/**
 * The shape every account statement has, whatever its words (issue 21: a Swiss card bill was
 * refused 422 because its labels were not in the lexicon): a column of dates, each row ending in
 * its amount, and printed balances the rows between them explain (opening + Σ = closing). Read
 * from the statement lines' date and amount tokens only — no word of any language — so both the
 * classifier (is this a statement?) and the kontoauszug engine (its structural reading when its
 * rules found no posting) ask the same question of the same lines.
 */
export interface DatedRow {
  line: Line;
  /** The row's first date (the booking date where the columns print two). */
  date: DateToken;
  /** A second leading date (value or receipt date), if the row prints one. */
  other: DateToken | null;
  amount: AmountToken;
  /** The row's last amount where it prints two after its dates (a running balance), else null. */
  balance: AmountToken | null;
}

/** Fewer rows than this are no column: a letter dates a payment or two too. */
export const MIN_DATED_ROWS = 3;

/**
 * Lines that start with a date (at most one cell before it: a weekday or a mark) and end with an
 * amount after that date, whose dates stand in one column: the left edge most rows share, within
 * two line heights. A line that is its date alone, or whose amount is not its last token, is no row.
 */
export function datedRows(lines: readonly Line[]): DatedRow[] {
  const candidates: DatedRow[] = [];
  for (const line of lines) {
    const date = line.dates[0];
    if (!date || date.word > 1) continue;
    const second = line.dates[1];
    const other = second && second.word <= date.last + 2 ? second : null;
    const lastDateWord = (other ?? date).last;
    const after = line.amounts.filter((a) => a.first > lastDateWord);
    const last = after[after.length - 1];
    if (!last || last.last !== line.words.length - 1) continue;
    const two = after.length >= 2;
    candidates.push({ line, date, other, amount: two ? after[after.length - 2]! : last, balance: two ? last : null });
  }
  const edge = commonEdge(candidates.map((r) => r.date.x0));
  return candidates.filter((r) => edge !== null && Math.abs(r.date.x0 - edge) <= 2 * r.line.size);
}

/** The x most values lie near (4-point buckets), or null for none. */
function commonEdge(xs: readonly number[]): number | null {
  const counts = new Map<number, number>();
  for (const x of xs) counts.set(Math.round(x / 4), (counts.get(Math.round(x / 4)) ?? 0) + 1);
  let best: [number, number] | null = null;
  for (const [bucket, n] of counts) if (!best || n > best[1]) best = [bucket, n];
  return best ? best[0] * 4 : null;
}

/** A printed amount with the line that prints it, signed as printed (unsigned counts as positive). */
export interface PrintedBalance {
  line: Line;
  amount: AmountToken;
  cents: number;
}

/** What the arithmetic needs of a row: its line and its amount. */
export type AmountRow = Pick<DatedRow, 'line' | 'amount'>;

/** Opening and closing amounts the rows between them reconcile, and the row signs that do it. */
export interface Reconciliation<R extends AmountRow = DatedRow> {
  opening: PrintedBalance;
  closing: PrintedBalance;
  /** Per row of `rows` (in order), the sign under which the equation holds. */
  signs: Sign[];
  /** The rows the equation sums: all of them, or all but a first and last row that are the balances. */
  rows: R[];
}

/**
 * `bracketed`: the first and last row may be the balances themselves; `summaryAbove`: the closing
 * may stand above the rows too, beside the opening in one summary row. The engine, which reads
 * balances by their own rules first, asks for neither (structural-reading.ts).
 */
export interface ReconcileOptions {
  bracketed?: boolean;
  summaryAbove?: boolean;
}

/** How far before the first row and after the last an opening or closing balance is looked for (lines with amounts). */
const BALANCE_REACH = 8;

/**
 * Whether printed amounts around the rows are an opening and a closing balance the rows explain:
 * opening + Σ rows = closing, where each row's sign is the one it prints (`-`, `+`, S/H) and an
 * unsigned row's is tried by column (the amounts' right edges in one column: all one side; in
 * two: left debit or left credit). The opening is an amount on a line above the first row (a
 * balance summary row above the list may hold the closing too) or, when both balances are
 * dated rows themselves, the first row with the last as the closing. An opening of zero is no
 * evidence (opening + Σ = closing is then a column and its total, as any invoice prints), so it
 * is not taken. Null when no pair reconciles.
 */
export function reconcileRows<R extends AmountRow>(lines: readonly Line[], rows: readonly R[], opts: ReconcileOptions = {}): Reconciliation<R> | null {
  const { bracketed = true, summaryAbove = true } = opts;
  if (rows.length < MIN_DATED_ROWS) return null;
  const first = rows[0]!.line.index;
  const lastRow = rows[rows.length - 1]!.line.index;
  const rowLines = new Set(rows.map((r) => r.line.index));
  const withAmounts = lines.filter((l) => l.amounts.length > 0 && !rowLines.has(l.index));
  const before = withAmounts.filter((l) => l.index < first).slice(-BALANCE_REACH);
  const after = withAmounts.filter((l) => l.index > lastRow).slice(0, BALANCE_REACH);
  const openings = printed(before);
  const closings = summaryAbove ? [...printed(after), ...openings] : printed(after);
  const ends = bracketed && rows.length > MIN_DATED_ROWS ? bracket(rows) : null;
  for (const signs of signVariants(rows)) {
    const total = rows.reduce((t, r, i) => t + signs[i]! * r.amount.cents, 0);
    for (const o of openings) {
      if (o.cents === 0) continue;
      // Without a summary row above, opening and closing are printed on lines of their own.
      const c = closings.find((c) => (summaryAbove ? c.amount !== o.amount : c.line !== o.line) && o.cents + total === c.cents);
      if (c) return { opening: o, closing: c, signs, rows: [...rows] };
    }
    if (ends) {
      const inner = signs.slice(1, -1);
      const sum = ends.rows.reduce((t, r, i) => t + inner[i]! * r.amount.cents, 0);
      if (ends.opening.cents !== 0 && ends.opening.cents + sum === ends.closing.cents) return { ...ends, signs: inner };
    }
  }
  return null;
}

/** The first and last row read as the balances (their row amount), the rows between as the postings. */
function bracket<R extends AmountRow>(rows: readonly R[]): Omit<Reconciliation<R>, 'signs'> {
  const ends = [rows[0]!, rows[rows.length - 1]!].map((r) => ({ line: r.line, amount: r.amount, cents: r.amount.cents * (r.amount.sign ?? 1) }));
  return { opening: ends[0]!, closing: ends[1]!, rows: rows.slice(1, -1) };
}

function printed(lines: readonly Line[]): PrintedBalance[] {
  return lines.flatMap((line) => line.amounts.map((amount) => ({ line, amount, cents: amount.cents * (amount.sign ?? 1) })));
}

/**
 * The sign assignments worth trying: a row's printed sign always stands; unsigned rows all
 * credit, all debit, or split by the column their amount ends in (left debit, or left credit).
 */
export function signVariants(rows: readonly AmountRow[]): Sign[][] {
  const unsigned = rows.filter((r) => r.amount.sign === null);
  const size = rows[0]!.line.size;
  const split = columnSplit(unsigned.map((r) => r.amount.x1), size);
  const as = (f: (r: AmountRow) => Sign): Sign[] => rows.map((r) => r.amount.sign ?? f(r));
  const variants = [as(() => 1), as(() => -1)];
  if (split !== null) variants.push(as((r) => (r.amount.x1 < split ? -1 : 1)), as((r) => (r.amount.x1 < split ? 1 : -1)));
  return variants;
}

/** Where two columns of right edges part (the middle of the widest gap), or null for one column. */
function columnSplit(x1s: readonly number[], size: number): number | null {
  const xs = [...x1s].sort((a, b) => a - b);
  let gap = 0;
  let at = 0;
  for (let i = 1; i < xs.length; i++) {
    if (xs[i]! - xs[i - 1]! > gap) [gap, at] = [xs[i]! - xs[i - 1]!, (xs[i]! + xs[i - 1]!) / 2];
  }
  return gap > 2 * size ? at : null;
}
