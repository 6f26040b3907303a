import { formatGermanAmount } from '../../../domain/money.js';
import { dayNumber, formatGermanDate } from '../../../domain/german-dates.js';
import type { LoadedDocument } from '../../model/document.js';
import type { StatementInfo, Table } from '../../model/result.js';
import { groupIban, ibanOf } from './accounts.js';
import { buildBlocks } from './blocks.js';
import type { Posting } from './posting.js';
import { isCardStatement, partyColumns, splitByColumns, splitCounterparty, type PartyColumns } from './counterparty.js';
import { columnOf } from './columns.js';
import { documentLines, textWithout, type AmountToken, type Line, type Sign } from '../../layout/lines.js';
import { fillUnread, fitsUnread, repairDateOrder, repairSegment } from './repair.js';
import { isSettlement, onlyDebit, reconcileSigns, signFromType, statedSettlements, type SignedPosting } from './sign.js';
import { findPeriod, printedRanges, withYear, type FullDate, type Period } from './year.js';

/**
 * The Kontoauszug engine: positioned words → one table of postings per account plus the
 * statement facts (SPEC §8). Layout-independent: every step decides from positions and
 * content (lines.ts → blocks.ts with columns.ts, balances.ts, headers-footers.ts →
 * accounts, year, sign, counterparty).
 */
export const HEADERS = ['Datum', 'Buchungstext', 'Empfänger', 'Betrag'] as const;

export interface Row {
  date: string;
  /** The posting's other printed date (value or receipt date), '' when none; not in the table. */
  otherDate: string;
  text: string;
  counterparty: string;
  cents: number;
}

export interface AccountResult {
  iban: string | null;
  rows: Row[];
  info: StatementInfo;
}

interface Segment {
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
}

const signed = (t: { cents: number; sign: Sign | null } | null): number | null => (t ? t.cents * (t.sign ?? 1) : null);

function newSegment(iban: string | null): Segment {
  return { iban, opening: null, openingLine: null, closing: null, closingLine: null, openingUnsigned: false, closingUnsigned: false, openingSign: null, closingSign: null, postings: [] };
}

export function extractAccounts(doc: LoadedDocument): AccountResult[] {
  const lines = documentLines(doc);
  const ocrPages = new Set(doc.pages.filter((p) => p.source === 'ocr').map((p) => p.number));
  const { events, model, headers } = buildBlocks(lines, { ocrPages });
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
  const start = (iban: string | null): Segment => {
    const s = newSegment(iban);
    segments.push(s);
    return s;
  };
  const balanceLines: Line[] = [];
  const otherLines: Line[] = [];
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
      if (value === null || e.balance === 'carry') continue;
      const kind = e.balance === 'either' ? (cur && (cur.postings.length > 0 || cur.opening !== null) ? 'closing' : 'opening') : e.balance;
      if (kind === 'opening') {
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
        cur.closing = value;
        cur.closingLine = e.line;
        cur.closingUnsigned = unsigned(e.amount, e.line);
        cur.closingSign = e.amount?.sign ?? null;
      }
      continue;
    }
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

  // One table per account: sections of the same account (pages, repeated statements) merge.
  const merged: Segment[] = [];
  for (const s of segments) {
    const same = merged.find((m) => m.iban === s.iban) ?? (s.iban === null ? merged[merged.length - 1] : undefined);
    if (!same) {
      merged.push(s);
      continue;
    }
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

  const docPeriod = findPeriod(otherLines, balanceLines);
  const bank = bankName(lines);
  // Only lines outside postings say what kind of statement this is; a giro posting may
  // mention a card.
  const card = isCardStatement(otherLines.map((l) => l.text));
  // A column header with a counterparty column governs the postings below it.
  const partyHeaders = headers.map((h) => ({ index: h.line.index, cols: partyColumns(h.line) }));
  const partyFor = (p: Posting): PartyColumns | null => partyHeaders.filter((h) => h.index < p.first.index).pop()?.cols ?? null;
  return merged
    .filter((s) => s.postings.length > 0 || s.opening !== null || s.closing !== null)
    .map((s) => account(s, docPeriod, bank, card, ocrPages, statedSettlements(otherLines), partyFor, printedRanges(otherLines)));
}

function segmentPeriod(s: Segment, doc: Period | null, ranges: readonly Period[]): Period | null {
  const a = s.openingLine?.dates.find((d) => d.date.year !== null)?.date;
  const b = s.closingLine?.dates.find((d) => d.date.year !== null)?.date;
  if (a && b && a.year !== null && b.year !== null) {
    let start = { year: a.year, month: a.month, day: a.day };
    const end = { year: b.year, month: b.month, day: b.day };
    // An opening balance dated the evening before ("Kontostand am 30.09.2026" over a statement
    // "vom 01.10.2026 bis …"): the period starts where the printed range says.
    const next = ranges.find((r) => dayNumber(r.start) === dayNumber(start) + 1 && dayNumber(r.start) <= dayNumber(end));
    if (next) start = next.start;
    if (dayNumber(start) <= dayNumber(end)) return { start, end };
  }
  return doc;
}

