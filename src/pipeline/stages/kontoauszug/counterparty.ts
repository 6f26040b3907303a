import { isValidBIC } from 'ibantools';
import { MONTHS_DE } from '../../../domain/german-dates.js';
import { fold } from '../../layout/fold.js';
import { statementPatterns as vocab } from '../../layout/vocabulary.js';
import { WEEKDAY, type Line } from '../../layout/lines.js';
import { printedText } from '../../layout/printed-text.js';
import { cellAt, cellParts, headerCells } from './header-cells.js';

/**
 * Splits a posting's text lines into counterparty (Empfänger) and posting text (Buchungstext)
 * by SPEC §8: the counterparty is the payee of a debit / payer of a credit where printed.
 *
 * German statements put it in one of three places, recognised from content, not position:
 * - after the posting type on the first line: `Lastschrift Stadtwerke München`;
 * - on its own line below a first line that holds only the posting type (`Lastschrift` /
 *   `Stadtwerke München` / `EREF+… SVWZ+…`);
 * - as the first line itself when the type follows on a later line (app exports:
 *   `REWE Markt` / `Kartenzahlung · Einkauf`).
 * Fees, interest and closing postings have none. Lines carrying SEPA fields (EREF+ MREF+
 * CRED+ SVWZ+ KREF+ ABWA+), IBAN/BIC or mostly digits are never the name; ABWA+ (a differing
 * payer/payee) is used only when no name is printed elsewhere.
 */
const TYPE_PHRASE = new RegExp(`^(?:${vocab.typeWordSource}(?=[\\s\\-,/.:·]|$)[-,/.:·]*\\s*)+`, 'iu');
// Fees, interest, closing postings, securities trades and the taxes withheld on interest name no one.
const SEPA = vocab.sepaField;

/** The posting-type phrase at the start of a text ('' when it starts otherwise). */
export function typePhrase(text: string): string {
  const m = TYPE_PHRASE.exec(text);
  if (!m) return '';
  // "Überweisung an …" keeps its connective in the posting text; a name starting with
  // "von" alone is not a type.
  const phrase = m[0].trim();
  if (vocab.prepositionAlone.test(phrase)) return '';
  return phrase;
}

/**
 * Cells of the columns left of the text that a layout prints on the posting's first line and the
 * engine did not take as dates or amounts, so they stand before the type: a weekday printed
 * before its date (`Fr 03.10.`), a booking side mark in its own `S/H` column (`H Zahlungseingang`),
 * the account of a list of several accounts (`Girokonto …7192 Überweisung`, the account named by
 * its masked number). Each is dropped only where the posting type follows it: then it is no
 * text and no name, and left in place it hides the type and with it the name below.
 */
const LEADING_CELL = /^(?:(?<day>\p{Lu}\p{Ll}\.?)|[SH]|[\p{L}-]+(?: [\p{L}-]+)? (?:…|\.{3}|\*{2,}|[xX]{2,}) ?\d{3,})\s+/u;

/** The first line without the leading column cells before its type (see LEADING_CELL). */
export function withoutLeadingCells(first: string): string {
  const m = LEADING_CELL.exec(first);
  if (!m) return first;
  if (m.groups?.day !== undefined && !WEEKDAY.test(m.groups.day)) return first;
  const rest = first.slice(m[0].length);
  return typePhrase(rest) !== '' ? rest : first;
}

