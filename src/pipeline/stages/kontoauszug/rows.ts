import { withCardMerchant } from './card-merchant.js';
import { formatGermanDate } from '../../../domain/german-dates.js';
import { textWithout } from '../../layout/lines.js';
import { inPrintedNotation, printedText } from '../../layout/printed-text.js';
import { linesOutsideParty, splitByColumns, splitCounterparty, type PartyColumns, type Split } from './counterparty.js';
import type { PartySlot } from './party-slot.js';
import { placeSplit, withPlaces, type PlaceColumns } from './place-cells.js';
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
  /**
   * The first of `textLines` and the Buchungstext with their field separators kept: the printed
   * type phrase ends at a middle dot (`Gutschrift · Erstattung Juni`), which the text itself
   * leaves out (printed-text.ts).
   */
  typeLine: string;
  typeText: string;
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
export function postingText(p: Posting, party: PartyColumns | null, card: boolean, slot: PartySlot, places: PlaceColumns | null): PostingText {
  const lines = postingLines(p);
  const split = party ? splitByColumns(p.lines, p.skip, party) : splitByContent(p, lines, card, slot, places);
  // The rules read amounts in German notation; the text is the document's (printed-text.ts).
  const words = p.lines.flatMap((l) => l.words);
  const textLines = party ? linesOutsideParty(p.lines, p.skip, party) : lines;
  const first = p.lines[0];
  const typeLine = party || !first ? (textLines[0] ?? '') : textWithout(first, p.skip.get(first.index) ?? new Set(), true);
  const text = inPrintedNotation(split.text, words);
  return { lines, text, counterparty: inPrintedNotation(split.counterparty, words), textLines, typeLine, typeText: withSeparators(text, p) };
}

/** `text` with the lone middle dots of the posting's lines put back between the words they stand between. */
function withSeparators(text: string, p: Posting): string {
  let out = ` ${text} `;
  for (const l of p.lines) {
    l.words.forEach((w, i) => {
      const a = l.words[i - 1]?.text;
      const b = l.words[i + 1]?.text;
      if (a !== undefined && b !== undefined && printedText(w) === '' && printedText(w, true) !== '') out = out.replace(` ${a} ${b} `, ` ${a} ${w.text} ${b} `);
    });
  }
  return out.trim();
}

/**
 * The split by the lines' content. Town and country in cells of their own (a card bill's `Ort |
 * Land`) are never the name; such columns say where a card was used, so a line without a type
 * word there is the merchant, as on any card statement.
 */
function splitByContent(p: Posting, lines: string[], card: boolean, slot: PartySlot, places: PlaceColumns | null): Split {
  const own = places ? placeSplit(p, places) : null;
  const named = own?.lines ?? lines;
  const split = withCardMerchant(named, splitCounterparty(named, card || places?.card === true, slot));
  return own ? withPlaces(own.lines, own.places, split) : split;
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
