import { isValidBIC, isValidIBAN } from 'ibantools';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import type { AccountRecord, PostingRecord } from '../model/result.js';
import { centsToPlainDecimal, decimalToCents } from './decimal-amount.js';
import { contentReference, statementFacts, type StatementFacts } from './statement-facts.js';
import { cut, oneLine, wrapWords } from './text-limits.js';
import { transactionCode } from './transaction-codes.js';

/**
 * ISO 20022 camt.053.001.08 (bank-to-customer statement, the version German banks deliver
 * since November 2025): one `Stmt` per account, `Bal` OPBD/CLBD, one booked `Ntry` per posting
 * with its details. Valid against the message's XSD (test/pipeline/exports). Element order and
 * lengths follow the XSD; field mapping and the choices the standard leaves open are in
 * docs/exports.md. The XML (escaping included) is written by xmlbuilder2.
 */
export const CAMT053_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.08';

export interface CamtMeta {
  createdAt: Date;
}

/** ISO 20022 text of at most `max` characters, or nothing when empty (every MaxNText has minLength 1). */
function text(parent: XMLBuilder, name: string, value: string | null | undefined, max: number): void {
  const t = cut(oneLine(value), max);
  if (t !== '') parent.ele(name).txt(t);
}

const dateTime = (d: Date): string => d.toISOString().replace(/\.\d{3}Z$/u, 'Z');

function amount(parent: XMLBuilder, cents: number, currency: string): void {
  parent.ele('Amt', { Ccy: currency }).txt(centsToPlainDecimal(cents));
  parent.ele('CdtDbtInd').txt(cents < 0 ? 'DBIT' : 'CRDT');
}

/** A valid IBAN as `IBAN`, anything else the statement printed as an account number under `Othr`. */
function accountId(parent: XMLBuilder, iban: string | null): void {
  const id = parent.ele('Id');
  if (iban && isValidIBAN(iban)) id.ele('IBAN').txt(iban);
  else id.ele('Othr').ele('Id').txt(cut(oneLine(iban) || 'NOTPROVIDED', 34));
}

function balance(stmt: XMLBuilder, code: 'OPBD' | 'CLBD', cents: number, date: string, currency: string): void {
  const bal = stmt.ele('Bal');
  bal.ele('Tp').ele('CdOrPrtry').ele('Cd').txt(code);
  amount(bal, cents, currency);
  bal.ele('Dt').ele('Dt').txt(date);
}

function party(parent: XMLBuilder, name: string, partyName: string | null, creditorId?: string | null): void {
  const n = cut(oneLine(partyName), 140);
  const id = cut(oneLine(creditorId), 35);
  if (n === '' && id === '') return;
  const pty = parent.ele(name).ele('Pty');
  if (n !== '') pty.ele('Nm').txt(n);
  // The SEPA creditor identifier, where banks report it (scheme "SEPA", DK camt guide).
  if (id !== '') {
    const othr = pty.ele('Id').ele('PrvtId').ele('Othr');
    othr.ele('Id').txt(id);
    othr.ele('SchmeNm').ele('Prtry').txt('SEPA');
  }
}

function partyAccount(parent: XMLBuilder, name: string, iban: string | null): void {
  if (!iban) return;
  accountId(parent.ele(name), iban);
}

function agent(parent: XMLBuilder, name: string, bic: string | null): void {
  if (!bic || !isValidBIC(bic)) return;
  parent.ele(name).ele('FinInstnId').ele('BICFI').txt(bic);
}

