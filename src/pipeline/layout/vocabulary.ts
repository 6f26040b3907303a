import { alternation, forms } from './lexicon/compile.js';
import { STATEMENT_LEXICON, type StatementMeaning } from './lexicon/statement.js';

/**
 * The statement roles as queries over the lexicon (`lexicon/statement.ts`: each word once, with
 * the meanings it carries), compiled once into the patterns the kontoauszug rules test with. A
 * stage never spells a role word itself; it asks for the compiled pattern of the role
 * (`statementPatterns.opening`, `.debitHeader` …).
 *
 * Contract: every form is compiled through `fold` (`./fold.ts`: lower case, umlauts kept,
 * white space collapsed), the fold of the text the pattern runs on, unless the pattern below
 * says it is matched case-insensitively on the printed text (the same lower-case forms then).
 * The order of a role's forms is the lexicon's order, which matters only where a match is
 * captured (`typeWordSource`).
 *
 * Known drift, kept on purpose (issue 11 moved words, issue 21 keys them by word; neither
 * changes results): some roles exist in two spellings because two rules used different lists.
 * They are named side by side (`opening` / `summaryOpening`, `balanceWordStart` / `balanceWord`
 * …) and listed in docs/layout.md; unifying them is a behaviour change to be measured on its own.
 */
const R = String.raw;

/**
 * A label's twin in another language after a slash, before the label's colon (issue 21, blind
 * batch 9: a bilingual private bank prints `Begünstigter / Beneficiary: …`, `Verwendungszweck /
 * Reference: …`): one to four Latin words. Only ever placed between a lexicon label and a
 * colon, so a slash inside a name or purpose (`Miete 06/2025`) is never read as one.
 */
const TWIN = String.raw`(?:\s*\/\s*[A-Za-z][A-Za-z.\-]*(?: [A-Za-z][A-Za-z.\-]*){0,3})?`;

export type StatementRole = StatementMeaning;

/** A role's forms, folded for statement text, in lexicon order. */
export function roleForms(role: StatementRole): string[] {
  return forms(STATEMENT_LEXICON, role, 'statement');
}

/** The roles' forms as one alternation (no group). */
function any(...roles: StatementRole[]): string {
  return alternation(STATEMENT_LEXICON, roles, 'statement');
}

/** The same for a pattern tested case-sensitively on the printed text (no fold). */
function printed(...roles: StatementRole[]): string {
  return alternation(STATEMENT_LEXICON, roles, 'printed');
}

/**
 * The compiled patterns, built once at module load. Each keeps the anchoring and flags of the rule
 * that uses it (a whole header word, a prefix of a type, anywhere in a line); the comment names
 * what the pattern is tested against.
 */
