import { fold } from '../../layout/fold.js';
import { statementPatterns as vocab } from '../../layout/vocabulary.js';
import type { PostingType } from '../../model/result.js';
import { typePhrase } from './counterparty.js';

/**
 * A posting's type (SPEC §8a): the printed type words (`Lastschrift`, `SEPA-Gutschrift`,
 * `Kartenzahlung`, `Dauerauftrag` …) mapped to the closed list, `type_text` kept as printed.
 *
 * Contracts:
 * - `type_text` is the posting-type phrase at the start of the Buchungstext (which leaves out the
 *   counterparty, so a name printed first does not hide the type below it); null where no type
 *   word is printed. A type word further down the text (`Auszahlung 009` in a purpose) is none.
 * - The list is decided from `type_text`; where none is printed, from the whole text, and a
 *   posting of a card statement without a type word is a card payment at its merchant.
 * - Order matters: a return (`Rücklastschrift`) is a return before it is a direct debit, a card
 *   payment collected by direct debit (`Lastschrift aus Kartenzahlung`) is a card payment, and
 *   `Auszahlung an …` (to an account) is a transfer, not cash.
 */
const RULES: readonly [PostingType, RegExp][] = [
  ['return', vocab.typeReturn],
  ['salary', vocab.typeSalary],
  ['standing_order', vocab.typeStandingOrder],
  ['card_payment', vocab.typeCard],
  ['cash_withdrawal', vocab.typeCashWithdrawal],
  ['cash_deposit', vocab.typeCashDeposit],
  ['direct_debit', vocab.typeDirectDebit],
  ['interest', vocab.typeInterest],
  ['fee', vocab.typeFee],
  ['transfer', vocab.typeTransfer],
];

export interface TypeReading {
  type: PostingType;
  type_text: string | null;
}

/**
 * `text`: the Buchungstext (SPEC §8: without the counterparty, so in name-first layouts it starts
 * with the type line too); `firstLine`: the posting's first printed text line; `card`: the
 * statement is a card statement.
 */
const of = (t: string): PostingType | null => RULES.find(([, re]) => re.test(fold(t)))?.[0] ?? null;

/**
 * The printed type at the start of the Buchungstext: the vocabulary's type phrase, else a first
 * word that names a type by its stem (`Überweisungsauftrag`, `Überweisungsgutschr.`).
 */
function printedType(text: string): string | null {
  const phrase = typePhrase(text.trim()).replace(/[\s\-,/:·]+$/u, '');
  if (phrase !== '') return phrase;
  const first = text.trim().split(/\s+/u)[0] ?? '';
  return /\p{L}{4}/u.test(first) && of(first) !== null ? first : null;
}

export function postingType(text: string, firstLine: string, card: boolean, hasParty: boolean): TypeReading {
  // The phrase on the first printed line where the type stands there: the vocabulary's phrase
  // runs on over type-like words, which on the joined text would take in the purpose below
  // (`Gutschrift` / `Erstattung Mai`).
  const typeText = (typePhrase(firstLine.trim()) !== '' && text.trim().startsWith(typePhrase(firstLine.trim())) ? printedType(firstLine) : null) ?? printedType(text);
  if (typeText) {
    let t = of(typeText);
    // A card payment collected by direct debit (`Lastschrift aus Kartenzahlung`, girocard ELV).
    if (t === 'direct_debit' && vocab.cardDebit.test(fold(text.trim()))) t = 'card_payment';
    // A settlement (`Abschluss`) is a fee where it names charges, interest where it names only interest.
    if (vocab.settlementStem.test(fold(typeText))) t = vocab.settlementCharge.test(fold(text)) || !vocab.interestStem.test(fold(text)) ? 'fee' : 'interest';
    if (t) return { type: t, type_text: typeText };
  }
  if (card && hasParty) return { type: 'card_payment', type_text: typeText };
  return { type: of(text) ?? 'other', type_text: typeText };
}