function entry(stmt: XMLBuilder, facts: StatementFacts, p: PostingRecord): void {
  const account = facts.account;
  const cents = decimalToCents(p.amount);
  const credit = cents >= 0;
  const code = transactionCode(p.type, cents);
  const ntry = stmt.ele('Ntry');
  // The posting's stable id (SPEC §8a) is the entry reference an importer deduplicates on.
  ntry.ele('NtryRef').txt([...p.id].length <= 35 ? p.id : contentReference('', p.id, 35));
  amount(ntry, cents, p.currency || account.currency);
  ntry.ele('Sts').ele('Cd').txt('BOOK');
  ntry.ele('BookgDt').ele('Dt').txt(p.booking_date);
  if (p.value_date) ntry.ele('ValDt').ele('Dt').txt(p.value_date);
  const btc = ntry.ele('BkTxCd');
  const domn = btc.ele('Domn');
  domn.ele('Cd').txt(code.iso.domain);
  const fmly = domn.ele('Fmly');
  fmly.ele('Cd').txt(code.iso.family);
  fmly.ele('SubFmlyCd').txt(code.iso.subFamily);
  // The German bank transaction code beside the ISO one, as German banks write it (DK: swift code + GVC).
  const prtry = btc.ele('Prtry');
  prtry.ele('Cd').txt(`${code.swift}+${code.gvc}`);
  prtry.ele('Issr').txt('DK');

  const tx = ntry.ele('NtryDtls').ele('TxDtls');
  const refs = tx.ele('Refs');
  text(refs, 'InstrId', p.references.customer_reference, 35);
  // NOTPROVIDED where no end-to-end reference is printed, as the SEPA rulebook and banks write it.
  refs.ele('EndToEndId').txt(cut(oneLine(p.references.end_to_end_id), 35) || 'NOTPROVIDED');
  text(refs, 'MndtId', p.references.mandate_id, 35);

  const cp = p.counterparty;
  const holder = account.holder;
  const parties = tx.ele('RltdPties');
  // Money in: the counterparty paid (debtor), the account holder received (creditor); money out the reverse.
  // The creditor identifier belongs to whoever collected a direct debit: the creditor.
  if (credit) {
    party(parties, 'Dbtr', cp.name);
    partyAccount(parties, 'DbtrAcct', cp.iban);
    party(parties, 'UltmtDbtr', cp.ultimate);
    party(parties, 'Cdtr', holder, p.references.creditor_id);
    partyAccount(parties, 'CdtrAcct', account.iban);
  } else {
    party(parties, 'Dbtr', holder);
    partyAccount(parties, 'DbtrAcct', account.iban);
    party(parties, 'Cdtr', cp.name, p.references.creditor_id);
    partyAccount(parties, 'CdtrAcct', cp.iban);
    party(parties, 'UltmtCdtr', cp.ultimate);
  }
  if (parties.node.childNodes.length === 0) parties.remove();
  if (cp.bic && isValidBIC(cp.bic)) agent(tx.ele('RltdAgts'), credit ? 'DbtrAgt' : 'CdtrAgt', cp.bic);
  const purpose = oneLine(p.purpose);
  if (purpose !== '') {
    const rmt = tx.ele('RmtInf');
    // Pieces of 140 characters broken between words: importers trim each and join them with a space.
    for (const piece of wrapWords(purpose, 140)) rmt.ele('Ustrd').txt(piece);
  }
  text(ntry, 'AddtlNtryInf', p.text, 500);
}

function statement(doc: XMLBuilder, facts: StatementFacts, index: number, meta: CamtMeta): void {
  const a = facts.account;
  const stmt = doc.ele('Stmt');
  stmt.ele('Id').txt(contentReference(`KT${index + 1}-`, [a.iban, a.period, a.opening_balance?.amount, a.closing_balance?.amount, a.postings.map((p) => p.id)], 35));
  stmt.ele('CreDtTm').txt(dateTime(meta.createdAt));
  const period = stmt.ele('FrToDt');
  period.ele('FrDtTm').txt(`${a.period.start ?? facts.openingDate}T00:00:00`);
  period.ele('ToDtTm').txt(`${a.period.end ?? facts.closingDate}T23:59:59`);
  const acct = stmt.ele('Acct');
  accountId(acct, a.iban);
  acct.ele('Ccy').txt(a.currency);
  if (oneLine(a.holder) !== '') text(acct.ele('Ownr'), 'Nm', a.holder, 140);
  const bic = a.bic && isValidBIC(a.bic) ? a.bic : null;
  if (bic || oneLine(a.bank) !== '') {
    const fin = acct.ele('Svcr').ele('FinInstnId');
    if (bic) fin.ele('BICFI').txt(bic);
    text(fin, 'Nm', a.bank, 140);
  }
  balance(stmt, 'OPBD', facts.openingCents, facts.openingDate, a.currency);
  balance(stmt, 'CLBD', facts.closingCents, facts.closingDate, a.currency);
  for (const p of a.postings) entry(stmt, facts, p);
  text(stmt, 'AddtlStmtInf', facts.notes.join(' '), 500);
}

/** At least one account: a camt.053 message holds one or more `Stmt` (the service refuses an export of none). */
export function renderCamt053(accounts: AccountRecord[], meta: CamtMeta): string {
  if (accounts.length === 0) throw new RangeError('a camt.053 statement needs at least one account');
  const today = meta.createdAt.toISOString().slice(0, 10);
  const facts = accounts.map((a) => statementFacts(a, today));
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(CAMT053_NAMESPACE, 'Document');
  const body = root.ele('BkToCstmrStmt');
  const header = body.ele('GrpHdr');
  header.ele('MsgId').txt(contentReference('KLARTEXT-', accounts.map((a) => [a.iban, a.period, a.postings.map((p) => p.id)]), 35));
  header.ele('CreDtTm').txt(dateTime(meta.createdAt));
  facts.forEach((f, i) => statement(body, f, i, meta));
  return root.end({ prettyPrint: true });
}
