import { datedRows, MIN_DATED_ROWS, reconcileRows, signVariants, type AmountRow, type DatedRow, type Reconciliation } from '../../layout/dated-rows.js';
import type { Line, Sign } from '../../layout/lines.js';
import type { Posting } from './posting.js';
import { newSegment, type Segment } from './sections.js';

/**
 * The structural reading (issue 21: "a page with a date column, amounts and printed balances
 * answered with zero postings is a failure, not a 200 with empty rows"). When the engine's rules
 * found no posting in any section, the rows of layout/dated-rows.ts — lines that start with a
 * date and end with an amount, the dates in one column — are the postings, each with the lines
 * below it up to the next row as its text. The balances are the sections' where the rules found
 * them, else the opening and closing amounts the rows reconcile (dated-rows.ts `reconcileRows`).
 * A row's sign is the one it prints; unsigned rows take the column assignment under which the
 * balances reconcile, and where none does they stay guesses (sign.ts) and the account says
 * `reconciled: false`.
 *
 * Where the rows explain nothing — the sections' balances are equal (no money moved: a dormant
 * account's page may list a preview or an interest table) and the rows do not reconcile them —
 * the reading is not made: no value rather than a wrong one.
 *
 * @returns the section to read instead of `sections`, or null to keep them
 */
export function structuralSection(lines: readonly Line[], sections: readonly Segment[], balanceLines: readonly Line[]): Segment | null {
  if (sections.some((s) => s.postings.length > 0)) return null;
  const balances = new Set(balanceLines.map((l) => l.index));
  const rows = datedRows(lines).filter((r) => !balances.has(r.line.index));
  if (rows.length < MIN_DATED_ROWS) return null;
  const printed = sections.find((s) => s.opening !== null || s.closing !== null);
  const segment: Segment = printed ? { ...printed, pageBalances: [] } : newSegment(sections[0]?.iban ?? null);
  let signs: Sign[] | null = null;
  let used = rows;
  if (segment.opening !== null && segment.closing !== null) {
    const { opening, closing } = segment;
    signs = signVariants(rows).find((v) => opening + rows.reduce((t, r, i) => t + v[i]! * r.amount.cents, 0) === closing) ?? null;
    if (signs === null && opening === closing) return null;
  } else if (segment.opening === null && segment.closing === null) {
    const found = reconcileRows(lines, rows);
    if (found) {
      signs = found.signs;
      used = found.rows;
      takeBalances(segment, found);
    }
  }
  segment.postings = used.map((r, i) => rowPosting(r, lines, used[i + 1]?.line ?? null, signs?.[i] ?? null));
  return segment;
}

/** A row as a posting: its line and the text lines below it up to the next row; the sign the balances gave, if any. */
function rowPosting(r: DatedRow, lines: readonly Line[], next: Line | null, sign: Sign | null): Posting {
  const skip = new Set<number>();
  for (const t of [r.date, ...(r.other ? [r.other] : [])]) for (let i = t.word; i <= t.last; i++) skip.add(i);
  for (const a of [r.amount, ...(r.balance ? [r.balance] : [])]) for (let i = a.first; i <= a.last; i++) skip.add(i);
  const below: Line[] = [];
  for (const l of lines.slice(lines.indexOf(r.line) + 1)) {
    const last = below[below.length - 1] ?? r.line;
    if (l === next || l.page !== r.line.page || l.amounts.length > 0 || l.dates.length > 0 || l.top - last.bottom > 1.5 * l.size) break;
    below.push(l);
  }
  return {
    date: r.date.date,
    otherDate: r.other?.date ?? null,
    first: r.line,
    lines: [r.line, ...below],
    amount: sign === null ? r.amount : { ...r.amount, sign },
    role: 'amount',
    balance: r.balance,
    skip: new Map([[r.line.index, skip]]),
  };
}

/**
 * Balances by arithmetic: a section whose postings the rules read but whose balance labels they
 * did not know (`Guthaben zu Beginn`, `Stand neu`, `Solde final` …) takes as opening and closing
 * the printed amounts around its postings that the postings reconcile (dated-rows.ts
 * `reconcileRows`: an amount on a line above the first posting and one on a line below the last,
 * opening + Σ = closing under the signs the rows print or their columns give). Only for a section
 * with neither balance and no running balance (where one is printed, account.ts derives the
 * balances from it, as before), and only where the equation holds: a label the rules know always
 * wins, and no figure is taken that the postings do not prove. Mutates the sections.
 */
export function balancesByArithmetic(lines: readonly Line[], sections: readonly Segment[]): void {
  for (const s of sections) {
    if (s.opening !== null || s.closing !== null || s.postings.length < MIN_DATED_ROWS || s.postings.some((p) => p.unread || p.balance !== null)) continue;
    const found = reconcileRows(lines, s.postings.map((p) => ({ line: p.first, amount: p.amount })), { bracketed: false, summaryAbove: false });
    if (!found) continue;
    takeBalances(s, found);
  }
}

/** The reconciled pair as the section's printed balances, each with its line and whether it printed a sign. */
function takeBalances(s: Segment, found: Pick<Reconciliation<AmountRow>, 'opening' | 'closing'>): void {
  s.opening = found.opening.cents;
  s.openingLine = found.opening.line;
  s.openingSign = found.opening.amount.sign;
  s.openingUnsigned = found.opening.amount.sign === null;
  s.closing = found.closing.cents;
  s.closingLine = found.closing.line;
  s.closingSign = found.closing.amount.sign;
  s.closingUnsigned = found.closing.amount.sign === null;
}