export const statementPatterns = Object.freeze({
  /** Folded line text. */
  opening: new RegExp(R`\b(${any('opening')})`, 'u'),
  closing: new RegExp(R`\b(${any('closing')})`, 'u'),
  balanceAt: new RegExp(R`^(${any('balanceAtStart')})\b|\b(${any('balanceAtDate')}) (am|vom|per|zum)\b`, 'u'),
  carry: new RegExp(R`(?<!\p{L})(${any('carry')})`, 'u'),
  projectedBalance: new RegExp(R`\b(${any('projectedBalance')})\b`, 'u'),
  /** Folded rest of a dated line, its trailing amount removed: a carry-over, not a transfer. */
  datedCarry: new RegExp(R`^(${any('datedCarry')})(\s+(von|aus|auf)\s+(der\s+)?(${any('carryPlace')})\b.*)?\s*[\d.,+\-SH€]*$`, 'u'),
  /** Folded text of an undated line without amount: `Übertrag auf Tagesgeld …8018`, a transfer's purpose line naming an account, not a page — no carry-over. */
  /**
   * Folded text of an undated line without amount: one word, then `Übertrag` ending the line
   * (`Sparen Übertrag`, `Monatlicher Übertrag`) — a transfer's purpose line, no carry-over; unless
   * that word is itself a balance, total or page word (`Summe Übertrag`, `Seite Übertrag`).
   */
  carryAsPurpose: new RegExp(R`^(?!(${any('carry', 'carryPlace', 'balanceAtStart', 'balanceAtDate')})\b)\p{L}+\s+(${any('datedCarry')})$`, 'u'),
  /** Folded line text: a card's number line (`karte: 5587 ** ** 0906`, `karten-nr. xxxx2769`): its label, then at least four digits or masked places. */
  /** Folded line text: an opening balance line naming the statement it closed. */
  previousStatement: new RegExp(R`\b(${any('previousStatement')})`, 'u'),
  /** Folded opening balance line named as the previous statement's closing (`Alter Saldo per 30.11.`). */
  priorBalance: new RegExp(R`\b(${any('priorBalance')})`, 'u'),
  cardNumberLine: new RegExp(R`^(${any('cardNumberLabel')}):?\s*[\dx*•\s]{4,}$`, 'u'),
  carryTransfer: new RegExp(R`^(${any('datedCarry')})\s+(von|aus|auf|nach)\s+(?!(der\s+)?(${any('carryPlace')})\b)\S`, 'u'),
  /** Folded rest of a dated line: a balance word right after the date(s). */
  datedBalance: new RegExp(R`^(\d{1,2}\.\d{1,2}\.\d{0,4} )?(${any('datedBalance')})\b`, 'u'),
  /** Folded header line of a summary row. */
  summaryOpening: new RegExp(any('summaryOpening'), 'u'),
  summaryClosing: new RegExp(any('summaryClosing'), 'u'),
  /** Folded label beside a value: a sum of the postings, no balance. */
  postingSum: new RegExp(R`\b(${any('postingSum')})\b`, 'u'),
  /** Printed line text. */
  balanceHint: new RegExp(any('balanceHint'), 'iu'),
  /** Printed line text: a line starting with a date or a balance word. */
  dateOrBalanceStart: new RegExp(R`^(\d{1,2}\.\d{1,2}\.|${any('balanceWordStart')})`, 'iu'),
  balanceWord: new RegExp(R`\b(${any('balanceWord')})\b`, 'iu'),

  /** One folded header word (trailing `:/|` removed). */
  headerWord: new RegExp(`^(${any('otherHeader', 'debitHeader', 'creditHeader', 'balanceHeader', 'amountHeader')})$`, 'u'),
  debitHeader: new RegExp(`^(${any('debitHeader')})$`, 'u'),
  creditHeader: new RegExp(`^(${any('creditHeader')})$`, 'u'),
  balanceHeader: new RegExp(`^(${any('balanceHeader')})$`, 'u'),
  amountHeader: new RegExp(`^(${any('amountHeader')})$`, 'u'),
  bookingDateHeader: new RegExp(`^(${any('bookingDateHeader')})`, 'u'),
  otherDateHeader: new RegExp(`^(${any('otherDateHeader')})`, 'u'),
  valueDateHeader: new RegExp(`^(${any('valueDateHeader')})$`, 'u'),
  /** Printed header line text. */
  valueDateColumn: new RegExp(R`\b(${any('valueDateColumn')})\b`, 'iu'),
  /** One folded word of a date heading. */
  dateHeadingLabel: new RegExp(`^(${any('dateHeadingLabel')})[:.]?$`, 'u'),
  /** One folded header cell's word. */
  partyHeader: new RegExp(`^(${any('partyHeader')})`, 'u'),
  /** One folded header word, whole: a place column (`Ort`, `Land`). */
  placeHeader: new RegExp(`^(${any('placeHeader')})$`, 'u'),
  /** One folded header word, whole: a category column (`Kategorie`). */
  categoryHeader: new RegExp(`^(${any('categoryHeader')})$`, 'u'),
  /** Printed line text. */
  pageMark: new RegExp(R`^(${any('pageWord')})\s*\d+\s*((von|\/|of)\s*\d+)?\s*$`, 'iu'),
  /**
   * Printed line text: a page number with its page count anywhere on the line (`Kontoauszug 4/2025
   * Seite 1 von 6`, `PSD Bank · Girokonto · Seite 2 von 3`); groups: the page, the count.
   */
  pageNumber: new RegExp(R`(?:^|[^\p{L}])(?:${any('pageWord')})\s*(\d{1,3})\s*(?:von|\/|of)\s*(\d{1,3})(?!\d)`, 'iu'),
  /**
   * Folded line text: the whole line is the heading (a colon allowed), or the heading and a remark
   * in brackets (`Vorgemerkte Umsätze (noch nicht gebucht)`), or the heading and the day it
   * stands at (`Ausstehende Transaktionen zum 30. Juni 2026`: a date after zum/per/am/vom, nothing else).
   */
  pendingSection: new RegExp(R`^(${any('pendingSection')}):?(\s*\([^()]*\)|\s+(zum|per|am|vom|stand)\s+\d{1,2}\.(\s*\p{L}+\.?|\d{1,2}\.)\s*(\d{2}|\d{4})?)?$`, 'u'),
  bookedSection: new RegExp(R`^(${any('bookedSection')}):?(\s*\([^()]*\))?$`, 'u'),

  /** Folded type phrase (or first line). */
  creditType: new RegExp(R`^(${any('creditType')})\b`, 'u'),
  debitType: new RegExp(`(${any('debitType')})`, 'u'),
  creditTypeInside: new RegExp(any('creditTypeInside'), 'u'),
  /** Folded posting text. */
  creditAnywhere: new RegExp(R`(\b(${any('creditAnywhere')})\b|${roleForms('creditAnywhereEnglish').map((w) => R`\b${w}\b`).join('|')})`, 'u'),
  debitAnywhere: new RegExp(`(${roleForms('debitAnywhereEnglish').map((w) => R`\b${w}\b`).join('|')})`, 'u'),
  incoming: new RegExp(`(${[...roleForms('incomingWord').map((w) => R`\b${w}\b`), ...roleForms('incomingPrefix').map((w) => R`\b${w}`)].join('|')})`, 'u'),
  transfer: new RegExp(`^(${any('transfer')})$`, 'u'),
  bookedSide: new RegExp(R`\b(${any('bookedSide')})\s+(haben|soll)\b`, 'u'),
  settlement: new RegExp(`^(${any('settlementKind')})?(${any('settlement')})`, 'u'),
  settlementCredit: new RegExp(`(${any('settlementCredit')})`, 'u'),
  settlementDebit: new RegExp(`(${any('settlementDebit')})`, 'u'),
  /** Folded line text. */
  settlementLine: new RegExp(R`\b(${any('settlementLine')})\b`, 'u'),
  /** Printed line text. */
  cardCharge: new RegExp(`(${any('cardCharge')})`, 'iu'),
  interestEarned: new RegExp(`(${any('interestEarnedKind')})zinsen|${any('interestEarned')}`, 'u'),
  interestCharged: new RegExp(`(${any('interestChargedKind')})zinsen`, 'u'),
  onlyDebit: new RegExp(`(${any('onlyDebit')})`, 'u'),
  reversal: new RegExp(`(${any('reversal')})`, 'u'),
  /** Folded word after a number: a unit of measure, the number a quantity (quantity-units.ts). */
  measureUnit: new RegExp(R`^(${any('measureUnit')})$`, 'u'),
  /** Folded balance line: the balance is money owed to the issuer (a bill's balance). */
  owedBalance: new RegExp(R`\b(${any('owedBalance')})`, 'u'),
  /** Folded balance line: the balance is a loan's debt left (`Restschuld per …`). */
  loanDebt: new RegExp(R`\b(${any('loanDebt')})\b`, 'u'),
  /** Folded posting text: a fee's refund, wherever it stands (glued to the word before it, too). */
  feeRefund: new RegExp(`(${any('feeRefund')})`, 'u'),
  /** Source of one type word, for the type-phrase pattern of counterparty.ts (case-insensitive there). */
  typeWordSource: `(?:${any('typeWord')})`,
  /** Folded first line. */
  noParty: new RegExp(R`^(${any('noParty')})\b`, 'iu'),
  /** Folded first line: a batch word at the start of any word of it (after `SEPA-` too). */
  batchType: new RegExp(R`(?<!\p{L})(${any('batchType')})`, 'u'),

  // ── counterparty.ts ──
  /** Printed text (case-sensitive): a SEPA field or reference label. */
  sepaField: new RegExp(`(${printed('sepaField')})`, 'u'),
  /** Printed line text: a courtesy line. */
  courtesy: new RegExp(roleForms('courtesy').map((f) => `^${f}`).join('|'), 'iu'),
  /** Printed line text: a field label at its start. */
  fieldLabel: new RegExp(`^(${any('fieldLabel')})`, 'iu'),
  /** Printed line text: a securities order's words. */
  tradeWord: new RegExp(R`\b(${any('tradeWord')})\b`, 'iu'),
  /** Printed line text: fee or interest wording. */
  feeWording: new RegExp(`(${any('feeWording')})`, 'iu'),
  /** Printed line text: `Label: name`, the name captured. */
  partyLabel: new RegExp(R`^(?:${any('partyLabel')})${TWIN}\s*:\s*(.+)$`, 'iu'),
  /** Printed line text: `Label name` without the colon (Austrian statements), the rest captured. */
  partyLabelBare: new RegExp(R`^(?:${any('partyLabel')})\s+(.+)$`, 'iu'),
  /** Printed line text: `Label: name` anywhere in a running line (comdirect), the label and name captured. */
  partyLabelInside: new RegExp(R`(?:^|\s)(${any('partyLabel', 'partyLabelColon')})${TWIN}\s*:\s*(.+)$`, 'iu'),
  /** Printed line text: a remittance word (whole word, not after a card descriptor's `*`: `ONLINESHOP*Bestellung`), never in a name. */
  purposeWord: new RegExp(R`(?<![\p{L}\d*])(?:${any('purposeWord')})(?![\p{L}\d])`, 'iu'),
  /** Printed line text: a payment noun anywhere (`Allgemeine Zahlung`), a description, no name. */
  paymentNounWord: new RegExp(R`(?<!\p{L})(?:${any('paymentNoun')})(?!\p{L})`, 'iu'),
  /** Printed first line "Zahlung an NAME" / "Zahlung von NAME": the wording and the name captured. */
  paymentTowardGerman: new RegExp(R`^((?:${any('paymentNoun')})\s+(?:${any('partyPreposition')}))\s+(.+)$`, 'iu'),
  /** Printed line text: a card statement's own words. */
  cardStatementMark: new RegExp(R`\b(${any('cardStatementMark')})\b`, 'iu'),
  /** Printed first line. */
  partyType: new RegExp(any('partyType'), 'iu'),
  notMerchant: new RegExp(any('notMerchant'), 'iu'),
  /** Printed first line ending in app wording cut after "transfer" (a cell wrapped over lines). */
  paymentPhraseEnd: new RegExp(R`\b(?:${any('paymentNoun')})(?:\s+(?:${any('partyPrepositionEnglish')})\b[^\d()]*)?$`, 'iu'),
  /** Printed phrase "… transfer for NAME (IBAN)", "Sent money to NAME", "… issued by NAME": the wording, the name (not starting with a figure) and the bracket captured. */
  paymentToward: new RegExp(R`^(.*\b(?:(?:${any('paymentNoun')})\s+(?:${any('partyPrepositionEnglish')})|${any('partyPhraseEnglish')}))\s+([^\d()][^()]*?)\s*(\([^)]*\))?$`, 'iu'),
  /** Rest of a type line that names the paying bank (`Fremdbank`), not the party. */
  sourceBank: new RegExp(R`^(?:${any('sourceBankWord')})$`, 'iu'),
  /** A type phrase that is only a preposition. */
  prepositionAlone: new RegExp(`^(${any('partyPreposition')})$`, 'iu'),
  /** Rest of a type line that starts with a destination (`auf Bankkonto`): an account, no name. */
  destinationFirst: new RegExp(`^(${any('destinationPreposition')})\\s`, 'iu'),
  /** The last word of a type phrase that leads to a name ("Überweisung von NAME"). */
  prepositionLast: new RegExp(`^(${any('partyPreposition', 'partyPrepositionEnglish')})$`, 'iu'),

  // ── account-holder.ts, party-slot.ts, engine.ts: names ──
  /** Printed cell text: the holder's label and the name after it (captured). */
  holderLabel: new RegExp(R`^(?:${any('holderLabel')})\s*:?\s+(.+)$`, 'iu'),
  /** Printed cell text: the holder's label alone. */
  holderLabelAlone: new RegExp(R`^(?:${any('holderLabel')})\s*:?$`, 'iu'),
  /** Printed text (case-sensitive): the salutation before an addressed name. */
  addressSalutation: new RegExp(R`^(?:${printed('addressSalutation')})\s+`, 'u'),
  institutionWord: new RegExp(`(${any('institutionWord')})`, 'iu'),
  /** One printed word (case-sensitive). */
  nameParticle: new RegExp(`^(${printed('nameParticle')})$`, 'u'),
  /** One printed word. */
  nameConnector: new RegExp(`^(${any('nameConnector')})$`, 'iu'),
  /** Printed text (case-sensitive). */
  legalFormSuffix: new RegExp(R`\b(${printed('legalFormSuffix')})(\W|$)`, 'u'),
  /** Printed text or word: a bank's name. */
  bankWord: new RegExp(R`(${any('bankNameEnd')})\b|\b(${any('bankNameStart')})`, 'iu'),
  /** One printed word: not part of a letterhead's bank name. */
  notBankName: new RegExp(R`^(${any('letterheadWord')}|[^\p{L}\d]+)$|(${any('streetSuffix')})$`, 'iu'),
  /** One printed word. */
  legalForm: new RegExp(`^(${any('legalForm')})$`, 'iu'),
  /** One printed word: a legal form the name goes on past (`& Co. KG`). */
  legalFormContinues: new RegExp(`^(${any('legalFormContinues')})$`, 'iu'),
  /** One printed word: a branch named after the legal form (`Niederlassung Deutschland`). */
  bankBranch: new RegExp(`^(${any('bankBranch')})$`, 'iu'),

  // ── posting-lines.ts, value-date.ts, currency.ts, columns.ts ──
  /** Printed line text: contact details. */
  contact: new RegExp(R`@|www\.|https?:|\b(${any('contactWord')})\b`, 'iu'),
  /** One folded word. */
  relativeDay: new RegExp(`^(${any('relativeDay')})[.,]*$`, 'u'),
  /** One folded word. */
  englishDay: new RegExp(`^(${any('englishDay')})[.,]*$`, 'u'),
  /** One folded header word. */
  valueDatePrefix: new RegExp(`^(${any('valueDatePrefix')})`, 'u'),
  /** One printed word (case-sensitive), its punctuation off. */
  currencyCode: new RegExp(`^(?:${printed('currencyCode')})$`, 'u'),
  /** One folded header word. */
  currencySuffix: new RegExp(`^(${any('currencySuffix')})$`, 'u'),

  // ── posting-type.ts: folded type text ──
  typeReturn: new RegExp(any('typeReturn'), 'u'),
  typeSalary: new RegExp(R`\b(${any('typeSalary')})\b`, 'u'),
  typeStandingOrder: new RegExp(any('typeStandingOrder'), 'u'),
  typeCard: new RegExp(any('typeCard'), 'u'),
  typeCashWithdrawal: new RegExp(any('typeCashWithdrawal'), 'u'),
  typeCashDeposit: new RegExp(any('typeCashDeposit'), 'u'),
  typeDirectDebit: new RegExp(any('typeDirectDebit'), 'u'),
  typeInterest: new RegExp(any('typeInterest'), 'u'),
  typeFee: new RegExp(any('typeFee'), 'u'),
  typeTransfer: new RegExp(any('typeTransfer'), 'u'),
  /** Folded posting text. */
  cardDebit: new RegExp(R`^\S*${any('cardDebit')}`, 'u'),
  settlementStem: new RegExp(any('settlementStem'), 'u'),
  settlementCharge: new RegExp(any('settlementCharge'), 'u'),
  interestStem: new RegExp(any('interestStem'), 'u'),

  // ── references.ts, purpose.ts: printed text, the label and what follows it matched ──
  endToEndLabel: new RegExp(R`(?:^|\s)(?:${any('endToEndLabel')})\s*:?\s*`, 'iu'),
  /** Case-sensitive. */
  referenceLabel: new RegExp(R`(?:^|\s)${printed('referenceLabel')}\s*:?\s*`, 'u'),
  mandateLabel: new RegExp(R`(?:^|\s)(?:${any('mandateLabel')})\s*:?\s*`, 'iu'),
  creditorLabel: new RegExp(R`(?:^|\s)(?:${any('creditorLabel')})\s*:?\s*`, 'iu'),
  customerRefLabel: new RegExp(R`(?:^|\s)(?:${any('customerRefLabel')})\s*:?\s*`, 'iu'),
  /** Case-sensitive, every occurrence (for `replace`). */
  purposeLabel: new RegExp(R`\b(?:${printed('purposeLabel')})(?:${TWIN}\s*:|\s*[:+]?)\s*`, 'gu'),

  // ── ultimate-party.ts: printed text ──
  paymentService: new RegExp(any('paymentService'), 'iu'),
  /** "Ihr Einkauf bei SHOP": the shop's name captured, up to punctuation, figures or a word that ends it. */
  atShop: new RegExp(
    R`\b(?:(?:${any('shopPossessive')})\s+)?(?:${any('purchaseNoun')})\s+(?:${any('shopPreposition')})\s+(.+?)(?=\s*(?:[,;]|\.(?:\s|$)|\s\d|\s\S*\d{5}|\s(?:${any('shopNameEnd')})\b|$))`,
    'iu',
  ),
});
