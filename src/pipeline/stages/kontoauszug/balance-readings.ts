import { fold } from '../../layout/fold.js';
import type { Line, Sign } from '../../layout/lines.js';
import { statementPatterns as vocab } from '../../layout/vocabulary.js';
import { balanceKind } from './balances.js';
import { judge, type Reading, type Verdict } from './judge.js';
import type { SignedPosting } from './posting.js';
import { reconcileSigns } from './sign.js';
import type { Segment } from './sections.js';

/**
 * The structural alternatives of one account's balances, generated from what the statement
 * prints, and the judge's choice among them (judge.ts). The first reading is always the one the
 * layout rules made (balance-order.ts put two dated balances in date order; sign.ts gave each
 * posting its sign), so where the figures cannot tell the readings apart it stays.
 *
 * - `unsigned owed`: balances printed without a sign are money owed — a card issuer's
 *   statement, where an unsigned amount is charged to the card. Generated where the statement
 *   marks no amount `-` and either marks credits `+` (on postings or a balance) or is a card
 *   statement — or where every posting's sign is certain (a loan account's Soll/Haben columns
 *   beside an unsigned `Restschuld per …`; no guess the arithmetic could reverse instead). Where
 *   some amount prints `-`, unsigned means positive and no alternative is read.
 * - `balances swapped`: two balances that name no role of their own (`Kontostand am …`, no
 *   alt/neu) may open and close either way round (a newest-first list prints today's first).
 *   Lines that name their role (Saldo alt, Neuer Kontostand) are never swapped; nor are two
 *   lines that both print a full date (their dates ordered them), nor balances around a posting
 *   whose sign is a guess: swapping is then indistinguishable from reversing the guesses (a real
 *   `Kontostand am 26 Okt. 2022 0,00` / `Überweisung von … 100,00` / `Kontostand am 31 Okt.
 *   2022 100,00` reconciled "swapped" with the transfer guessed a debit).
 *
 * - `opening side reversed` / `closing side reversed`: one balance whose sign the statement
 *   does not print (unsigned, or signed only by the amount column it happens to end in) is on
 *   the other side — a balance printed without its minus (a statement that words each posting's
 *   direction prints a negative closing as a bare figure) or a `Kontostand am …: 550,68 EUR` line
 *   whose figure ends under the Soll column by the label's length alone. Generated only where
 *   no amount of the statement prints `-` (else unsigned means positive), and only where the
 *   reading reconciles as read (level 2): it may not win by flipping guessed signs besides; nor
 *   where the balances as printed reconcile once guessed signs flip (then it would only mirror
 *   the guesses).
 *
 * - `bill: unsigned owed`: a bill (fuel card, credit card, invoice) whose balance label names
 *   the balance as owed (`Neuer Saldo (Rechnungsbetrag)`, `zu zahlen`, `Belastung`) and that
 *   prints credits with a minus (`-250,00`): unsigned amounts are charges, minus amounts
 *   credits, unsigned balances debts — every sign of the reading as read reversed. The two are
 *   mirror images, so the arithmetic always scores them alike; the document's own words decide,
 *   and this reading is then the prior (first). Generated only where some amount prints `-`
 *   (where none does, `unsigned owed` above is the card's reading) and a balance line's label
 *   says owed — never on the mirror symmetry alone (issue 21, blind batch 9).
 *
 * - `loan: unsigned debt`: a loan account whose balance line names the debt left (lexicon
 *   meaning `loanDebt`: `Restschuld per …`, Darlehensstand, Kreditsaldo …) and prints it, and
 *   its running column, unsigned. The debt is owed: the balances and the running balances are
 *   negative, and every sign that held only relative to the running balance read as a credit
 *   balance turns with it (`SignedPosting.relative`: a column side the layout inferred, or the
 *   running balance's change) — while a side a header word named (`Soll`/`Haben`) keeps its
 *   sign. Read as printed, a headerless loan (`Zahlung | Zinsen/Kosten | Restschuld`) is its
 *   exact mirror image and reconciles as well (blind batch 10 answered it mirrored with
 *   `reconciled: true`); the label decides, so this reading is then the prior (first). Generated
 *   only where no amount prints `-` and no running balance prints a sign of its own.
 *
 * A reading that swaps the balances and negates them both is the mirror image of the postings'
 * signs all reversed; the two are never generated together.
 */
