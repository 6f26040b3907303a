import type { AmountToken, Line } from '../../layout/lines.js';
import type { BlockLayout } from './block-layout.js';
import { columnOf, type Column, type ColumnRole } from './columns.js';
import { unreadAmountWord } from './posting-lines.js';

/** A posting line's own amount, the column it stands in, its running balance, and every amount taken. */
export interface PostingAmounts {
  amount: AmountToken;
  role: ColumnRole;
  /** The debit/credit role was inferred by the layout, no header word named it (columns.ts `Column.source`). */
  sideInferred?: true;
  balance: AmountToken | null;
  /** The amounts that are the posting's (amount and balance): not part of its text. */
  used: AmountToken[];
}

/** The posting amount of a line that carries at least one amount, and its running balance, if any. */
export function amountsOf(l: Line, layout: Pick<BlockLayout, 'model' | 'balanceLast'>): PostingAmounts {
  const { model, balanceLast } = layout;
  if (model.flattened || model.columns.length === 0) {
    // Flattened text: the amount is the last amount on the line, or the one before it when
    // the header ends in a balance column (Saldo/Kontostand).
    const n = l.amounts.length;
    if (n >= 2 && balanceLast) {
      const a = l.amounts[n - 2]!;
      const b = l.amounts[n - 1]!;
      return { amount: a, role: 'amount', balance: b, used: [a, b] };
    }
    const a = l.amounts[n - 1]!;
    return { amount: a, role: 'amount', balance: null, used: [a] };
  }
  let amount: AmountToken | null = null;
  let role: ColumnRole = 'amount';
  let sideInferred = false;
  let balance: AmountToken | null = null;
  const used: AmountToken[] = [];
  for (const t of l.amounts) {
    const c = columnOf(t, model, l.size);
    if (!c) continue;
    used.push(t);
    // An amount's parts (gross, fee) are neither the posting's amount nor its text.
    if (c.role === 'part') continue;
    if (c.role === 'balance') balance = t;
    else if (!amount) {
      amount = t;
      role = c.role;
      sideInferred = inferredSide(c);
    }
  }
  if (!amount) {
    // A dated line with amounts outside every column is still a posting (a column the
    // model missed, e.g. the rarely used Haben column); its last amount that is not the
    // running balance is the best reading, its sign left to the balance or the type.
    const a = [...l.amounts].reverse().find((t) => t !== balance) ?? l.amounts[l.amounts.length - 1]!;
    return a === balance ? { amount: a, role: 'amount', balance: null, used: [a] } : { amount: a, role: 'amount', balance, used: balance ? [a, balance] : [a] };
  }
  return { amount, role, balance, used, ...(sideInferred ? { sideInferred: true as const } : {}) };
}

/** A debit or credit column whose side the layout inferred (no header word named it). */
export function inferredSide(c: Column): boolean {
  return (c.role === 'debit' || c.role === 'credit') && c.source === 'layout';
}

/** Every amount of the line stands in the running-balance column (the posting's own may not have read). */
export function balanceOnly(l: Line, layout: Pick<BlockLayout, 'model'>): boolean {
  return l.amounts.length > 0 && !layout.model.flattened && l.amounts.every((t) => columnOf(t, layout.model, l.size)?.role === 'balance');
}

/**
 * On an OCR'd page, a line that starts with its dates like a posting but whose amount did not
 * read: the rightmost word after the dates that is an unreadable amount standing in a posting
 * column (numbers of the text elsewhere on the line are passed over; one in the running
 * balance's column ends the search). Where columns are not known, nothing is guessed.
 */
export function unreadAmount(
  l: Line,
  nDates: number,
  layout: Pick<BlockLayout, 'model'>,
  ocrPages: ReadonlySet<number>,
): { token: AmountToken; role: ColumnRole; sideInferred: boolean; digits: string[] } | null {
  const { model } = layout;
  if (!ocrPages.has(l.page) || model.flattened || model.columns.length === 0) return null;
  const read = new Set(l.amounts.flatMap((t) => Array.from({ length: t.last - t.first + 1 }, (_, k) => t.first + k)));
  for (let i = l.words.length - 1; i >= nDates; i--) {
    const w = l.words[i]!;
    if (read.has(i)) continue;
    const digits = unreadAmountWord(w);
    if (digits === null) continue;
    const token: AmountToken = { cents: 0, sign: null, first: i, last: i, x0: w.x0, x1: w.x1 };
    const c = columnOf(token, model, l.size);
    if (c?.role === 'balance') return null;
    if (c) return { token, role: c.role, sideInferred: inferredSide(c), digits };
  }
  return null;
}