function account(
  s: Segment,
  docPeriod: Period | null,
  bank: string | null,
  card: boolean,
  ocrPages: ReadonlySet<number>,
  settlements: ReadonlyMap<number, Sign>,
  partyFor: (p: Posting) => PartyColumns | null,
  ranges: readonly Period[],
): AccountResult {
  const period = segmentPeriod(s, docPeriod, ranges);
  repairDateOrder(s.postings, ocrPages);
  let prevDate: FullDate | null = null;
  let prevBalance = s.opening;
  const signs: SignedPosting[] = [];
  // Sign convention of the amount column: when some amounts print '-' and none print '+',
  // an unsigned amount is a credit (and the other way round).
  const printed = new Set(s.postings.map((p) => p.amount.sign));
  const unsignedMeans: Sign | null = printed.has(-1) && !printed.has(1) ? 1 : printed.has(1) && !printed.has(-1) ? -1 : null;
  const parts: { date: string; otherDate: string; text: string; counterparty: string }[] = [];
  /** Per posting: the digits of an amount that did not read and is not known yet, else null. */
  const unread: (string[] | null)[] = [];
  for (const p of s.postings) {
    const date: FullDate | null = p.date ? withYear(p.date, period, prevDate) : prevDate;
    if (date) prevDate = date;
    const texts = p.lines.map((l) => textWithout(l, p.skip.get(l.index) ?? new Set()));
    const cols = partyFor(p);
    const split = cols ? splitByColumns(p.lines, p.skip, cols) : splitCounterparty(texts, card);
    let sign: Sign | null = p.amount.sign;
    let certain = sign !== null;
    if (!certain && (p.role === 'debit' || p.role === 'credit')) {
      sign = p.role === 'debit' ? -1 : 1;
      certain = true;
    }
    const bal = signed(p.balance);
    let cents = p.amount.cents;
    // An amount that did not read, next to a running balance: the balance's change is the
    // amount when its digits are those read (repair.ts `fitsUnread`).
    let read = p.unread ?? null;
    if (read !== null && bal !== null && prevBalance !== null && bal !== prevBalance && fitsUnread(read, Math.abs(bal - prevBalance)) && (!certain || Math.sign(bal - prevBalance) === sign)) {
      cents = Math.abs(bal - prevBalance);
      sign = bal > prevBalance ? 1 : -1;
      certain = true;
      read = null;
    }
    unread.push(read);
    if (!certain && bal !== null && prevBalance !== null && Math.abs(bal - prevBalance) === p.amount.cents && p.amount.cents !== 0) {
      sign = bal > prevBalance ? 1 : -1;
      certain = true;
    }
    if (bal !== null) prevBalance = bal;
    else if (prevBalance !== null && sign !== null) prevBalance += sign * cents;
    // Guesses the balances may correct: the column's convention where the statement prints
    // one side's sign and never the other ("Überweisung" or "Lastschrift-Einzug" alone do not
    // say which way the money went); on an OCR'd page, where a minus may have been lost, a
    // posting type that can only be a debit overrides it; else the type; else debit.
    // A settlement whose result the annex states with its sign takes that sign.
    const stated = !certain && isSettlement(texts[0] ?? '') ? settlements.get(p.amount.cents) : undefined;
    if (stated !== undefined) sign = stated;
    else if (!certain) {
      const type = signFromType(texts[0] ?? '', texts.join(' '));
      const convention = p.role === 'amount' ? unsignedMeans : null;
      const lostMinus = ocrPages.has(p.first.page) && type === -1 && onlyDebit(texts.join(' '));
      sign = (convention !== null && !lostMinus ? convention : type) ?? convention ?? -1;
    }
    signs.push({ cents, sign: sign!, certain });
    const other = p.otherDate && date ? withYear(p.otherDate, period, date) : null;
    parts.push({ date: date ? formatGermanDate(date) : '', otherDate: other ? formatGermanDate(other) : '', text: split.text, counterparty: split.counterparty });
  }
  // Balances printed without a sign follow the statement's convention: where only credits
  // print '+' — on postings or on a balance — and nothing prints '-' (a card issuer's
  // statement, where an unsigned amount is charged to the card), an unsigned balance is money
  // owed. Taken only when that reading reconciles as the postings stand and the printed one
  // does not. (Where no amount prints a sign, nothing says which side an unsigned balance is
  // on: the guesses give way to the balances, as below.)
  const marks = new Set([...printed, s.openingSign, s.closingSign]);
  if (marks.has(1) && !marks.has(-1) && s.opening !== null && s.closing !== null && (s.openingUnsigned || s.closingUnsigned)) {
    const sum = signs.reduce((t, p) => t + p.sign * p.cents, 0);
    const opening = s.openingUnsigned ? -s.opening : s.opening;
    const closing = s.closingUnsigned ? -s.closing : s.closing;
    if (s.opening + sum !== s.closing && opening + sum === closing) {
      s.opening = opening;
      s.closing = closing;
    }
  }
  // OCR'd statements: an amount that did not read takes what the balances leave for it, and a
  // misread amount the balances pin down is corrected (repair.ts). A posting whose amount is
  // still unknown is not reported, and the statement does not reconcile.
  const filled = fillUnread(signs, unread, s.opening, s.closing);
  const reconciled =
    filled &&
    (reconcileSigns(signs, s.opening, s.closing) ||
      repairSegment(s.postings, signs, { value: s.opening, line: s.openingLine }, { value: s.closing, line: s.closingLine }, ocrPages));
  const known = (i: number): boolean => unread[i] === null || signs[i]!.cents !== 0;
  const rows = parts.map((r, i) => ({ ...r, cents: signs[i]!.sign * signs[i]!.cents })).filter((_, i) => known(i));
  return {
    iban: s.iban,
    rows,
    info: {
      iban: s.iban ? groupIban(s.iban) : null,
      bank,
      period_start: period ? formatGermanDate(period.start) : null,
      period_end: period ? formatGermanDate(period.end) : null,
      opening_balance: s.opening !== null ? formatGermanAmount(s.opening) : null,
      closing_balance: s.closing !== null ? formatGermanAmount(s.closing) : null,
      reconciled,
    },
  };
}

