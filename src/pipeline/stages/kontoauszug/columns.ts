import { fold } from '../../layout/fold.js';
import { statementPatterns as vocab } from '../../layout/vocabulary.js';
import type { AmountToken, Line } from '../../layout/lines.js';
import { amountColumns, columnOf as tableColumnOf, headerCellEnd, headerOver, inColumn, median, type HeaderCell } from '../../layout/table/index.js';

/** The column positions are the table model's (layout/table/amount-columns.ts); re-exported for the rules. */
export { median };

/**
 * The amount columns of the postings table, found from the x-positions of amounts across many
 * lines and from the words of the column header (Soll/Haben, Belastung/Gutschrift, Betrag,
 * Saldo/Kontostand …), never from a bank's known coordinates. Where the columns and header
 * cells stand is the table model's (layout/table: `amountColumns`, `headerOver`); what a header
 * word means, and how columns that no header names are read, is the statement's, here.
 *
 * Roles: `amount` (one column, signed or not), `debit` / `credit` (separate columns),
 * `balance` (a running balance that is not the posting's amount).
 */
export type ColumnRole = 'amount' | 'debit' | 'credit' | 'balance' | 'part';

export interface Column {
  /** Right edge the column's amounts align to. */
  x1: number;
  role: ColumnRole;
  /**
   * Where the role came from: a header word over the column (`Soll`, `Haben`, `Saldo` …) or the
   * layout alone (columns that never share a line are Soll left of Haben; two that do are an
   * amount and its running balance). A side the layout inferred holds only relative to the
   * running balance read as a credit balance: where the balance is a debt (a loan's unsigned
   * `Restschuld`), it turns with it (balance-readings.ts `loan: unsigned debt`); a headed side
   * never does.
   */
  source: 'header' | 'layout';
}

export interface ColumnModel {
  /**
   * True when amounts do not line up in columns (text flattened to single spaces, as some
   * exports and every text-only rendering are): then each posting's amount is the last amount
   * on its line and positions say nothing about the sign.
   */
  flattened: boolean;
  columns: Column[];
}

export interface HeaderLine {
  line: Line;
  roles: HeaderCell<ColumnRole>[];
}

/** A column header: no amounts, at least three header words, most of its words header words. */
export function headerLine(line: Line): HeaderLine | null {
  if (line.amounts.length > 0 || line.dates.length > 0) return null;
  const words = line.words.map((w) => fold(w.text).replace(/[:/|]+$/u, ''));
  const hits = words.filter((w) => vocab.headerWord.test(w)).length;
  if (hits < 2 || hits < words.length * 0.6) return null;
  const roles: HeaderLine['roles'] = [];
  line.words.forEach((w, i) => {
    const t = words[i]!;
    // "zu Ihren Lasten | zu Ihren Gunsten": the debit and credit columns of the large banks.
    const role: ColumnRole | null = vocab.debitHeader.test(t)
      ? 'debit'
      : vocab.creditHeader.test(t)
        ? 'credit'
        : vocab.balanceHeader.test(t)
          ? 'balance'
          : vocab.amountHeader.test(t)
            ? 'amount'
            : null;
    // "Wir haben für Sie gebucht" is prose, not a Haben column.
    if (role === 'credit' && t === 'haben' && words[i - 1] === 'wir') return;
    if (role) roles.push({ x0: w.x0, x1: w.x1, role });
  });
  // "Belastung in EUR": the column's right edge is that of its last header word.
  for (const r of roles) {
    const i = line.words.findIndex((w) => w.x0 === r.x0);
    r.x1 = headerCellEnd(line.words, i, line.size, (k) => vocab.currencySuffix.test(words[k]!));
  }
  return { line, roles };
}

/**
 * Builds the column model from the posting candidates (lines that carry an amount where a
 * posting would) and the header lines seen in the document.
 */
