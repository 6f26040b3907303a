import type { AmountToken, Line, Sign } from '../../layout/lines.js';
import { ibanOf } from './accounts.js';
import { confirmedOpening, lostCommaOpening, postingSumValue, type LostCommaOpening } from './lost-comma-opening.js';
import { datedBeforePostings } from './opening-before-postings.js';
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

/** Balance amount → signed cents: a balance printed without a sign in a Soll/Haben layout takes its column's sign. */
function balanceValue(model: ColumnModel, t: AmountToken | null, line: Line): number | null {
  if (!t) return null;
  if (t.sign !== null || model.flattened || signsItsFigures(line)) return signed(t);
  const c = columnOf(t, model, line.size);
  return c?.role === 'debit' ? -t.cents : t.cents;
}

/**
 * A balance line that prints another figure with a sign of its own (a summary row `8.983,72 EUR
 * +10.368,01 EUR -5.019,45 EUR 14.332,28 EUR` beneath `Kontostand am … | Eingänge | Ausgänge |
 * Kontostand am …`) signs its figures itself: an unsigned figure on it is positive, never a debit
 * because it happens to end under the posting table's Soll column (issue 21, blind batch 10).
 */
function signsItsFigures(line: Line): boolean {
  return line.amounts.length > 1 && line.amounts.some((a) => a.sign !== null);
}

/** The balance printed no sign of its own: neither a sign nor a Soll/Haben column. */
function isUnsigned(model: ColumnModel, t: AmountToken | null, line: Line): boolean {
  if (!t || t.sign !== null) return false;
  const role = model.flattened || signsItsFigures(line) ? null : columnOf(t, model, line.size)?.role;
  return role !== 'debit' && role !== 'credit';
}

type BalanceEvent = Extract<Event, { kind: 'balance' }>;

/** A balance as read: signed cents, its line, and how it printed its sign. */
interface BalanceRead {
  value: number;
  line: Line;
  unsigned: boolean;
  sign: Sign | null;
}

/** accountSections' state while it walks the events. */
interface Sectioning {
  model: ColumnModel;
  starts: readonly StatementStart[];
  segments: Segment[];
  cur: Segment | null;
  /** An IBAN read outside postings that is not the current section's: the account of the section to come. */
  pending: string | null;
  /** Per section, how many postings it held when its closing balance was read. */
  closedBefore: Map<Segment, number>;
  /** Statement starts already taken: each opens one section. */
  used: Set<StatementStart>;
  balanceLines: Line[];
  otherLines: Line[];
  rolelessAbove: RolelessAbove | null;
  /** An opening balance line whose decimal comma OCR lost, waiting for the box's arithmetic (lost-comma-opening.ts). */
  lostOpening: LostCommaOpening | null;
}

/**
 * The block events (blocks.ts) → one section per account, sections of the same account merged,
 * and the lines outside postings (balance lines among them) that the document-wide facts are
 * read from (period, card statement, stated settlements). `starts`: where the document's own
 * marks say a further statement begins (statement-starts.ts); there the first balance after a
 * complete section is read as the first balance of a new statement.
 *
 * Accounts: a section starts where an opening balance follows a new IBAN, or where postings
 * follow an IBAN different from the current account's.
 */
export function accountSections(events: readonly Event[], model: ColumnModel, starts: readonly StatementStart[] = []): { sections: Segment[]; balanceLines: Line[]; otherLines: Line[] } {
  const st: Sectioning = { model, starts, segments: [], cur: null, pending: null, closedBefore: new Map(), used: new Set(), balanceLines: [], otherLines: [], rolelessAbove: null, lostOpening: null };
  for (const e of events) {
    if (e.kind === 'line') readLine(st, e.line);
    else if (e.kind === 'balance') readBalance(st, e);
    else readPosting(st, e.posting);
  }
  if (st.rolelessAbove) closeWithRolelessAbove(st.rolelessAbove);
  return { sections: mergeSections(st.segments), balanceLines: st.balanceLines, otherLines: st.otherLines };
}

/** A new section (appended to the state's), for the account `iban` if known. */
function startSection(st: Sectioning, iban: string | null): Segment {
  const s = newSegment(iban);
  st.segments.push(s);
  return s;
}

/** A line outside postings: kept for the document-wide facts; an IBAN other than the current section's is pending. */
function readLine(st: Sectioning, line: Line): void {
  st.otherLines.push(line);
  const iban = ibanOf(line);
  if (iban && iban !== st.cur?.iban) st.pending = iban;
}

/**
 * A posting goes to the current section; the first posting opens one, and a pending IBAN names
 * the current section where it names none, else opens a new one where the current has postings
 * or a closing balance.
 */
function readPosting(st: Sectioning, posting: Posting): void {
  st.rolelessAbove = null;
  let cur = st.cur;
  if (!cur) {
    cur = st.cur = startSection(st, st.pending);
    st.pending = null;
  } else if (st.pending !== null && st.pending !== cur.iban) {
    if (cur.iban === null) cur.iban = st.pending;
    else if (cur.postings.length > 0 || cur.closing !== null) cur = st.cur = startSection(st, st.pending);
    st.pending = null;
  }
  cur.postings.push(posting);
}

/**
 * A balance line: a carried balance (Übertrag …) is a page balance of the current section; an
 * opening, closing or role-less balance is read into a section by its role (`balanceRole`). A
 * balance whose amount did not read is kept as a line only.
 */
