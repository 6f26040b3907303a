import { formatGermanAmount } from '../../../domain/money.js';
import { documentLines, type Line } from '../../layout/lines.js';
import type { DocumentLayout } from '../../model/layout.js';
import type { LoadedDocument } from '../../model/document.js';
import type { Table } from '../../model/result.js';
import { account, type AccountResult } from './account.js';
import { groupIban } from './accounts.js';
import { buildBlocks } from './blocks.js';
import { isCardStatement, partyColumns, type PartyColumns } from './counterparty.js';
import { placeColumns, type PlaceColumns } from './place-cells.js';
import { statementCurrency } from './currency.js';
import { documentPartySlot } from './party-slot.js';
import { typeLinesAbove } from './type-above.js';
import { ruledRowLines } from './ruled-rows.js';
import { dateBelowLines } from './date-below.js';
import { sheetFooterBalances } from './sheet-footers.js';
import { postingLines } from './rows.js';
import type { Posting } from './posting.js';
import { accountSections, signed } from './sections.js';
import { statementStarts, type StatementStart } from './statement-starts.js';
import { balancesByArithmetic, structuralSection } from './structural-reading.js';
import { runningSteps } from './judge.js';
import { accountOverview, splitByAccountColumn } from './account-column.js';
import { balancesFromOverview } from './overview-balances.js';
import { statedSettlements } from './sign.js';
import { otherDateIsValueDate } from './value-date.js';
import { decideBookingColumn } from './booking-column.js';
import { headerBookingDate } from './date-columns.js';
import { findPeriod, printedRanges } from './year.js';
import { accountBic } from './account-bic.js';
import { accountHolder } from './account-holder.js';
import { statementPatterns as vocab } from '../../layout/vocabulary.js';

/**
 * The Kontoauszug engine: positioned words → one table of postings per account plus the
 * statement facts (SPEC §8). Layout-independent: every step decides from positions and
 * content (layout/lines.ts → blocks.ts with columns.ts, balances.ts, headers-footers.ts →
 * sections per account here → account.ts: dates, texts and counterparty, signs, repair).
 */
export const HEADERS = ['Datum', 'Buchungstext', 'Empfänger', 'Betrag'] as const;

/**
 * `layout` is the run's (StageContext.layout); without one the statement lines are made here.
 * The block layout marks value dates under a Valuta header as date tokens of their lines
 * (date-columns.ts): it does so on this run's own copies, never on the shared layout.
 */
export function extractAccounts(doc: LoadedDocument, layout?: Pick<DocumentLayout, 'statementLines'>): ExtractedAccount[] {
  const base = layout?.statementLines ?? documentLines(doc);
  const ocrPages = new Set(doc.pages.filter((p) => p.source === 'ocr').map((p) => p.number));
  // Where the page numbering starts again, a further statement may begin (statement-starts.ts):
  // read with and without those starts, and the balances judge.
  const starts = statementStarts(base);
  const read = (undatedRows: boolean): ReturnType<typeof readAccounts>[] => [
    ...(starts.length > 0 ? [readAccounts(doc, ownCopies(base), ocrPages, undatedRows, starts)] : []),
    readAccounts(doc, ownCopies(base), ocrPages, undatedRows, []),
  ];
  // Undated lines with an amount under a day's first posting: postings of that day, or lines of
  // the posting above. Both readings are made and the balances judge — accounts that reconcile
  // first, then the running balance's steps explained; where they cannot tell, the prior (lines
  // of the posting above; the statement starts the page numbers print) stands.
  // Dates printed on the line under their amount line (date-below.ts): a further reading of the
  // same lines, judged by the same balances; the prior (date with or above its amount) wins ties.
  const below = dateBelowLines(base);
  const dateBelow = below ? [readAccounts(doc, below, ocrPages, true, starts)] : [];
  const withRows = read(true);
  if (withRows.every((r) => r.undated === 0)) return best([...withRows, ...dateBelow]);
  const without = read(false);
  return best([...without, ...withRows, ...dateBelow]);
}

/** The reading whose balances reproduce most (balanceScore); on a tie the earlier one, the prior. */
function best(readings: readonly { accounts: ExtractedAccount[] }[]): ExtractedAccount[] {
  let top = readings[0]!;
  let topScore = balanceScore(top.accounts);
  for (const r of readings.slice(1)) {
    const score = balanceScore(r.accounts);
    if (score.reconciled > topScore.reconciled || (score.reconciled === topScore.reconciled && score.steps > topScore.steps)) [top, topScore] = [r, score];
  }
  return top.accounts;
}

/** What a reading's figures reproduce: accounts that reconcile, and running-balance steps explained (judge.ts). */
function balanceScore(accounts: readonly ExtractedAccount[]): { reconciled: number; steps: number } {
  return {
    reconciled: accounts.filter((a) => a.info.reconciled).length,
    steps: accounts.reduce((t, a) => t + runningSteps(a.postings.map((p) => ({ cents: p.cents, balance: signed(p.posting.balance) }))), 0),
  };
}

type ExtractedAccount = AccountResult & { bic: string | null; holder: string | null };

