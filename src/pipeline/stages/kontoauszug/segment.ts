import type { Line, Sign } from '../../layout/lines.js';
import type { Posting } from './posting.js';

/**
 * One account's section of a statement as the engine collects it (engine.ts `extractAccounts`):
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
}

export function newSegment(iban: string | null): Segment {
  return { iban, opening: null, openingLine: null, closing: null, closingLine: null, openingUnsigned: false, closingUnsigned: false, openingSign: null, closingSign: null, postings: [] };
}

/** An amount token's value in signed cents (unsigned counts as positive), null for none. */
export const signed = (t: { cents: number; sign: Sign | null } | null): number | null => (t ? t.cents * (t.sign ?? 1) : null);