/** The issuing bank: the first line near the top of page 1 that names a bank. */
function bankName(lines: readonly Line[]): string | null {
  const top = lines.filter((l) => l.page === lines[0]?.page).slice(0, 15);
  // A posting line ("SEPA Gutschrift Bank 755,00") is not the letterhead.
  const hit = top.find((l) => l.amounts.length === 0 && BANK_WORD.test(l.text));
  if (!hit) return null;
  // The letterhead line may hold other cells far to the right ("… eG      Umsatzliste"): the
  // bank is in the run of words, closer than a wide gap, that names it.
  const runs: string[][] = [];
  hit.words.forEach((w, i) => {
    if (i === 0 || w.x0 - hit.words[i - 1]!.x1 > hit.size * 2) runs.push([]);
    runs[runs.length - 1]!.push(w.text);
  });
  return bankFromLine(runs.map((r) => r.join(' ')).find((t) => BANK_WORD.test(t)) ?? hit.text);
}

const BANK_WORD = /(bank|sparkasse|comdirect|consorsbank|n26)\b|\b(volksbank|raiffeisenbank|landesbank|bausparkasse)/iu;
/** Where a letterhead line goes on past the bank's name: document words, numbers, addresses. */
const NOT_NAME = /^(kontoauszug|auszug|iban|bic|blz|bankleitzahl|seite|blatt|girokonto|konto|app|allgemeine|datum|kunden|fragen|tel\.?|telefon|postfach|finanzstatus|kreditkartenabrechnung|[^\p{L}\d]+)$|(straße|str\.|allee|weg|platz|ring)$/iu;
const LEGAL_FORM = /^(AG|eG|GmbH|KG|KGaA|SE|AöR|N\.V\.|S\.A\.|mbH|Co\.?)$/iu;

/**
 * The bank's name out of a letterhead line: the capitalised words before the word that names a
 * bank ("Deutsche Musterbank", not "Ihre Einlagen bei der"), then on up to its legal form or to
 * the first word that is not part of a name.
 */
export function bankFromLine(text: string): string {
  const words = text.split(/\s+/u).filter((w) => w !== '');
  const at = Math.max(0, words.findIndex((w) => BANK_WORD.test(w)));
  let from = at;
  while (from > 0 && /^\p{Lu}[\p{L}\d.&-]*[\p{L}\d.]$/u.test(words[from - 1]!) && !NOT_NAME.test(words[from - 1]!)) from--;
  const out: string[] = [];
  for (const w of words.slice(from)) {
    const bare = w.replace(/[,;:]$/u, '');
    // A number ends the name too, unless it is part of it (C24 Bank, N26).
    if (out.length > 0 && (NOT_NAME.test(bare) || /\d/u.test(bare)) && !BANK_WORD.test(bare)) break;
    out.push(bare);
    if (LEGAL_FORM.test(bare) && !/^co\.?$/iu.test(bare)) break;
    if (bare !== w) break; // a comma ends the name ("Sparkasse Musterstadt, Postfach …")
  }
  return out.join(' ').slice(0, 80);
}

export function toTables(accounts: readonly AccountResult[]): Table[] {
  return accounts.map((a) => ({
    name: a.iban ? `Umsätze ${groupIban(a.iban)}` : 'Umsätze',
    headers: [...HEADERS],
    rows: a.rows.map((r) => [r.date, r.text, r.counterparty, formatGermanAmount(r.cents)]),
  }));
}
