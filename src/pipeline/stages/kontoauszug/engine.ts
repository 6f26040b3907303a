import { formatGermanAmount } from '../../../domain/money.js';
import { documentLines, type AmountToken, type Line } from '../../layout/lines.js';
import type { LoadedDocument } from '../../model/document.js';
import type { Table } from '../../model/result.js';
import { account, type AccountResult } from './account.js';
import { groupIban, ibanOf } from './accounts.js';
import { buildBlocks } from './blocks.js';
import { columnOf } from './columns.js';
import { isCardStatement, partyColumns, type PartyColumns } from './counterparty.js';
import type { Posting } from './posting.js';
import { newSegment, signed, type Segment } from './segment.js';
import { statedSettlements } from './sign.js';
import { findPeriod, printedRanges } from './year.js';

/**
 * The Kontoauszug engine: positioned words → one table of postings per account plus the
 * statement facts (SPEC §8). Layout-independent: every step decides from positions and
 * content (layout/lines.ts → blocks.ts with columns.ts, balances.ts, headers-footers.ts →
 * sections per account here → account.ts: dates, texts and counterparty, signs, repair).
 */
export const HEADERS = ['Datum', 'Buchungstext', 'Empfänger', 'Betrag'] as const;

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
  const context = { docPeriod, bank, card, ocrPages, settlements: statedSettlements(otherLines), partyFor, ranges: printedRanges(otherLines) };
  return merged.filter((s) => s.postings.length > 0 || s.opening !== null || s.closing !== null).map((s) => account(s, context));
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
