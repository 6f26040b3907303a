import { extractIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import type { AccountRecord, PostingRecord } from '../model/result.js';
import { centsToSwiftAmount, decimalToCents } from './decimal-amount.js';
import { statementFacts, type StatementFacts } from './statement-facts.js';
import { swiftText } from './swift-charset.js';
import { cut, pieces } from './text-limits.js';
import { transactionCode } from './transaction-codes.js';

/**
 * SWIFT MT940 as German banks deliver it to DATEV and other bookkeeping software (DFÜ-Abkommen
 * Anlage 3 "structured :86:"): one message per account, `:20:` `:25:` `:28C:` `:60F:`, per
 * posting `:61:` (value date, booking date, C/D, amount, `N` + type code, reference) and `:86:`
 * (GVC, `?00` posting text, `?20`–`?29` purpose with SEPA tags, `?30` BIC, `?31` IBAN,
 * `?32`/`?33` name, `?60`–`?63` more purpose), `:62F:`, a statement-level `:86:` with the notes
 * (not reconciled, derived balances), and `-`. Lines end in CRLF and hold at most 65 characters;
 * a `:86:` at most six lines. Choices and the code table: docs/exports.md.
 *
 * An MT940 must add up (`:60F:` + Σ `:61:` = `:62F:`; importers and parsers reject one that does
 * not). For a statement that does not reconcile `:62F:` is therefore the opening balance plus the
 * postings, `:20:` is `NICHTABGESTIMMT` and the statement-level `:86:` gives the printed closing.
 */
const LINE = 65;
const MAX_86_LINES = 6;
const PURPOSE_FIELDS = ['20', '21', '22', '23', '24', '25', '26', '27', '28', '29', '60', '61', '62', '63'];

const yymmdd = (iso: string): string => iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);
const mmdd = (iso: string): string => iso.slice(5, 7) + iso.slice(8, 10);
const mark = (cents: number): string => (cents < 0 ? 'D' : 'C');

/** `:25:` as German banks write it: BLZ/Kontonummer for a German IBAN, else the IBAN. */
function accountIdentification(iban: string | null): string {
  if (!iban || !isValidIBAN(iban)) return cut(swiftText(iban) || 'NOTPROVIDED', 35);
  const parts = extractIBAN(iban);
  if (parts.countryCode === 'DE' && parts.bban) return `${parts.bban.slice(0, 8)}/${parts.bban.slice(8)}`;
  return iban;
}

/** SEPA purpose tags (DFÜ-Abkommen Anlage 3, SEPA-Verwendungszweck), each starting its own subfield. */
function purposeTags(p: PostingRecord, credit: boolean): string[] {
  const tags: [string, string | null][] = [
    ['EREF+', p.references.end_to_end_id],
    ['KREF+', p.references.customer_reference],
    ['MREF+', p.references.mandate_id],
    ['CRED+', p.references.creditor_id],
    ['SVWZ+', p.purpose],
    // The party behind a payment service: ultimate debtor of money in (abweichender
    // Auftraggeber), ultimate creditor of money out (abweichender Empfänger).
    [credit ? 'ABWA+' : 'ABWE+', p.counterparty.ultimate],
  ];
  return tags.flatMap(([tag, value]) => {
    const t = swiftText(value);
    return t === '' ? [] : [tag + t];
  });
}

/** Subfields packed into lines of at most 65 characters, a subfield never split across lines. */
function packLines(first: string, subfields: string[]): string[] {
  const lines = [first];
  for (const s of subfields) {
    if (lines[lines.length - 1]!.length + s.length <= LINE) lines[lines.length - 1] += s;
    else lines.push(s);
  }
  return lines;
}

function field86(p: PostingRecord, cents: number): string[] {
  const credit = cents >= 0;
  const code = transactionCode(p.type, cents);
  const head = [`?00${cut(swiftText(p.type_text) || code.text, 27)}`];
  const purpose = purposeTags(p, credit)
    .flatMap((t) => pieces(t, 27))
    .slice(0, PURPOSE_FIELDS.length)
    .map((piece, i) => ({ no: PURPOSE_FIELDS[i]!, piece }));
  const cp = p.counterparty;
  const party: string[] = [];
  if (cp.bic && isValidBIC(cp.bic)) party.push(`?30${cp.bic}`);
  if (cp.iban && isValidIBAN(cp.iban)) party.push(`?31${cp.iban}`);
  const name = pieces(swiftText(cp.name), 27);
  if (name[0]) party.push(`?32${name[0]}`);
  if (name[1]) party.push(`?33${name[1]}`);
  // Fit six lines: purpose pieces go from the end first (the JSON and camt.053 keep all of it).
  for (let keep = purpose.length; keep >= 0; keep -= 1) {
    const kept = purpose.slice(0, keep);
    const subfields = [
      ...head,
      ...kept.filter((x) => Number(x.no) < 30).map((x) => `?${x.no}${x.piece}`),
      ...party,
      ...kept.filter((x) => Number(x.no) >= 60).map((x) => `?${x.no}${x.piece}`),
    ];
    const lines = packLines(`:86:${code.gvc}`, subfields);
    if (lines.length <= MAX_86_LINES) return lines;
  }
  return packLines(`:86:${code.gvc}`, head);
}

function statementLine(p: PostingRecord): string[] {
  const cents = decimalToCents(p.amount);
  const code = transactionCode(p.type, cents);
  // The owner's reference: the end-to-end id as far as 16 characters hold it, else NONREF.
  const reference = cut(swiftText(p.references.end_to_end_id).replace(/\//gu, ''), 16) || 'NONREF';
  return [
    `:61:${yymmdd(p.value_date ?? p.booking_date)}${mmdd(p.booking_date)}${mark(cents)}${centsToSwiftAmount(cents)}${code.swift}${reference}`,
    ...field86(p, cents),
  ];
}

function balanceField(tag: string, cents: number, date: string, currency: string): string {
  return `:${tag}:${mark(cents)}${yymmdd(date)}${currency}${centsToSwiftAmount(cents)}`;
}

function message(f: StatementFacts): string[] {
  const a = f.account;
  const lines = [
    `:20:${f.reconciled ? 'KLARTEXT' : 'NICHTABGESTIMMT'}`,
    `:25:${accountIdentification(a.iban)}`,
    ':28C:00000/001',
    balanceField('60F', f.openingCents, f.openingDate, a.currency),
    ...a.postings.flatMap((p) => statementLine(p)),
    balanceField('62F', f.computedClosingCents, f.closingDate, a.currency),
  ];
  const note = swiftText(f.notes.join(' '));
  // Statement-level information to the account owner: a :86: after :62F: (SWIFT MT940 field 86, last occurrence).
  if (note !== '') lines.push(...pieces(`:86:${note}`, LINE).slice(0, MAX_86_LINES));
  lines.push('-');
  return lines;
}

export function renderMt940(accounts: AccountRecord[], meta: { createdAt: Date }): string {
  const today = meta.createdAt.toISOString().slice(0, 10);
  return accounts.flatMap((a) => message(statementFacts(a, today))).map((l) => `${l}\r\n`).join('');
}
