import type { AmountToken, Line, Sign } from '../../layout/lines.js';
import { ibanOf } from './accounts.js';
import { balanceKind } from './balances.js';
import { columnOf, type ColumnModel } from './columns.js';
import type { Event, Posting } from './posting.js';
import type { StatementStart } from './statement-starts.js';

/**
 * One account's section of a statement as `accountSections` collects it from the block events:
 * its IBAN, its opening and closing balances with the lines that print them, and its postings.
 * Sections of the same account merge before `account` (account.ts) turns one into rows.
 */
export interface Segment {
  iban: string | null;
  opening: number | null;
  openingLine: Line | null;
  closing: number | null;
  closingLine: Line | null;
  /** The balance printed no sign of its own (neither a sign nor a Soll/Haben column). */
  openingUnsigned: boolean;
  closingUnsigned: boolean;
  /** The sign the balance printed, if any. */
  openingSign: Sign | null;
  closingSign: Sign | null;
  postings: Posting[];
  /** Page balances (Übertrag, Zwischensumme …) printed after the first `after` postings: figures the judge checks readings against (judge.ts). */
  pageBalances: { after: number; value: number }[];
}

export function newSegment(iban: string | null): Segment {
  return { iban, opening: null, openingLine: null, closing: null, closingLine: null, openingUnsigned: false, closingUnsigned: false, openingSign: null, closingSign: null, postings: [], pageBalances: [] };
}

/** An amount token's value in signed cents (unsigned counts as positive), null for none. */
export const signed = (t: { cents: number; sign: Sign | null } | null): number | null => (t ? t.cents * (t.sign ?? 1) : null);

/**
 * The block events (blocks.ts) → one section per account, sections of the same account merged,
 * and the lines outside postings (balance lines among them) that the document-wide facts are
 * read from (period, card statement, stated settlements). `starts`: where the document's own
 * marks say a further statement begins (statement-starts.ts); there the first balance after a
 * complete section is read as the first balance of a new statement.
 */
export function accountSections(events: readonly Event[], model: ColumnModel, starts: readonly StatementStart[] = []): { sections: Segment[]; balanceLines: Line[]; otherLines: Line[] } {
  // A balance printed without a sign in a Soll/Haben layout takes its column's sign.
  const balanceValue = (t: AmountToken | null, line: Line): number | null => {
    if (!t) return null;
    if (t.sign !== null || model.flattened) return signed(t);
    const c = columnOf(t, model, line.size);
    return c?.role === 'debit' ? -t.cents : t.cents;
  };
  const unsigned = (t: AmountToken | null, line: Line): boolean => {
    if (!t || t.sign !== null) return false;
    const role = model.flattened ? null : columnOf(t, model, line.size)?.role;
    return role !== 'debit' && role !== 'credit';
  };

  // Accounts: a section starts where an opening balance follows a new IBAN, or where postings
  // follow an IBAN different from the current account's.
  const segments: Segment[] = [];
  let cur: Segment | null = null;
  let pending: string | null = null;
  /** Per section, how many postings it held when its closing balance was read. */
  const closedBefore = new Map<Segment, number>();
  /** Statement starts already taken: each opens one section. */
  const used = new Set<StatementStart>();
  const start = (iban: string | null): Segment => {
    const s = newSegment(iban);
    segments.push(s);
    return s;
  };
  const balanceLines: Line[] = [];
  const otherLines: Line[] = [];
  let rolelessAbove: RolelessAbove | null = null;
  for (const e of events) {
    if (e.kind === 'line') {
      otherLines.push(e.line);
      const iban = ibanOf(e.line);
      if (iban && iban !== cur?.iban) pending = iban;
      continue;
    }
    if (e.kind === 'balance') {
      balanceLines.push(e.line);
      otherLines.push(e.line);
      const value = balanceValue(e.amount, e.line);
      if (value !== null && e.balance === 'carry' && cur) cur.pageBalances.push({ after: cur.postings.length, value });
      if (value === null || e.balance === 'carry') continue;
      const restart = cur !== null && cur.closing !== null && (cur.postings.length > 0 || cur.opening !== null) ? starts.find((s) => s.from < e.line.index && e.line.index < s.to && !used.has(s)) : undefined;
      if (restart) {
        used.add(restart);
        cur = start(pending ?? cur!.iban);
        pending = null;
      }
      // A newest-first list prints its closing balance above the postings and the opening below
      // them: an opening (or a balance that names no role) after the postings of a section that
      // has a closing printed before them, and no opening, is that section's opening.
      const closedFirst = cur !== null && cur.opening === null && cur.closing !== null && cur.postings.length > 0 && closedBefore.get(cur) === 0;
      const kind = e.balance === 'either' ? (closedFirst || !(cur && (cur.postings.length > 0 || cur.opening !== null)) ? 'opening' : 'closing') : e.balance;
      // A newest-first list that prints today's balance as `Kontostand am …` (no role of its
      // own) above it and its opening below: the role-less balance above closes, the opening
      // below opens — decided once the statement has ended and no posting followed that opening
      // (an opening-worded carry at a page's top, `Saldovortrag`, is followed by postings).
      if (kind === 'opening' && cur !== null && openedByRoleless(cur, e.line, pending)) rolelessAbove = { s: cur, value, line: e.line, unsigned: unsigned(e.amount, e.line), sign: e.amount?.sign ?? null };
      else if (kind === 'closing') rolelessAbove = null;
      if (kind === 'opening' && closedFirst) {
        cur!.opening = value;
        cur!.openingLine = e.line;
        cur!.openingUnsigned = unsigned(e.amount, e.line);
        cur!.openingSign = e.amount?.sign ?? null;
      } else if (kind === 'opening') {
        const fresh = !cur || cur.postings.length > 0 || cur.closing !== null || (pending !== null && cur.iban !== null && pending !== cur.iban);
        if (fresh) cur = start(pending ?? cur?.iban ?? null);
        else if (cur!.opening !== null) continue; // the same opening balance printed again
        cur!.opening = value;
        cur!.openingLine = e.line;
        cur!.openingUnsigned = unsigned(e.amount, e.line);
        cur!.openingSign = e.amount?.sign ?? null;
        if (pending !== null && cur!.iban === null) cur!.iban = pending;
        pending = null;
      } else {
        cur ??= start(pending);
        closedBefore.set(cur, cur.postings.length);
        cur.closing = value;
        cur.closingLine = e.line;
        cur.closingUnsigned = unsigned(e.amount, e.line);
        cur.closingSign = e.amount?.sign ?? null;
      }
      continue;
    }
    rolelessAbove = null;
    if (!cur) {
      cur = start(pending);
      pending = null;
    } else if (pending !== null && pending !== cur.iban) {
      if (cur.iban === null) cur.iban = pending;
      else if (cur.postings.length > 0 || cur.closing !== null) cur = start(pending);
      pending = null;
    }
    cur.postings.push(e.posting);
  }

  if (rolelessAbove) closeWithRolelessAbove(rolelessAbove);
  return { sections: mergeSections(segments), balanceLines, otherLines };
}

