import type { PrintedDate } from '../../../domain/german-dates.js';
import type { AmountToken, Line, Sign } from '../../layout/lines.js';
import type { BalanceKind } from './balances.js';
import type { ColumnRole } from './columns.js';

/**
 * A posting block and the events the block assembler (blocks.ts) emits in reading order: a
 * posting with its lines, a balance line, or a line that belongs to no posting.
 */
export interface Posting {
  /** Booking date as printed (year may be missing). */
  date: PrintedDate | null;
  /**
   * The other date printed with the posting (value date, or the receipt date of a card
   * posting), as printed. Not part of SPEC §8's row; SPEC §8a's `value_date` where the document
   * prints value dates (value-date.ts), and kept for evaluation against sources that date
   * postings by value date.
   */
  otherDate: PrintedDate | null;
  /** The other date is labelled a value date on its own line (`Wertstellung 01.08.2026`, value-date-line.ts), whatever the document's columns say. */
  otherIsValue?: boolean;
  first: Line;
  lines: Line[];
  amount: AmountToken;
  role: ColumnRole;
  /**
   * The debit/credit role was inferred by the layout, not named by a header word (columns.ts
   * `Column.source`): the side holds relative to the running balance read as a credit balance.
   */
  sideInferred?: true;
  balance: AmountToken | null;
  /** Per line index: word indices that are dates or amounts (not part of the posting text). */
  skip: Map<number, Set<number>>;
  /**
   * On an OCR'd page, a posting line whose amount the engine could not read (`32.028` for
   * `32,02 S`, `10:55:5` for `10,55 S`): the digits it did read, and those of the word's other
   * reading if it was read twice. `amount` then holds the word's position with 0 cents until
   * the balances give the amount (repair.ts `fillUnread`).
   */
  unread?: string[];
}

export type Event =
  | { kind: 'posting'; posting: Posting }
  | { kind: 'balance'; balance: BalanceKind; line: Line; amount: AmountToken | null }
  | { kind: 'line'; line: Line };

/** A posting's amount with the sign the engine settled on. */
export interface SignedPosting {
  cents: number;
  sign: Sign;
  /** True when the layout stated the sign; false for a guess that reconciliation may flip. */
  certain: boolean;
  /**
   * The sign is certain only relative to the running balance read as a credit balance: it came
   * from a column side the layout inferred (`Posting.sideInferred`) or from the running
   * balance's change. Where the balances are a debt printed unsigned (a loan's `Restschuld`),
   * it turns with them (balance-readings.ts `loan: unsigned debt`).
   */
  relative?: boolean;
}
