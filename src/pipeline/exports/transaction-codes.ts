import type { PostingType } from '../model/result.js';

/**
 * How each posting type of the model (SPEC §8a) is coded in the exports, by direction
 * (credit: money in; debit: money out). One table so camt.053 and MT940 say the same thing:
 *
 * - `gvc`: the German Geschäftsvorfallcode of MT940 `:86:` (DFÜ-Abkommen Anlage 3,
 *   "Datenformate", Geschäftsvorfallcodes; table and source in docs/exports.md).
 * - `swift`: the MT940 `:61:` transaction type identification code (`N` + 3 letters, SWIFT
 *   MT940 field 61 subfield 6).
 * - `iso`: the ISO 20022 bank transaction code domain / family / sub-family (External Code
 *   Sets, ExternalBankTransactionDomain/Family/SubFamily1Code).
 * - `text`: the MT940 `?00` posting text used when the statement printed none.
 */
export interface TransactionCode {
  gvc: string;
  swift: string;
  iso: { domain: string; family: string; subFamily: string };
  text: string;
}

type Direction = 'credit' | 'debit';

const code = (gvc: string, swift: string, iso: [string, string, string], text: string): TransactionCode => ({
  gvc,
  swift,
  iso: { domain: iso[0], family: iso[1], subFamily: iso[2] },
  text,
});

const TABLE: Record<PostingType, Record<Direction, TransactionCode>> = {
  transfer: {
    credit: code('166', 'NTRF', ['PMNT', 'RCDT', 'ESCT'], 'Gutschrift Ueberweisung'),
    debit: code('116', 'NTRF', ['PMNT', 'ICDT', 'ESCT'], 'Ueberweisung'),
  },
  direct_debit: {
    // A credit is a direct debit the account holder collected as creditor.
    credit: code('171', 'NDDT', ['PMNT', 'RDDT', 'ESDD'], 'Lastschrifteinzug'),
    debit: code('105', 'NDDT', ['PMNT', 'IDDT', 'ESDD'], 'Lastschrift'),
  },
  standing_order: {
    credit: code('152', 'NSTO', ['PMNT', 'RCDT', 'STDO'], 'Dauerauftragsgutschrift'),
    debit: code('117', 'NSTO', ['PMNT', 'ICDT', 'STDO'], 'Dauerauftrag'),
  },
  card_payment: {
    // A credit is a merchant's refund through the card scheme (Wiedergutschrift).
    credit: code('182', 'NMSC', ['PMNT', 'CCRD', 'RIMB'], 'Kartenzahlung Gutschrift'),
    debit: code('106', 'NMSC', ['PMNT', 'CCRD', 'POSD'], 'Kartenzahlung'),
  },
  cash_withdrawal: {
    credit: code('083', 'NMSC', ['PMNT', 'CCRD', 'CWDL'], 'Auszahlung'),
    debit: code('083', 'NMSC', ['PMNT', 'CCRD', 'CWDL'], 'Auszahlung'),
  },
  cash_deposit: {
    credit: code('082', 'NMSC', ['PMNT', 'CNTR', 'CDPT'], 'Einzahlung'),
    debit: code('082', 'NMSC', ['PMNT', 'CNTR', 'CDPT'], 'Einzahlung'),
  },
  salary: {
    credit: code('153', 'NTRF', ['PMNT', 'RCDT', 'SALA'], 'Lohn, Gehalt, Rente'),
    // Paid out by the account holder (an employer's statement): a transfer debit.
    debit: code('116', 'NTRF', ['PMNT', 'ICDT', 'SALA'], 'Lohn, Gehalt, Rente'),
  },
  fee: {
    credit: code('808', 'NCHG', ['ACMT', 'MCOP', 'CHRG'], 'Gebuehren'),
    debit: code('808', 'NCHG', ['ACMT', 'MDOP', 'CHRG'], 'Gebuehren'),
  },
  interest: {
    credit: code('814', 'NINT', ['ACMT', 'MCOP', 'INTR'], 'Zinsen'),
    debit: code('814', 'NINT', ['ACMT', 'MDOP', 'INTR'], 'Zinsen'),
  },
  return: {
    // Money back from an outgoing payment (a transfer returned, a direct debit given back):
    // SEPA-Überweisung Rückbuchung. Money taken back (a collected direct debit charged back):
    // SEPA-Lastschrift Rückbelastung.
    credit: code('159', 'NRTI', ['PMNT', 'ICDT', 'RRTN'], 'Retoure'),
    debit: code('109', 'NRTI', ['PMNT', 'RDDT', 'UPDD'], 'Ruecklastschrift'),
  },
  other: {
    credit: code('835', 'NMSC', ['PMNT', 'MCOP', 'OTHR'], 'Sonstige Buchung'),
    debit: code('835', 'NMSC', ['PMNT', 'MDOP', 'OTHR'], 'Sonstige Buchung'),
  },
};

export function transactionCode(type: PostingType, cents: number): TransactionCode {
  return TABLE[type][cents < 0 ? 'debit' : 'credit'];
}