export function balanceReadings(s: Segment, signs: readonly SignedPosting[], card: boolean): { readings: Reading[]; swap: ReadonlySet<string> } {
  const copy = (): SignedPosting[] => signs.map((p) => ({ ...p }));
  const readings: Reading[] = [{ name: 'as read', opening: s.opening, closing: s.closing, signs: copy() }];
  const swap = new Set<string>();
  if (s.opening === null || s.closing === null) return { readings, swap };
  const marks = new Set([...s.postings.map((p) => p.amount.sign), s.openingSign, s.closingSign]);
  if (marks.has(-1) && saysOwed(s)) {
    readings.unshift({ name: 'bill: unsigned owed', opening: -s.opening, closing: -s.closing, signs: signs.map((p) => ({ ...p, sign: -p.sign as Sign })) });
    return { readings, swap };
  }
  const loan = loanReading(s, signs, marks);
  if (loan) readings.unshift(loan);
  // Where every posting's sign is certain (Soll/Haben columns, printed signs) the reading is no
  // mirror image of reversed guesses: a loan account prints its debt unsigned (`Restschuld per …`)
  // and only the arithmetic says the balance is owed.
  const certainSides = signs.length > 0 && signs.every((p) => p.certain);
  if ((s.openingUnsigned || s.closingUnsigned) && !marks.has(-1) && (marks.has(1) || card || certainSides)) {
    readings.push({ name: 'unsigned owed', opening: s.openingUnsigned ? -s.opening : s.opening, closing: s.closingUnsigned ? -s.closing : s.closing, signs: copy() });
  }
  readings.push(...oneSideReversed(s, signs, marks.has(-1)));
  // Swapping the balances is the mirror image of reversing every posting's sign, so it is read
  // only where no sign is a guess; and never where both lines print full dates (balance-order.ts
  // has put those in date order already).
  const dated = (l: Line): boolean => l.dates[0]?.date.year != null;
  const certain = signs.every((p) => p.certain);
  if (certain && s.openingLine && s.closingLine && !(dated(s.openingLine) && dated(s.closingLine)) && balanceKind(s.openingLine) === 'either' && balanceKind(s.closingLine) === 'either') {
    readings.push({ name: 'balances swapped', opening: s.closing, closing: s.opening, signs: copy() });
    swap.add('balances swapped');
  }
  return { readings, swap };
}

/**
 * Reads the alternatives, keeps the one the judge chooses, and writes it into the segment (its
 * balances, swapped with their lines where the reading swaps them) and into `signs`. Returns the
 * kept reading's name and verdict.
 */
export function judgeBalances(s: Segment, signs: SignedPosting[], card: boolean): { name: string; verdict: Verdict } {
  const { readings, swap } = balanceReadings(s, signs, card);
  const { reading, verdict } = judge(readings, { postings: s.postings, pageBalances: s.pageBalances });
  if (swap.has(reading.name)) {
    [s.openingLine, s.closingLine] = [s.closingLine, s.openingLine];
    [s.openingUnsigned, s.closingUnsigned] = [s.closingUnsigned, s.openingUnsigned];
    [s.openingSign, s.closingSign] = [s.closingSign, s.openingSign];
  }
  s.opening = reading.opening;
  s.closing = reading.closing;
  reading.signs.forEach((p, i) => (signs[i]!.sign = p.sign));
  // The running column is read as the reading reads it, for the checks that follow (reconcile, SPEC §8a `verified`).
  if (reading.runningOwed) for (const p of s.postings) if (p.balance && p.balance.sign === null) p.balance = { ...p.balance, sign: -1 };
  return { name: reading.name, verdict };
}

/** The `loan: unsigned debt` reading (see above), or null where the statement is not read so. */
function loanReading(s: Segment, signs: readonly SignedPosting[], marks: ReadonlySet<Sign | null>): Reading | null {
  if (s.opening === null || s.closing === null || marks.has(-1)) return null;
  if (!(s.openingUnsigned && s.closingUnsigned)) return null;
  if (![s.openingLine, s.closingLine].some((l) => l != null && vocab.loanDebt.test(fold(l.text)))) return null;
  if (s.postings.some((p) => p.balance !== null && p.balance.sign !== null)) return null;
  return { name: 'loan: unsigned debt', opening: -s.opening, closing: -s.closing, signs: signs.map((p) => ({ ...p, sign: p.relative ? (-p.sign as Sign) : p.sign })), runningOwed: true };
}

/** Whether a balance line's label names the balance as money owed to the issuer (a bill). */
function saysOwed(s: Segment): boolean {
  return [s.openingLine, s.closingLine].some((l) => l != null && vocab.owedBalance.test(fold(l.text)));
}

/** The readings that put one balance whose sign is not printed on the other side (see above). */
function oneSideReversed(s: Segment, signs: readonly SignedPosting[], printsMinus: boolean): Reading[] {
  if (printsMinus || s.opening === null || s.closing === null) return [];
  // Where the balances as printed reconcile once guessed signs flip, reversing a balance would
  // only mirror those guesses (a transfer guessed a debit between `0,00` and `100,00`).
  if (reconcileSigns(signs.map((p) => ({ ...p })), s.opening, s.closing)) return [];
  const sum = signs.reduce((t, p) => t + p.sign * p.cents, 0);
  const out: Reading[] = [];
  const copy = (): SignedPosting[] => signs.map((p) => ({ ...p }));
  if (s.openingSign === null && s.opening !== 0 && -s.opening + sum === s.closing) out.push({ name: 'opening side reversed', opening: -s.opening, closing: s.closing, signs: copy() });
  if (s.closingSign === null && s.closing !== 0 && s.opening + sum === -s.closing) out.push({ name: 'closing side reversed', opening: s.opening, closing: -s.closing, signs: copy() });
  return out;
}