/** A line that could be a name: letters, not more figures than letters (`O2`, `1822direkt`), no SEPA field, type, label or fee wording. */
export function nameLike(text: string): boolean {
  if (text === '' || SEPA.test(text)) return false;
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  const digits = (text.match(/\d/gu) ?? []).length;
  if (letters < 1 || text.length < 2 || digits > letters) return false;
  // "EINZAHLUNG 01 2011", "Lastschrift aus Kartenzahlung": a posting-type wording, not a name.
  if (typePhrase(text) !== '') return false;
  // Nor does a courtesy line ("Vielen Dank", "Danke für Ihre Zahlung").
  if (thanks(text)) return false;
  // Field labels (`Verwendungszweck/ Kundenreferenz`, `Mandatsreferenz`) name no one.
  if (vocab.fieldLabel.test(text)) return false;
  // Securities orders ("ORDER Verkauf XXXX") name a trade, not a payee.
  if (vocab.tradeWord.test(text)) return false;
  // Nor does a fee or interest line ("Grundgebühr für September 2025").
  if (vocab.feeWording.test(text)) return false;
  // A labelled field (`Transaktionscode: 2AV4…`, `Referenz: Urlaub`, `Mitteilung: Danke!`) is
  // reference or purpose; a labelled name (`Empfänger: …`) is read by labelledName before this.
  if (FIELD.test(text) && labelledName(text) === null) return false;
  // A purpose names a period (`Miete Oktober`, `Gehalt Juni 2025`, `Kontopaket 06/2025`); a name
  // does not (issue 21: a purpose is never the counterparty of an `Überweisung`).
  if (namesPeriod(text)) return false;
  // A remittance word (`Rechnung 2025-118`, `Beitrag 2025 Mitgliedsnr. 4412`, `Kd-Nr. …`) makes the
  // line a purpose, whatever its case: a name does not hold one, unless it carries a legal form
  // (a firm may be called so; its legal form says it is a name).
  if (purposeLike(text)) return false;
  // A rate (`1,75 %`, `2,00 %, mind. 5,00 EUR`) or a foreign amount with its rate (`USD 268,45
  // 1,0931`) is the terms of a charge or conversion, never a name.
  if (/\d\s?%/u.test(text) || FX.test(text)) return false;
  // A BIC (`COBADEHDXXX`, printed under the IBAN) makes the line an account line.
  if (text.split(' ').some(bicWord) || IBAN_SHAPE.test(text)) return false;
  if (valueDateField(text)) return false;
  return true;
}

/**
 * A word that is a BIC as the account lines print it and no word of capitals can be: one with a
 * digit (`BYLADEM1001`) or the head office's `XXX` branch (`COBADEHDXXX`), that ibantools
 * accepts. A word of capitals alone (`VODAFONE`, `DEUTSCHLAND`, `FERNVERKEHR`) often passes
 * the BIC check by its shape and is not taken.
 */
function bicWord(word: string): boolean {
  return /^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/u.test(word) && (/\d/u.test(word) || /^.{8}XXX$/u.test(word)) && isValidBIC(word);
}

/** An IBAN printed in one piece or in groups of four (`DE02 1203 0000 …`): an account line, no name. */
const IBAN_SHAPE = /\b[A-Z]{2}\d{2}(?:[A-Z0-9]{10,30}\b|(?: [A-Z0-9]{4}){3,7})/u;

/** A line that holds a remittance word (lexicon `purposeWord`) and no legal form: a purpose. */
export function purposeLike(text: string): boolean {
  return vocab.purposeWord.test(text) && !vocab.legalFormSuffix.test(text);
}

/** A value-date label with its date (`Valuta 09.06.2025 …`): a date field, not a name. */
function valueDateField(text: string): boolean {
  const [head, next] = text.split(' ');
  return vocab.valueDateHeader.test(fold(head!).replace(/[:.]$/u, '')) && /^\d{1,2}\.\d{1,2}\./u.test(next ?? '');
}

/** Words in lower case that a name does not hold (`im`, `mit`, `auf`): a phrase, not a name. */
function readsAsPhrase(text: string): boolean {
  return text.split(' ').some((w) => /^\p{Ll}/u.test(w) && !vocab.nameConnector.test(w));
}

/** A courtesy anywhere among the line's parts (`Zahlung - vielen Dank`): the bank's own wording. */
function thanks(text: string): boolean {
  return text.split(/\s+[-–·]\s+|,\s+/u).some((part) => vocab.courtesy.test(part));
}

/** A reference line of figures and marks (card number, date, time), no SEPA field or IBAN. */
function figureLine(text: string): boolean {
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  const digits = (text.match(/\d/gu) ?? []).length;
  return digits >= 4 && digits > letters * 2 && !SEPA.test(text) && !/\b[A-Z]{2}\d{2}(?:\s?\d{4}){3}/u.test(text);
}

/**
 * `Label: …` — one word (perhaps hyphenated) and a colon at the start of the line; or a label
 * glued to a figure (`PN:46`, a statement printer's primanota number), which is a reference.
 */
const FIELD = /^\p{L}[\p{L}.\-]*:(?:\s|$|\d)/u;
const MONTHS = new Set<string>(MONTHS_DE);

/**
 * The text names a period, as purposes do: a month name after another word (`Miete Oktober`) or
 * before a year (`Juni 2025`), or a month/year (`06/2025`). A month name that starts the line
 * without a year may be a first name (`August Schmidt`) and does not count.
 */