/**
 * Whether an opening balance line (`Saldo alt`, `Alter Kontostand`) read after the postings of
 * section `s` is the opening of the list that `s` opened with a balance naming no role
 * (`Kontostand am/per <date>`) above its postings: a newest-first list that prints today's
 * balance on top. So where `s` has no closing yet, no new account was announced in between, and —
 * where both lines print a full date — the opening line's date is the earlier one. A role-less
 * balance above a list that has its closing below stays the opening (consecutive statements).
 */
function openedByRoleless(s: Segment, line: Line, pending: string | null): boolean {
  if (s.closing !== null || s.opening === null || s.postings.length === 0 || !s.openingLine) return false;
  if (pending !== null && pending !== s.iban) return false;
  if (balanceKind(s.openingLine) !== 'either') return false;
  const above = s.openingLine.dates[0]?.date;
  const below = line.dates[0]?.date;
  if (above?.year != null && below?.year != null) return dayKey(below) < dayKey(above);
  return true;
}

/** An opening balance read after the postings of a section opened by a role-less balance (see openedByRoleless). */
interface RolelessAbove {
  s: Segment;
  value: number;
  line: Line;
  unsigned: boolean;
  sign: Sign | null;
}

/** The role-less balance above closes the section, the opening below opens it (mutates it). */
function closeWithRolelessAbove({ s, value, line, unsigned, sign }: RolelessAbove): void {
  s.closing = s.opening;
  s.closingLine = s.openingLine;
  s.closingUnsigned = s.openingUnsigned;
  s.closingSign = s.openingSign;
  s.opening = value;
  s.openingLine = line;
  s.openingUnsigned = unsigned;
  s.openingSign = sign;
}

const dayKey = (d: { year: number | null; month: number; day: number }): number => (d.year ?? 0) * 10000 + d.month * 100 + d.day;

/** One table per account: sections of the same account (pages, repeated statements) merge. */
function mergeSections(segments: readonly Segment[]): Segment[] {
  const merged: Segment[] = [];
  for (const s of segments) {
    const same = merged.find((m) => m.iban === s.iban) ?? (s.iban === null ? merged[merged.length - 1] : undefined);
    if (!same) {
      merged.push(s);
      continue;
    }
    same.pageBalances.push(...s.pageBalances.map((b) => ({ after: b.after + same.postings.length, value: b.value })));
    same.postings.push(...s.postings);
    if (same.opening === null) {
      same.opening = s.opening;
      same.openingLine = s.openingLine;
      same.openingUnsigned = s.openingUnsigned;
      same.openingSign = s.openingSign;
    }
    if (s.closing !== null) {
      same.closing = s.closing;
      same.closingLine = s.closingLine;
      same.closingUnsigned = s.closingUnsigned;
      same.closingSign = s.closingSign;
    }
  }
  return merged;
}
