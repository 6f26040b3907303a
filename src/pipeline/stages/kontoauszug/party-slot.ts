import { lastNameLine, leadingIdLines, nameLike, nameScore, typePhrase, withoutLeadingCells } from './counterparty.js';

/**
 * Where a statement prints the counterparty, decided once per document from all its postings
 * (issue 11: evidence over the whole document, not word lists per posting). A layout puts the
 * name in one place for every posting; which place shows in how the lines vary:
 *
 * - `first`: the first line is the name and a type or category follows below (app exports:
 *   `ALDI SÜD` / `Visa Debit • Lebensmittel`). The first lines are names — no type word, name-
 *   like — and the second lines repeat more than the first (categories recur, merchants vary).
 * - `second`: the first line is the type, whatever its words (`Zahlung`, `TWINT`, `Lastschrift
 *   Einzugsermächtigung`, `Bezahlung Bankomat`), and the name stands on the line below. The first
 *   lines repeat like types (at most half of them distinct), or the types the vocabulary knows
 *   stand alone on them; and the second lines read as names and vary more.
 * - `last`: the type line, purpose lines, then the name on the block's last line (Postbank:
 *   `Dauerauftrag` / `Miete Juni 2025` / `Referenz …` / `Max Mustermann`, reference or mandate
 *   lines perhaps after it). The last name-like lines read as names clearly more often than
 *   the lines right under the type do.
 * - `auto`: neither stands out; each posting is split by its own content (counterparty.ts).
 *
 * A labelled name (`Empfänger: …`, `Auftraggeber: …`) is taken per posting whatever the slot.
 */
export type PartySlot = 'auto' | 'first' | 'second' | 'last';

/** At least this many postings must show a slot before it governs the document. */
const MIN_POSTINGS = 3;


const mean = (xs: readonly number[]): number => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
const distinctShare = (xs: readonly string[]): number => (xs.length === 0 ? 1 : new Set(xs.map((x) => x.toLowerCase())).size / xs.length);

/** `postings`: each posting's text lines (own dates and amounts removed), as splitCounterparty gets them. */
export function documentPartySlot(postings: readonly (readonly string[])[]): PartySlot {
  // Leading column cells (a weekday, an S/H mark, an account) are no part of the first line's text.
  const multi = postings
    .map((ls) => ls.map((l) => l.replace(/\s+/gu, ' ').trim()).filter((l) => l !== ''))
    .map((ls) => (ls.length > 0 ? [withoutLeadingCells(ls[0]!), ...ls.slice(1)] : ls))
    // Id lines before the description (splitCounterparty skips them too) are no first line.
    .map((ls) => ls.slice(leadingIdLines(ls)))
    .filter((ls) => ls.length >= 2);
  // Name first: the first line carries no type word in most postings and reads as a name, and
  // the second lines repeat (categories, types) more than the first lines (merchants).
  const untyped = multi.filter((ls) => typePhrase(ls[0]!) === '');
  if (untyped.length >= MIN_POSTINGS && untyped.length >= multi.length * 0.6) {
    const named = untyped.filter((ls) => nameLike(ls[0]!));
    if (named.length >= untyped.length * 0.7 && distinctShare(named.map((ls) => ls[1]!)) < distinctShare(named.map((ls) => ls[0]!))) return 'first';
  }
  // Name second: the first lines repeat like a small set of types; the second lines are names.
  if (multi.length >= MIN_POSTINGS) {
    const firsts = multi.map((ls) => ls[0]!);
    const seconds = multi.filter((ls) => nameLike(ls[1]!));
    // Types the vocabulary knows stand alone on their first line (`Dauerauftrag`, `Lastschrift
    // (LSV+)`): the layout gives the type a line of its own, so unknown first lines are types too.
    const known = multi.filter((ls) => typePhrase(ls[0]!) !== '');
    const alone = known.filter((ls) => ls[0]!.slice(typePhrase(ls[0]!).length).trim().split(' ').filter((w) => w !== '').length <= 1);
    const typeLines = distinctShare(firsts) <= 0.5 || (known.length >= MIN_POSTINGS && alone.length >= known.length * 0.8);
    if (typeLines && seconds.length >= multi.length * 0.6 && distinctShare(seconds.map((ls) => ls[1]!)) > distinctShare(firsts)) {
      // … unless the name comes last, below purpose lines that read as names less often.
      const last = lastSlotEvidence(multi);
      if (!last) return 'second';
    }
  }
  // Name last: under a type-only first line, the lines right below read as names clearly less
  // often than the last lines do.
  return lastSlotEvidence(multi) ? 'last' : 'auto';
}

/**
 * Under a type-only first line, the lines right below read as names clearly less often than
 * the blocks' last name-like lines (past reference and mandate lines, counterparty.ts
 * lastNameLine) do.
 */
function lastSlotEvidence(multi: readonly string[][]): boolean {
  const typed = multi.filter((ls) => ls.length >= 3 && typePhrase(ls[0]!) !== '' && ls[0]!.slice(typePhrase(ls[0]!).length).trim() === '');
  if (typed.length < MIN_POSTINGS || typed.length < multi.length * 0.5) return false;
  const below = mean(typed.map((ls) => nameScore(ls[1]!)));
  const last = mean(
    typed.map((ls) => {
      const i = lastNameLine(ls);
      return i > 1 ? nameScore(ls[i]!) : 0;
    }),
  );
  return last >= 0.6 && last - below >= 0.25;
}
