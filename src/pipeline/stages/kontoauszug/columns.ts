import { fold } from '../../layout/fold.js';
import { statementPatterns as vocab } from '../../layout/vocabulary.js';
import type { AmountToken, Line } from '../../layout/lines.js';

/**
 * The amount columns of the postings table, found from the x-positions of amounts across many
 * lines and from the words of the column header (Soll/Haben, Belastung/Gutschrift, Betrag,
 * Saldo/Kontostand …), never from a bank's known coordinates.
 *
 * Roles: `amount` (one column, signed or not), `debit` / `credit` (separate columns),
 * `balance` (a running balance that is not the posting's amount).
 */
export type ColumnRole = 'amount' | 'debit' | 'credit' | 'balance' | 'part';

export interface Column {
  /** Right edge the column's amounts align to. */
  x1: number;
  role: ColumnRole;
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
  roles: { x0: number; x1: number; role: ColumnRole }[];
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
    let j = i;
    while (j + 1 < line.words.length && vocab.currencySuffix.test(words[j + 1]!) && line.words[j + 1]!.x0 - line.words[j]!.x1 < line.size * 1.5) j++;
    r.x1 = line.words[j]!.x1;
  }
  return { line, roles };
}

/** Groups right edges that are within `tol` of each other. */
function cluster(xs: number[], tol: number): { x: number; n: number }[] {
  const sorted = [...xs].sort((a, b) => a - b);
  const out: { x: number; n: number; sum: number }[] = [];
  for (const x of sorted) {
    const last = out[out.length - 1];
    if (last && x - last.sum / last.n <= tol) {
      last.n++;
      last.sum += x;
    } else out.push({ x, n: 1, sum: x });
  }
  return out.map((c) => ({ x: c.sum / c.n, n: c.n }));
}

/**
 * Builds the column model from the posting candidates (lines that carry an amount where a
 * posting would) and the header lines seen in the document.
 */
export function columnModel(candidates: readonly Line[], headers: readonly HeaderLine[]): ColumnModel {
  const tokens = candidates.flatMap((l) => l.amounts);
  if (tokens.length === 0) return { flattened: false, columns: [] };
  const size = median(candidates.map((l) => l.size));
  const clusters = cluster(
    tokens.map((t) => t.x1),
    Math.max(4, size * 0.8),
  ).sort((a, b) => b.n - a.n);
  const significant = clusters.filter((c) => c.n >= Math.max(2, tokens.length * 0.08));
  const covered = significant.reduce((s, c) => s + c.n, 0);
  const columnar = candidates.length <= 2 || (significant.length > 0 && significant.length <= 3 && covered >= tokens.length * 0.8);
  if (!columnar || flowsIntoText(candidates)) return { flattened: true, columns: [] };
  const cols = (candidates.length <= 2 ? clusters : significant).slice(0, 3).sort((a, b) => a.x - b.x);
  const headerRoles = headers.flatMap((h) => h.roles);
  const columns: Column[] = [];
  for (const c of cols) {
    let role: ColumnRole | null = null;
    let best = Infinity;
    for (const r of headerRoles) {
      // Amounts stand under their header word: right-aligned to its end, or starting under
      // it; an amount ending left of the word belongs to another column.
      if (c.x < r.x0 - size) continue;
      const d = Math.abs(r.x1 - c.x);
      if (d < best && d <= 40 + size * 4) {
        best = d;
        role = r.role;
      }
    }
    columns.push({ x1: c.x, role: role ?? 'amount' });
  }
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

/**
 * Text that runs straight into its amounts: on nearly every posting line the first amount
 * stands one word space after the text, wherever the text ends. A table sets its amounts in
 * columns, away from the text; a flattened text layer (or plain text drawn as a PDF) does not,
 * and right edges that happen to cluster there say nothing about Soll and Haben. Two or three
 * posting lines count only when every one of them runs into its amount (a short statement of
 * collapsed text put one amount under "Belastung" because its text was long).
 */
function flowsIntoText(candidates: readonly Line[]): boolean {
  if (candidates.length < 2) return false;
  const gaps: number[] = [];
  for (const l of candidates) for (let i = 1; i < l.words.length; i++) gaps.push(l.words[i]!.x0 - l.words[i - 1]!.x1);
  const space = median(gaps);
  let flowing = 0;
  const starts: number[] = [];
  for (const l of candidates) {
    const t = l.amounts[0]!;
    const before = l.words[t.first - 1];
    if (!before) continue;
    starts.push(t.x0);
    if (t.x0 - before.x1 <= space * 1.5 + 0.5) flowing++;
  }
  const spread = Math.max(...starts) - Math.min(...starts);
  const enough = candidates.length >= 4 ? flowing >= candidates.length * 0.9 : flowing === candidates.length;
  return enough && spread > median(candidates.map((l) => l.size)) * 4;
}

function inColumn(tokens: readonly AmountToken[], c: Column, size: number): boolean {
  return tokens.some((t) => Math.abs(t.x1 - c.x1) <= Math.max(6, size * 1.5));
}

/** The column an amount belongs to, or null when it stands outside every column. */
export function columnOf(t: AmountToken, model: ColumnModel, size: number): Column | null {
  let best: Column | null = null;
  let bestD = Infinity;
  for (const c of model.columns) {
    const d = Math.abs(t.x1 - c.x1);
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best && bestD <= Math.max(8, size * 2) ? best : null;
}

export function median(xs: number[]): number {
  if (xs.length === 0) return 10;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}