export function namesPeriod(text: string): boolean {
  if (/(?:^|[\s(])(?:0[1-9]|1[0-2])\/(?:20)?\d{2}(?=$|[\s).,])/u.test(text)) return true;
  const words = text.split(/\s+/u).map((w) => w.toLowerCase().replace(/[.,;:)]+$/u, ''));
  return words.some((w, i) => MONTHS.has(w) && (i > 0 || /^(?:19|20)\d{2}$|^'?\d{2}$/u.test(words[i + 1] ?? '')));
}

/** How much a line reads like a name (0–1): name-like, no figures, words capitalised. */
export function nameScore(text: string): number {
  if (!nameLike(text)) return 0;
  let score = 0.6;
  if (/\d/u.test(text)) score -= 0.4;
  const words = text.split(/\s+/u).filter((w) => /\p{L}/u.test(w));
  const capitalised = words.filter((w) => /^[\p{Lu}(„"]/u.test(w) || vocab.nameConnector.test(w));
  if (words.length > 0 && capitalised.length === words.length) score += 0.2;
  if (vocab.legalFormSuffix.test(text) || /^\p{Lu}[\p{L}-]+, \p{Lu}/u.test(text)) score += 0.2;
  if (words.length > 6) score -= 0.3;
  return Math.max(0, Math.min(1, score));
}

export interface Split {
  counterparty: string;
  text: string;
}

/**
 * The index of a block's last name-like line below its first, past the reference and mandate
 * lines that may follow the name (lines with figures or SEPA fields); -1 when there is none.
 */
export function lastNameLine(ls: readonly string[]): number {
  for (let i = ls.length - 1; i > 0; i--) {
    if (nameLike(ls[i]!)) return i;
    if (!/\d|[A-Z]{4}\+/u.test(ls[i]!)) return -1;
  }
  return -1;
}

/**
 * A line that only identifies the posting: a label and one token with figures
 * (`Transaktion: TRANSFER-6030714276`, `Beleg-Nr.: 4711`), or figures and marks alone. It names
 * no one, and where it stands first (a layout that prints the date and id line under the
 * description, moved first with its date: date-below.ts) the description below it is read as
 * the first line.
 */
export function idLine(text: string): boolean {
  if (figureLine(text)) return true;
  const label = /^\p{L}[\p{L}.\-]*:\s*/u.exec(text);
  if (!label) return false;
  const rest = text.slice(label[0].length);
  return rest !== '' && !/\s/u.test(rest) && /\d/u.test(rest) && labelledName(text) === null;
}

/** How many of the block's lines stand before its description because they only identify it (idLine). */
export function leadingIdLines(ls: readonly string[]): number {
  let k = 0;
  while (k < ls.length - 1 && idLine(ls[k]!)) k++;
  return k;
}

/** A labelled name line: `Empfänger: …`, `Auftraggeber: …`, `Zahlungsempfänger: …`, `Begünstigter: …`. */
const PARTY_LABEL = vocab.partyLabel;

/**
 * A labelled name inside a running line (comdirect prints the fields of a posting on one line:
 * `Übertrag / Überweisung Empfänger: Max Mustermann Kto/IBAN: DE02… Buchungstext: Miete Juli`):
 * the name runs to the next label (`Kto/IBAN:`, `Buchungstext:`, `Ref.`) or account field. The
 * rest of the line, without the label and the name, is posting text. Null where no label with
 * its colon is found or what follows reads as no name.
 */
export function labelledField(line: string): { name: string; rest: string } | null {
  const t = line.trim();
  const m = vocab.partyLabelInside.exec(t);
  if (!m) return null;
  const value = m[2]!;
  const end = /\s(?:[\p{L}][\p{L}/.\-]*:(?=\s|$)|Ref\.|(?:IBAN|BIC|Kto|BLZ)\b|[A-Z]{2}\d{2}[A-Z0-9]{10,})/u.exec(` ${value}`);
  const name = (end ? ` ${value}`.slice(0, end.index) : value).trim();
  if (name === '' || !NAME_START.test(name) || !nameLike(name)) return null;
  const start = m.index + (m[0].length - m[0].trimStart().length);
  const after = end ? ` ${value}`.slice(end.index).trim() : '';
  return { name, rest: `${t.slice(0, start)} ${after}`.replace(/\s+/gu, ' ').trim() };
}

/** The name a line gives with its label, or null when the line is no labelled name. */
export function labelledName(line: string): string | null {
  const inside = labelledField(line);
  if (inside) return inside.name;
  const m = PARTY_LABEL.exec(line.trim());
  if (m && m[1]!.trim() !== '') return m[1]!.trim();
  // Austrian statements print the label without its colon: `Auftraggeber Muster Industrie GmbH`.
  // Then the rest must start with a capital and read as a name on its own.
  const bare = vocab.partyLabelBare.exec(line.trim());
  const name = bare?.[1]?.trim() ?? '';
  return NAME_START.test(name) && !/^\d/u.test(name) && nameLike(name) ? name : null;
}

/**
 * How a name starts: a capital, a figure or a quote — or a brand set in lower case, whose first
 * word holds a capital or a hyphen (`eBay Kleinanzeigen`, `dm-drogerie markt`, `iTunes`). A
 * lower-case word alone (`siehe Anlage`) starts no name.
 */
const NAME_START = /^(?:[\p{Lu}\d„"]|\p{Ll}+(?:\p{Lu}|-\p{L}))/u;

/**
 * A card statement (Kreditkartenabrechnung): its postings are merchant descriptors
 * (`PAYPAL *SHOP, 38888899999`, `Tankstelle Nord, Musterstadt`) under a column such as
 * "Angabe des Unternehmens", so a posting without a type word names its payee.
 */
export function isCardStatement(lineTexts: readonly string[]): boolean {
  return lineTexts.some((t) => vocab.cardStatementMark.test(t));
}

/** A foreign-currency part of a card posting: `USD 268,45 1,0931`, `USD 268,45 Kurs 1,0931`. */
const FX = /\s*\b[A-Z]{3} \d[\d.]*,\d{2}(?: (?:(?:zum )?(?:[Ww]echsel)?[Kk]urs:? )?\d+,\d+)?\s*$/u;
/**
 * A line below the merchant that opens with the foreign-currency part, after at most two label
 * words (`Umsatz GBP 68,11 Kurs 0,8616`, `Originalbetrag: USD 12,00`, `USD 268,45`): the label
 * belongs to the amount it names, so the line and all below it are text, not the descriptor.
 */
const FX_LINE = /^(?:\p{L}[\p{L}.-]*:? ){0,2}[A-Z]{3} \d[\d.]*,\d{2}\b/u;

/**
 * `lines`: the posting's text lines, dates and amounts already removed. `merchants`: the
 * statement is a card statement (see isCardStatement). `slot`: where the document prints its
 * names (party-slot.ts); a labelled name (`Empfänger: …`) wins wherever it stands, and its
 * line is no posting text.
 */
export function splitCounterparty(lines: readonly string[], merchants = false, slot: 'auto' | 'first' | 'second' | 'last' = 'auto'): Split {
  // A mark OCR reads before a line's first letter (`_DAUERAUFTRAG`, `|Lastschrift`: a speck, the
  // end of a rule) is no part of the text and would hide the type word.
  const ls = lines.map((l) => l.replace(/\s+/gu, ' ').trim().replace(/^[_|~]+(?=\p{L})/u, '')).filter((l) => l !== '');
  if (ls.length > 0) ls[0] = withoutLeadingCells(ls[0]!);
  if (ls.length === 0) return { counterparty: '', text: '' };
  // Id lines first (the date line under the description, moved first): the description below is
  // the first line; the id lines stay text.
  const ids = leadingIdLines(ls);
  if (ids > 0) {
    const inner = splitCounterparty(ls.slice(ids), merchants, slot);
    return { counterparty: inner.counterparty, text: join([...ls.slice(0, ids), inner.text]) };
  }
  const labelled = ls.findIndex((l) => labelledName(l) !== null);
  if (labelled >= 0) {
    // The label and its name leave the text; the rest of their line (a type before the label,
    // fields after the name) stays in place.
    const field = labelledField(ls[labelled]!);
    return { counterparty: labelledName(ls[labelled]!)!, text: join(ls.map((l, i) => (i !== labelled ? l : (field?.rest ?? '')))) };
  }
  const first = ls[0]!;
  const type = typePhrase(first);
  // A batch booking (`SEPA-Sammelüberweisung`) stands for several items, each with its party:
  // the posting itself names no single one, whatever the item lines below it print.
  const noParty = (vocab.noParty.test(fold(first)) && !vocab.partyType.test(first)) || vocab.batchType.test(fold(first));
  const sentence = noParty ? null : partySentence(ls, type);
  if (sentence) return sentence;
  // Name-first layouts print the name even where it holds a type word (`Geldautomat Filiale Nord`
  // over `Bargeldauszahlung`); only a line that is nothing but a type names no one.
  if (slot === 'first' && ls.length > 1 && !noParty && (nameLike(first) || (type !== '' && nameLike(first.slice(type.length).trim())))) {
    return { counterparty: first, text: join(ls.slice(1)) };
  }
  // Type-line-first layouts: a short first line without figures is the type, whatever its words.
  // A longer first line is the type too when it reads as a phrase, not a name (`Zahlung im
  // Einzugsverfahren mit Zahlungsrechnung`), unless it holds the type and a name itself.
  const typeLine = first.split(' ').length <= 4 || (readsAsPhrase(first) && !(type !== '' && nameLike(first.slice(type.length).trim())));
  if (slot === 'second' && ls.length > 1 && !noParty && nameLike(ls[1]!) && typeLine && !/\d/u.test(first)) {
    return { counterparty: ls[1]!, text: join([first, ...ls.slice(2)]) };
  }
  // The document prints the type above the name, but this posting's first line is no type: it
  // reads as a name of two words or more and the line below is the field that follows a name
  // there (`Valuta 09.06.2025 …`) — OCR lost the type line (a photo's shaded row).
  if (slot === 'second' && ls.length > 1 && type === '' && !noParty && valueDateField(ls[1]!) && first.split(' ').length >= 2 && !readsAsPhrase(first) && nameScore(first) >= 0.8) {
    return { counterparty: first, text: join(ls.slice(1)) };
  }
  if (slot === 'last' && !noParty && (type !== '' || ls.length > 2)) {
    const i = lastNameLine(ls);
    if (i > 0) return { counterparty: ls[i]!, text: join(ls.filter((_, k) => k !== i)) };
  }
  const card = merchants ? cardDescriptor(ls, type, noParty) : null;
  if (card) return card;
  const abwa = /ABWA\+\s*([^+]*?)(?=\s*(?:[A-Z]{4}\+|$))/u.exec(join(ls))?.[1]?.trim() ?? '';
  const nameOr = (fallback: string): string => fallback || abwa;
  if (noParty) return { counterparty: '', text: join(ls) };
  if (type === '') return untypedFirstLine(ls, nameOr);
  return nameAfterType(ls, type, nameOr);
}

/**
 * The counterparty of a card statement's posting (`splitCounterparty` with `merchants`), or null
 * where the posting is no merchant's: the descriptor wrapped over lines, or the name under a cash
 * withdrawal's type line.
 */
function cardDescriptor(ls: readonly string[], type: string, noParty: boolean): Split | null {
  const first = ls[0]!;
  // A card statement's repayment thanks the holder (`Zahlung - vielen Dank`): the issuer's own
  // wording, no merchant.
  if (type === '' && !thanks(first) && !vocab.noParty.test(fold(first)) && !vocab.notMerchant.test(first)) {
    // The merchant descriptor, wrapped over lines; a foreign-currency part stays text.
    const fxLine = ls.findIndex((l, i) => i > 0 && FX_LINE.test(l));
    if (fxLine > 0) return { counterparty: join(ls.slice(0, fxLine)), text: join(ls.slice(fxLine)) };
    const all = join(ls);
    const fx = FX.exec(all);
    return fx ? { counterparty: all.slice(0, fx.index).trim(), text: fx[0].trim() } : { counterparty: all, text: '' };
  }
  // On a card statement every posting is a merchant descriptor, a cash withdrawal's too: the
  // type alone on its line (`Bargeldauszahlung`) over a descriptor that reads as a name (`GA
  // SPARKASSE KOELNBONN KOELN DE`, the terminal's operator as the card scheme reports it). A
  // place in the type's own words (`Geldautomat Hauptbahnhof`) is no name and stays text.
  if (noParty && type !== '' && type.length === first.length && vocab.typeCashWithdrawal.test(fold(type.split(' ')[0]!)) && ls.length > 1 && nameLike(ls[1]!)) {
    return { counterparty: ls[1]!, text: join([first, ...ls.slice(2)]) };
  }
  return null;
}

/**
 * The counterparty of a posting whose first line is no posting type (`splitCounterparty`): a name
 * that a type line, a payment phrase or a purpose follows, else the `ABWA+` field (`nameOr`).
 */
function untypedFirstLine(ls: readonly string[], nameOr: (fallback: string) => string): Split {
  const first = ls[0]!;
  // App wording `Zahlung an NAME` / `Zahlung von NAME` (Revolut, PayPal): the name after it.
  const toward = vocab.paymentTowardGerman.exec(first);
  if (toward && /^\p{Lu}/u.test(toward[2]!) && nameLike(toward[2]!)) return { counterparty: toward[2]!.trim(), text: join([toward[1]!, ...ls.slice(1)]) };
  // First line is not a posting type: a name when a later line starts with the type.
  if (ls.length > 1 && typePhrase(ls[1]!) !== '' && nameLike(first)) return { counterparty: first, text: join(ls.slice(1)) };
  // … or when the type stands further down, on a line of its own below purpose and reference
  // lines (Commerzbank: `Allianz Versicherungs-AG` / purpose / `Mandatsref: …` /
  // `SEPA-BASISLASTSCHRIFT wiederholend`), and the first line reads clearly as a name.
  if (ls.length > 2 && nameScore(first) >= 0.8 && ls.slice(2).some(typeLineOfItsOwn) && ls.slice(1).every((l) => !nameLike(l) || typePhrase(l) !== '')) return { counterparty: first, text: join(ls.slice(1)) };
  // A description the vocabulary does not know (`Zahlung erhalten`, `Website-Zahlung`) over a
  // line that reads clearly more like a name (`Lena Weiß`, `Ticketecke GmbH`): the name.
  // Only a phrase (a lower-case word no name holds) over two words or more in mixed case: a
  // heading (`Gutschriften`), a capitals-only booking line (`GEBUEHRENKONTO HANDYAUFLADUNG`) or
  // a securities line under `WERTPAPIERE` is no such name (real corpus).
  const second = ls[1] ?? '';
  const mixedCase = second.split(' ').length >= 2 && second !== second.toUpperCase();
  if (ls.length > 1 && !/\d/u.test(first) && (readsAsPhrase(first) || vocab.paymentNounWord.test(first)) && mixedCase && nameScore(second) >= 0.8 && nameScore(second) > (vocab.paymentNounWord.test(first) ? 0 : nameScore(first))) return { counterparty: ls[1]!, text: join([first, ...ls.slice(2)]) };
  return { counterparty: nameOr(''), text: join(ls) };
}

/**
 * A description that is a sentence ending in its party (payment-institution and app wording:
 * `Sent money to NAME`, `Received money from NAME`, `Card transaction of 12,34 EUR issued by
 * NAME`, lexicon `paymentNoun` + `partyPrepositionEnglish` or `partyPhraseEnglish`): the name,
 * wherever the document's slot puts names, as a labelled name is. Its wording stays text.
 * Null where the line holds no such sentence, the wording is shorter than the line's type (the
 * type itself holds `transfer`), or what follows reads as no name.
 */
function partySentence(ls: readonly string[], type: string): Split | null {
  // A cell wrapped over two lines may cut the name: the short line below, no labelled field
  // (`Referenz: …`), finishes it (`Incoming transfer from Beispiel` / `Software SE`).
  const next = ls[1] ?? '';
  const wrapped = next !== '' && vocab.paymentPhraseEnd.test(ls[0]!) && next.split(' ').length <= 5 && !FIELD.test(next);
  for (const used of wrapped ? [2, 1] : [1]) {
    const m = vocab.paymentToward.exec(join(ls.slice(0, used)));
    if (!m || m[1]!.length < type.length) continue;
    const name = m[2]!.trim();
    if (NAME_START.test(name) && !/^\d/u.test(name) && nameLike(name)) return { counterparty: name, text: join([m[1]!, m[3] ?? '', ...ls.slice(used)]) };
  }
  return null;
}

/**
 * A line far below the type that is the name: it reads clearly as one (nameScore ≥ 0.8) and is
 * not set in capitals alone — a capitals line there is as often a heading or summary
 * (`SUMME MONATSABRECHNUNG`) — unless a legal form or a card descriptor's place
 * (`THALIA-BUCHHDLG GONDROM//KAISERSLAUT`: merchant `//` place) says it names someone.
 * Lines between it and the type that continue a SEPA field (`ABWA+DANKE,` / `IHR LIDL//…`) are
 * excluded by the caller.
 */
function farName(line: string): boolean {
  // A line starting with a mark (`. Hotel und Sprit`) continues the one above it.
  if (nameScore(line) < 0.8 || !/^\p{Lu}/u.test(line)) return false;
  return line !== line.toUpperCase() || vocab.legalFormSuffix.test(line) || /^[^/]*\p{L}[^/]*\/\/\s?\p{L}/u.test(line);
}

/**
 * The name at the start of a line that goes on with its purpose: the words before the first
 * remittance word (lexicon `purposeWord`), two words or more (one word before `Abschlag` is as
 * often the purpose's own noun, `Strom Abschlag`) that read clearly as a name (nameScore ≥ 0.8).
 * Null otherwise.
 */
function namePrefix(line: string): string | null {
  const m = vocab.purposeWord.exec(line);
  if (!m || m.index === 0) return null;
  const head = line.slice(0, m.index).trim();
  if (head.split(' ').length < 2 || !/^\p{Lu}/u.test(head)) return null;
  return nameScore(head) >= 0.8 ? head : null;
}

/** A line that is a posting type and at most one word more (`SEPA-BASISLASTSCHRIFT wiederholend`), not a no-party type. */
function typeLineOfItsOwn(line: string): boolean {
  const type = typePhrase(line);
  if (type === '' || vocab.noParty.test(fold(line)) || vocab.batchType.test(fold(line))) return false;
  return line.slice(type.length).trim().split(' ').filter((w) => w !== '').length <= 1;
}

/** A posting's printed lines as one text. */
const join = (xs: readonly string[]): string => xs.join(' ').replace(/\s+/gu, ' ').trim();

/**
 * The name of a posting whose first line starts with its type (`type`, non-empty): after the
 * type on that line, in an app's payment phrase, before the first reference, or on the line
 * below (or below a card reference line). `nameOr` gives the SEPA `ABWA+` name where none is found.
 */
function nameAfterType(ls: readonly string[], type: string, nameOr: (fallback: string) => string): Split {
  const first = ls[0]!;
  const rest = first.slice(type.length).replace(/^[\s·:,\-/]+/u, '').trim();
  // App wording: "Outgoing transfer for NAME", "Incoming transfer from NAME" (the type phrase
  // may have taken the "transfer" itself: "Direct Debit transfer to NAME").
  // A cell wrapped over two lines may cut the phrase anywhere after "transfer": the short line
  // below finishes it ("… transfer to Stadt" / "Beispielhausen (DE11…)").
  const wrapped = ls.length > 1 && vocab.paymentPhraseEnd.test(first) && ls[1]!.split(' ').length <= 5;
  const phrase = wrapped ? `${first} ${ls[1]!}` : first;
  const toward = vocab.paymentToward.exec(phrase);
  if (toward && toward[1]!.length >= type.length && nameLike(toward[2]!)) return { counterparty: toward[2]!.trim(), text: join([toward[1]!, toward[3] ?? '', ...ls.slice(wrapped ? 2 : 1)]) };
  // `Auszahlung auf Bankkonto`: the rest names where the money goes (the holder's own account),
  // not who; `Gutschrift von Fremdbank` the bank it came from. It stays text and the name, if
  // any, is looked for below.
  if (rest !== '' && nameLike(rest) && !vocab.destinationFirst.test(rest) && !vocab.sourceBank.test(rest)) return { counterparty: rest, text: join([type, ...ls.slice(1)]) };
  // The name and the purpose on one line (`IGM Schweinfurt Industriegewerkschaft Metall BEITRAG
  // BIS`): the words before the first remittance word, where they read clearly as a name.
  const head = namePrefix(rest);
  if (head) return { counterparty: head, text: join([type, rest.slice(head.length), ...ls.slice(1)]) };
  const below = ls.length > 1 && !nameLike(ls[1]!) ? namePrefix(ls[1]!) : null;
  if (below) return { counterparty: below, text: join([first, ls[1]!.slice(below.length), ...ls.slice(2)]) };
  // "ÜBERWEISUNG VON LENA WEISS 0869126104 IBAN DE67… BIC …": the name is the words before
  // the first reference (a word with digits or a SEPA field).
  const words = rest.split(' ');
  const cut = words.findIndex((w) => /\d/u.test(w) || SEPA.test(w) || /^[A-Z]{4}\+/u.test(w));
  if (cut > 0 && vocab.prepositionLast.test(type.split(' ').pop() ?? '')) {
    const name = words.slice(0, cut).join(' ');
    if (nameLike(name)) return { counterparty: name, text: join([type, words.slice(cut).join(' '), ...ls.slice(1)]) };
  }
  const i = ls.findIndex((l, k) => k > 0 && nameLike(l));
  // Only the line right below the type line (or below a value-date line) is the name line …
  if (i === 1) return { counterparty: ls[1]!, text: join([first, ...ls.slice(2)]) };
  // … or, below a card or terminal reference line of figures and marks (`MC/0000007 06.06.
  // 20:10 O`, no SEPA field), the merchant with its place: `BIPA 0815 1070 WIEN` — not a line
  // with an amount, date or time of its own (`06.07/15.23UHR BADKOE.NEU EUR 500,00`, where a
  // cash machine prints its place).
  // A terminal's own line may start with its network's name (`BANKOMAT 12345 K1 06.06.UM 18.21`).
  const terminal = (l: string): boolean => figureLine(l) || (typePhrase(l) !== '' && /\d[.:]\d{2}/u.test(l));
  if (i === 2 && terminal(ls[1]!) && /^\p{Lu}/u.test(ls[2]!) && !/\d[,.:/]\d/u.test(ls[2]!)) return { counterparty: ls[2]!, text: join([first, ls[1]!, ...ls.slice(3)]) };
  // … or further down, past purpose and reference lines that name no one (Postbank prints the
  // name last, below `Referenz …` and `Mandat …`; the document-wide vote may fail on one
  // statement): a line that reads clearly as a name (nameScore ≥ 0.8: capitalised words without
  // figures, a legal form or `Name, Ort`) where every line between it and the type is no name.
  if (i >= 2 && ls.slice(1, i).every((l) => !nameLike(l) && !/[A-Z]{4}\+/u.test(l)) && farName(ls[i]!)) return { counterparty: ls[i]!, text: join(ls.filter((_, k) => k !== i)) };
  return { counterparty: nameOr(''), text: join(ls) };
}

/**
 * A table whose header gives the counterparty a column of its own (online-banking lists:
 * `Buchungstag | Wertstellung | Umsatzart | Empfänger/Auftraggeber | Verwendungszweck | Betrag`).
 * Each cell wraps inside its column, so a posting's printed lines interleave fragments of its
 * type, name and purpose; read line by line they would run into each other. The header's cells
 * (runs of words closer than a wide space) give each column's left edge.
 */
export interface PartyColumns {
  /** Left edges of the header cells, left to right. */
  starts: number[];
  /** Index of the counterparty's cell. */
  party: number;
  tol: number;
}

/**
 * The counterparty column of a column header, if it has one: a cell (a run of header words closer
 * than a wide space) made only of `partyHeader` words — prefixes, since OCR may add a stray mark
 * (`Empfängerl`).
 */
export function partyColumns(header: Line): PartyColumns | null {
  const cells = headerCells(header);
  if (cells.length < 3) return null;
  const party = cells.findIndex((c) => {
    const parts = cellParts(c);
    return parts.length > 0 && parts.every((t) => vocab.partyHeader.test(t));
  });
  return party < 0 ? null : { starts: cells.map((c) => c.x0), party, tol: header.size * 0.5 };
}

/** The header cell a word starting at `x0` stands in. */
function columnIndex(x0: number, cols: PartyColumns): number {
  return cellAt(x0, cols.starts, cols.tol);
}

/** Each printed line's words outside the counterparty's cell (and outside `skip`): the text cells line by line. */
export function linesOutsideParty(lines: readonly Line[], skip: ReadonlyMap<number, ReadonlySet<number>>, cols: PartyColumns): string[] {
  return lines.map((l) => {
    const drop = skip.get(l.index);
    return l.words
      .filter((w, i) => !drop?.has(i) && columnIndex(w.x0, cols) !== cols.party)
      .map((w) => printedText(w, true))
      .filter((t) => t !== '')
      .join(' ');
  });
}

/**
 * The posting's words read cell by cell: the counterparty's column top to bottom is the
 * Empfänger; the other columns, left to right and each top to bottom, are the Buchungstext.
 * `skip`: per line, the word indices of the posting's own dates and amounts.
 */
export function splitByColumns(lines: readonly Line[], skip: ReadonlyMap<number, ReadonlySet<number>>, cols: PartyColumns): Split {
  const cells: string[][] = cols.starts.map(() => []);
  for (const l of lines) {
    const drop = skip.get(l.index);
    l.words.forEach((w, i) => {
      if (drop?.has(i)) return;
      cells[columnIndex(w.x0, cols)]!.push(printedText(w));
    });
  }
  const join = (xs: string[]): string => xs.join(' ').replace(/\s+/gu, ' ').trim();
  return { counterparty: join(cells[cols.party]!), text: join(cells.filter((_, k) => k !== cols.party).flat()) };
}