export function columnModel(candidates: readonly Line[], headers: readonly HeaderLine[]): ColumnModel {
  const found = amountColumns(candidates);
  if (found.flattened) return { flattened: true, columns: [] };
  if (found.columns.length === 0) return { flattened: false, columns: [] };
  const size = found.size;
  const headerRoles = headers.flatMap((h) => h.roles);
  // Amounts that line up left of every headed amount column, under no header of their own, are
  // figures of the text column (`Card transaction of 12,34 EUR issued by …`: the sentence starts
  // alike on every line), not a column — where some other column has its header.
  const headed = found.columns.filter((c) => headerOver(c.x1, headerRoles, size) !== null);
  const leftmost = Math.min(...headerRoles.map((r) => r.x0));
  const kept = headed.length > 0 ? found.columns.filter((c) => headerOver(c.x1, headerRoles, size) !== null || c.x1 >= leftmost - size) : found.columns;
  const columns: Column[] = kept.map((c) => {
    const role = headerOver(c.x1, headerRoles, size)?.role;
    return { x1: c.x1, role: role ?? 'amount', source: role ? 'header' : 'layout' };
  });
  // Soll and Haben are two columns apart: two columns given the same side, or two columns
  // closer than a few characters (one column whose amounts do not quite align, as in text
  // whose header no longer lines up), say nothing about the side; their printed signs do.
  for (const side of ['debit', 'credit'] as const) {
    const same = columns.filter((c) => c.role === side);
    if (same.length > 1) for (const c of same) c.role = 'amount';
  }
  columns.forEach((c, i) => {
    const prev = columns[i - 1];
    if (prev && c.x1 - prev.x1 < size * 3 && (c.role === 'debit' || c.role === 'credit' || prev.role === 'debit' || prev.role === 'credit')) {
      if (c.role !== 'balance') c.role = 'amount';
      if (prev.role !== 'balance') prev.role = 'amount';
    }
  });
  // A table has one running balance, its rightmost balance-headed column: two amount columns
  // matched to the same "Saldo" word (text whose header no longer lines up with the amounts)
  // would leave a posting without its amount.
  const balances = columns.filter((c) => c.role === 'balance');
  for (const c of balances.slice(0, -1)) c.role = 'amount';
  // Without header words, infer from how columns co-occur: two amounts on the same line are an
  // amount and a running balance; two columns that never share a line are Soll and Haben.
  // Too few postings, or columns too close together, say nothing about Soll/Haben.
  const apart = columns.every((c, i) => i === 0 || c.x1 - columns[i - 1]!.x1 >= size * 4);
  if ((headerRoles.length === 0 || columns.every((c) => c.role === 'amount')) && candidates.length >= 3 && apart) {
    for (const c of columns) c.source = 'layout';
    if (columns.length === 2) {
      const both = candidates.filter((l) => inColumn(l.amounts, columns[0]!, size) && inColumn(l.amounts, columns[1]!, size)).length;
      if (both >= candidates.length * 0.5) columns[1]!.role = 'balance';
      else {
        columns[0]!.role = 'debit';
        columns[1]!.role = 'credit';
      }
    } else if (columns.length === 3 && partsOfAmount(candidates, columns, size)) {
      // Brutto + Gebühr = Netto on the lines (an e-money account's fee columns): the row's
      // own arithmetic says the third column is the posting, the other two its parts.
      columns[0]!.role = 'part';
      columns[1]!.role = 'part';
      columns[2]!.role = 'amount';
    } else if (columns.length === 3) {
      columns[0]!.role = 'debit';
      columns[1]!.role = 'credit';
      columns[2]!.role = 'balance';
    }
  }
  return { flattened: false, columns };
}

/**
 * Three columns read as an amount and its two parts (gross + fee = net): on at least half of the
 * lines that print all three, the first two add up to the third, signs included — a reading the
 * row's own figures check. Soll and Haben never add up to the next column; a running balance
 * does only by accident.
 */
function partsOfAmount(candidates: readonly Line[], columns: readonly Column[], size: number): boolean {
  let full = 0;
  let adds = 0;
  for (const l of candidates) {
    const at = columns.map((c) => l.amounts.find((t) => inColumn([t], c, size)));
    if (at.some((t) => !t)) continue;
    full++;
    const v = at.map((t) => t!.cents * (t!.sign ?? 1));
    if (v[0]! + v[1]! === v[2]! && v[0] !== 0) adds++;
  }
  return full >= 3 && adds >= full * 0.5;
}

/** The column an amount belongs to, or null when it stands outside every column. */
export function columnOf(t: AmountToken, model: ColumnModel, size: number): Column | null {
  return tableColumnOf(t, model.columns, size);
}
