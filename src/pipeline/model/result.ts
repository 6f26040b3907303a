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

export interface KeyNumber {
  value: string;
  page: number;
}

export type Severity = 'info' | 'warning' | 'critical';

export interface ReviewFlag {
  topic: string;
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
  | { kind: 'tables'; tables: Table[]; statement?: StatementInfo[] | StatementInfo }
  | { kind: 'analysis'; analysis: Analysis };
