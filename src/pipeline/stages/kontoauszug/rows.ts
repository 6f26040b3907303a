import { withCardMerchant } from './card-merchant.js';
import { formatGermanDate } from '../../../domain/german-dates.js';
import { textWithout } from '../../layout/lines.js';
import { linesOutsideParty, splitByColumns, splitCounterparty, type PartyColumns } from './counterparty.js';
import type { PartySlot } from './party-slot.js';
import type { PostingDates } from './posting-dates.js';
import type { Posting, SignedPosting } from './posting.js';

/** A posting's table row (SPEC §8) and the other date kept beside it (evaluation; §8a value_date). */
export interface Row {
  date: string;
  /** The posting's other printed date (value or receipt date), '' when none; not in the table. */
  otherDate: string;
  text: string;
  counterparty: string;
  cents: number;
}

export interface PostingText {
  /** Each line's text without the posting's own date and amount cells. */
  lines: string[];
  /** Buchungstext and Empfänger. */
  text: string;
  counterparty: string;
  /**
   * The text lines without the counterparty: under a counterparty column each line's other
   * cells (the name's wrapped cell would interleave with the purpose), else `lines`.
   */
  textLines: string[];
}

/** A posting's text lines without its own date and amount cells. */
export function postingLines(p: Posting): string[] {
  return p.lines.map((l) => textWithout(l, p.skip.get(l.index) ?? new Set()));
}

/**
 * A posting's text split into Buchungstext and Empfänger: cell by cell under a column header
 * with a counterparty column, else by content and the document's name slot (counterparty.ts,
 * party-slot.ts).
 */
export function postingText(p: Posting, party: PartyColumns | null, card: boolean, slot: PartySlot): PostingText {
  const lines = postingLines(p);
  const split = party ? splitByColumns(p.lines, p.skip, party) : withCardMerchant(lines, splitCounterparty(lines, card, slot));
  return { lines, text: split.text, counterparty: split.counterparty, textLines: party ? linesOutsideParty(p.lines, p.skip, party) : lines };
}

/** Which postings have a known amount: the rows and the accounting records keep the same ones. */
export function knownPostings(signs: readonly SignedPosting[], unread: readonly (string[] | null)[]): (i: number) => boolean {
  return (i) => unread[i] === null || signs[i]!.cents !== 0;
}

/**
 * The account's rows, in posting order. A posting whose amount did not read and that the
 * balances could not fill (`unread` still set, 0 cents) is left out rather than guessed.
 */
export function accountRows(dates: readonly PostingDates[], texts: readonly PostingText[], signs: readonly SignedPosting[], unread: readonly (string[] | null)[]): Row[] {
  const known = knownPostings(signs, unread);
  return dates
    .map((d, i) => ({
      date: d.date ? formatGermanDate(d.date) : '',
      otherDate: d.other ? formatGermanDate(d.other) : '',
      text: texts[i]!.text,
      counterparty: texts[i]!.counterparty,
      cents: signs[i]!.sign * signs[i]!.cents,
    }))
    .filter((_, i) => known(i));
}