/** One reading of the statement's lines: blocks, sections per account, each account's facts. */
function readAccounts(doc: LoadedDocument, lines: Line[], ocrPages: ReadonlySet<number>, undatedRows: boolean, starts: readonly StatementStart[]): { accounts: ExtractedAccount[]; undated: number } {
  const built = buildBlocks(lines, { ocrPages, undatedRows });
  const { model, headers } = built;
  // Type lines printed above their posting line (online-banking printouts) join that posting;
  // then rows the page draws with rules or shading are the postings' blocks (ruled-rows.ts).
  // Balances printed at each sheet's foot are read where they belong (sheet-footers.ts).
  const events = sheetFooterBalances(ruledRowLines(typeLinesAbove(built.events), doc.pages, new Set(headers.map((h) => h.line.index))));
  const read = accountSections(events, model, starts);
  const { balanceLines, otherLines } = read;
  // One list of several accounts, each posting's account in a column: one section per account.
  // One section per account, balances only in the overview box: each from its own row.
  const overview = accountOverview(otherLines);
  const ruled = balancesFromOverview(splitByAccountColumn(read.sections, overview), overview);
  // No posting found by the rules, while the lines hold a column of dated amount rows: those rows.
  const structural = structuralSection(lines, ruled, balanceLines);
  const sections = structural ? [structural] : ruled;
  balancesByArithmetic(lines, sections);
  const docPeriod = findPeriod(otherLines, balanceLines);
  const bank = bankName(lines);
  // Only lines outside postings say what kind of statement this is; a giro posting may
  // mention a card.
  const card = isCardStatement(otherLines.map((l) => l.text));
  // A column header with a counterparty column governs the postings below it.
  const partyHeaders = headers.map((h) => ({ index: h.line.index, cols: partyColumns(h.line) }));
  const partyFor = (p: Posting): PartyColumns | null => partyHeaders.filter((h) => h.index < p.first.index).pop()?.cols ?? null;
  const placeHeaders = headers.map((h) => ({ index: h.line.index, cols: placeColumns(h.line) }));
  const placesFor = (p: Posting): PlaceColumns | null => placeHeaders.filter((h) => h.index < p.first.index).pop()?.cols ?? null;
  const currency = statementCurrency([...otherLines, ...balanceLines, ...headers.map((h) => h.line)]);
  // Postings under a counterparty column are split by their cells; the rest show where names stand.
  const partySlot = documentPartySlot(sections.flatMap((s) => s.postings.filter((p) => partyFor(p) === null).map(postingLines)));
  // Where the column header does not say which date column is the booking date, the period and
  // the columns' order decide (booking-column.ts); the other date's kind is then unknown.
  const byStructure = headerBookingDate(lines) === null ? decideBookingColumn(sections.flatMap((s) => s.postings), docPeriod) : 0;
  const valueDates = byStructure === 0 && otherDateIsValueDate(lines, headers, card);
  const context = { docPeriod, bank, currency, card, partySlot, ocrPages, settlements: statedSettlements(otherLines), partyFor, placesFor, ranges: printedRanges(otherLines), valueDates };
  const holder = accountHolder(otherLines);
  const accounts = sections.filter((s) => s.postings.length > 0 || s.opening !== null || s.closing !== null).map((s) => ({ ...account(s, context), bic: accountBic(otherLines, s.iban), holder }));
  return { accounts, undated: built.undated };
}

/** Lines the stage may annotate: each with its own list of date tokens (the only part it adds to). */
function ownCopies(lines: readonly Line[]): Line[] {
  return lines.map((l) => ({ ...l, dates: [...l.dates] }));
}

/**
 * The issuing bank: the first line near the top of page 1 that names a bank, else one in its
 * footer (an excerpt without letterhead still prints the bank's imprint).
 */
function bankName(lines: readonly Line[]): string | null {
  const page = lines.filter((l) => l.page === lines[0]?.page);
  // A posting line ("SEPA Gutschrift Bank 755,00") is not the letterhead.
  const names = (l: Line): boolean => l.amounts.length === 0 && BANK_WORD.test(l.text);
  const hit = page.slice(0, 15).find(names) ?? page.slice(-8).find(names);
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

const BANK_WORD = vocab.bankWord;
/** Where a letterhead line goes on past the bank's name: document words, numbers, addresses. */
const NOT_NAME = vocab.notBankName;
const LEGAL_FORM = vocab.legalForm;

/**
 * The bank's name out of a letterhead line: the capitalised words before the word that names a
 * bank ("Deutsche Musterbank", not "Ihre Einlagen bei der"), then on up to its legal form or to
 * the first word that is not part of a name.
 */
export function bankFromLine(text: string): string {
  const words = text.split(/\s+/u).filter((w) => w !== '');
  const at = Math.max(0, words.findIndex((w) => BANK_WORD.test(w)));
  let from = at;
  const capitalised = (w: string): boolean => /^\p{Lu}[\p{L}\d.&-]*[\p{L}\d.]$/u.test(w) && !NOT_NAME.test(w);
  for (;;) {
    if (from > 0 && capitalised(words[from - 1]!)) from--;
    // A compound cut short before `und`/`oder` (`Privat- und Firmenkundenbank`: Privatkundenbank
    // und Firmenkundenbank) is one word of the name with the one it shares its end with.
    else if (from > 1 && /^(und|oder|u\.)$/u.test(words[from - 1]!) && /^\p{Lu}\p{L}+-$/u.test(words[from - 2]!)) from -= 2;
    else break;
  }
  const out: string[] = [];
  for (const [k, w] of words.slice(from).entries()) {
    const bare = w.replace(/[,;:]$/u, '');
    // A number ends the name too, unless it is part of it (C24 Bank, N26).
    if (out.length > 0 && (NOT_NAME.test(bare) || /\d/u.test(bare)) && !BANK_WORD.test(bare)) break;
    out.push(bare);
    if (LEGAL_FORM.test(bare) && !vocab.legalFormContinues.test(bare)) {
      // A foreign bank's branch is named on after its legal form: `… N.V. Niederlassung Deutschland`.
      const branch = words.slice(from + k + 1, from + k + 3);
      if (bare === w && branch.length === 2 && vocab.bankBranch.test(branch[0]!) && /^\p{Lu}\p{L}+$/u.test(branch[1]!)) out.push(...branch);
      break;
    }
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