function readBalance(st: Sectioning, e: BalanceEvent): void {
  st.balanceLines.push(e.line);
  st.otherLines.push(e.line);
  const value = balanceValue(st.model, e.amount, e.line);
  takeLostComma(st, e, value);
  if (value !== null && e.balance === 'carry' && st.cur) st.cur.pageBalances.push({ after: st.cur.postings.length, value });
  // A projected balance counts rows not booked: never a balance of the section.
  if (value === null || e.balance === 'carry' || e.balance === 'projected') return;
  restartAtStatementStart(st, e.line);
  const cur = st.cur;
  // A newest-first list prints its closing balance above the postings and the opening below
  // them: an opening (or a balance that names no role) after the postings of a section that
  // has a closing printed before them, and no opening, is that section's opening.
  const closedFirst = cur !== null && cur.opening === null && cur.closing !== null && cur.postings.length > 0 && st.closedBefore.get(cur) === 0;
  const kind = e.balance === 'either' ? (closedFirst || !(cur && (cur.postings.length > 0 || cur.opening !== null)) ? 'opening' : 'closing') : e.balance;
  const read: BalanceRead = { value, line: e.line, unsigned: isUnsigned(st.model, e.amount, e.line), sign: e.amount?.sign ?? null };
  // A newest-first list that prints today's balance as `Kontostand am …` (no role of its
  // own) above it and its opening below: the role-less balance above closes, the opening
  // below opens — decided once the statement has ended and no posting followed that opening
  // (an opening-worded carry at a page's top, `Saldovortrag`, is followed by postings).
  if (kind === 'opening' && cur !== null && openedByRoleless(cur, e.line, st.pending)) st.rolelessAbove = { s: cur, ...read };
  else if (kind === 'closing') st.rolelessAbove = null;
  // A role-less balance after the postings dated before all of them (`Kontostand am 31.03.` in a
  // summary box below an April list) is the opening of those postings, not a closing.
  const openingBelow = e.balance === 'either' && cur !== null && cur.opening === null && datedBeforePostings(e.line, cur.postings);
  if ((kind === 'opening' && closedFirst) || openingBelow) setOpening(cur!, read);
  else if (kind === 'opening') readOpening(st, read);
  else readClosing(st, read);
}

/**
 * An opening balance line whose decimal comma OCR lost is held (lost-comma-opening.ts); the sums
 * printed after it are collected; at the closing, the opening is read first where the box's
 * arithmetic confirms it, as it would have been read where it printed.
 */
function takeLostComma(st: Sectioning, e: BalanceEvent, value: number | null): void {
  if (value === null) {
    if (e.balance === 'opening') st.lostOpening = lostCommaOpening(e.line);
    return;
  }
  const held = st.lostOpening;
  if (!held) return;
  if (e.balance === 'carry' && e.amount) {
    const sum = postingSumValue(e.line, e.amount);
    if (sum !== null) held.sums.push(sum);
    return;
  }
  st.lostOpening = null;
  if (e.balance !== 'closing') return;
  const opening = confirmedOpening(held, value);
  if (opening === null) return;
  restartAtStatementStart(st, held.line);
  readOpening(st, { value: opening, line: held.line, unsigned: held.sign === null, sign: held.sign });
}

/**
 * Where the current section is complete (a closing, and postings or an opening) and a statement
 * start not yet taken lies before `line`, a new section begins there (the start is taken).
 */
function restartAtStatementStart(st: Sectioning, line: Line): void {
  const cur = st.cur;
  if (cur === null || cur.closing === null || !(cur.postings.length > 0 || cur.opening !== null)) return;
  const restart = st.starts.find((s) => s.from < line.index && line.index < s.to && !st.used.has(s));
  if (!restart) return;
  st.used.add(restart);
  st.cur = startSection(st, st.pending ?? cur.iban);
  st.pending = null;
}

/**
 * An opening balance in reading order opens a fresh section unless the current one has no
 * postings, no closing and no other account pending; the same opening printed again is ignored.
 * The section takes a pending IBAN where it has none.
 */
function readOpening(st: Sectioning, read: BalanceRead): void {
  const { cur, pending } = st;
  const fresh = !cur || cur.postings.length > 0 || cur.closing !== null || (pending !== null && cur.iban !== null && pending !== cur.iban);
  if (fresh) st.cur = startSection(st, pending ?? cur?.iban ?? null);
  else if (cur.opening !== null) return; // the same opening balance printed again
  const s = st.cur!;
  setOpening(s, read);
  if (pending !== null && s.iban === null) s.iban = pending;
  st.pending = null;
}

/** A closing balance closes the current section (opening one where there is none) and notes how many postings came before it. */
function readClosing(st: Sectioning, read: BalanceRead): void {
  const cur = (st.cur ??= startSection(st, st.pending));
  st.closedBefore.set(cur, cur.postings.length);
  cur.closing = read.value;
  cur.closingLine = read.line;
  cur.closingUnsigned = read.unsigned;
  cur.closingSign = read.sign;
}

/** Sets the section's opening balance (mutates it). */
function setOpening(s: Segment, read: BalanceRead): void {
  s.opening = read.value;
  s.openingLine = read.line;
  s.openingUnsigned = read.unsigned;
  s.openingSign = read.sign;
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
interface RolelessAbove extends BalanceRead {
  s: Segment;
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
