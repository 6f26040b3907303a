/**
 * What the pipelines produce, in the API's own response shape (seed "Analyze response",
 * SPEC §8, §9). Stages fill slots on the run context; the runner turns the final slots into
 * the output of the document type.
 */
export interface Table {
  name: string;
  headers: string[];
  rows: string[][];
}

export interface StatementInfo {
  iban: string | null;
  bank: string | null;
  period_start: string | null;
  period_end: string | null;
  opening_balance: string | null;
  closing_balance: string | null;
  /** ISO 4217 (`EUR`, `CHF`); amounts stay in SPEC §8's notation whatever the currency. */
  currency: string;
  reconciled: boolean;
}

export interface Section {
  title: string;
  page: number;
  text: string;
}

/**
 * Where a value stands on the page and how sure its reading is (SPEC §8a). `box` is
 * `[x0, y0, x1, y1]` in fractions of the page's width and height, top-left origin, covering the
 * printed lines the value was read from. `confidence` is 1 on a text layer; on OCR the least
 * sure word the value was read from — never invented.
 */
export interface Evidence {
  page: number;
  box: [number, number, number, number];
  source: 'text_layer' | 'ocr';
  confidence: number;
}

/**
 * What the document's own arithmetic says of a posting's amount: `running_balance` — a printed
 * running balance confirms it; `reconciled` — opening + Σ = closing holds for its account;
 * `none` — neither.
 */
export type Verification = 'running_balance' | 'reconciled' | 'none';

export interface PostingEvidence extends Evidence {
  verified: Verification;
}

/** The closed list of posting types (SPEC §8a); `type_text` keeps the printed word. */
export const POSTING_TYPES = [
  'transfer',
  'direct_debit',
  'standing_order',
  'card_payment',
  'cash_withdrawal',
  'cash_deposit',
  'salary',
  'fee',
  'interest',
  'return',
  'other',
] as const;
export type PostingType = (typeof POSTING_TYPES)[number];

export interface Counterparty {
  name: string | null;
  /** Electronic format, no spaces (`DE89370400440532013000`); only a checksum-valid IBAN. */
  iban: string | null;
  bic: string | null;
  /** The merchant behind a payment service (PayPal, Klarna, Amazon Payments …) where the text names it. */
  ultimate: string | null;
}

export interface PostingReferences {
  end_to_end_id: string | null;
  mandate_id: string | null;
  creditor_id: string | null;
  customer_reference: string | null;
}

/** One posting as accounting data (SPEC §8a). Amounts are decimal strings: `"-1234.56"`. */
export interface PostingRecord {
  /** Stable across calls and overlapping statements of one account; never from page or position. */
  id: string;
  booking_date: string;
  value_date: string | null;
  amount: string;
  currency: string;
  counterparty: Counterparty;
  type: PostingType;
  /** The printed type word (`Lastschrift`), null where none is printed. */
  type_text: string | null;
  purpose: string | null;
  references: PostingReferences;
  /** The whole posting text as printed, lines joined by one space. */
  text: string;
  evidence: PostingEvidence;
}

/** A printed balance: decimal amount, ISO date (null where none is printed) and where it stands. */
export interface BalanceRecord {
  amount: string;
  date: string | null;
  evidence: Evidence | null;
}

/** One account of a statement as accounting data (SPEC §8a), in the order of `tables`. */
export interface AccountRecord {
  /** Electronic format, no spaces; null where none is printed. */
  iban: string | null;
  bic: string | null;
  holder: string | null;
  bank: string | null;
  currency: string;
  period: { start: string | null; end: string | null };
  opening_balance: BalanceRecord | null;
  closing_balance: BalanceRecord | null;
  reconciled: boolean;
  postings: PostingRecord[];
}

export interface KeyNumber {
  value: string;
  page: number;
  /** Where the number stands (SPEC §8a); absent only where no printed word backs it. */
  evidence?: Evidence;
}

export type Severity = 'info' | 'warning' | 'critical';

/** `Topic`: the closed list of SPEC §9 topics of the document type that raises the flag. */
export interface ReviewFlag<Topic extends string = string> {
  topic: Topic;
  severity: Severity;
  description: string;
}

/** An arithmetic identity of the letter (SPEC §9): reported only when all its values were read. */
export interface Check {
  rule: string;
  holds: boolean;
  /** The summed values as printed, by key-number name or the row's printed label. */
  values: Record<string, string>;
}

export interface Analysis {
  summary: string;
  sections: Section[];
  key_numbers: Record<string, KeyNumber>;
  review_flags: ReviewFlag[];
  checks: Check[];
}

export type PipelineOutput =
  | { kind: 'tables'; tables: Table[]; statement?: StatementInfo[] | StatementInfo; accounts?: AccountRecord[] }
  | { kind: 'analysis'; analysis: Analysis };
