import type { PrintedDate } from '../../../domain/german-dates.js';
import type { AmountToken, DateToken, Line } from '../../layout/lines.js';
import { fold } from '../../layout/fold.js';
import { statementPatterns as vocab } from '../../layout/vocabulary.js';
import { inlineDateOf, type BlockLayout, type LayoutMode } from './block-layout.js';
import type { Posting } from './posting.js';
import { amountsOf, balanceOnly, unreadAmount, type PostingAmounts } from './posting-amounts.js';
import { columnOf } from './columns.js';

/**
 * Where a posting starts: one rule per layout mode (block-layout.ts). A rule looks at a line the
 * assembler (blocks.ts) has not placed otherwise (not a header, balance, repeated line, day
 * heading, summary row, nor the amount line of a stacked posting) and returns the posting it
 * starts, or null. Rules never look ahead beyond what the layout already found (`amountBelow`).
 */
export interface Started {
  posting: Posting;
  /** A stacked posting: the line below that holds its amounts, and those amounts. */
  awaiting: { line: Line; used: AmountToken[] } | null;
}

/**
 * @param nDates how many of the line's first words are dates (posting-lines.ts `leadingDates`)
 * @param day the date of the day heading above (day-grouped exports), else null
 */
export type StartRule = (l: Line, nDates: number, day: PrintedDate | null) => Started | null;

export function startRuleFor(layout: BlockLayout, ocrPages: ReadonlySet<number>): StartRule {
  const rules: Record<LayoutMode, StartRule> = {
    'leading-date': (l, nDates) => leadingDateStart(l, nDates, layout, ocrPages),
    'inline-date': (l, nDates) => inlineDateStart(l, nDates, layout),
    'day-grouped': (l, nDates, day) => dayGroupedStart(l, nDates, day, layout),
  };
  return rules[layout.mode];
}

function dateWords(nDates: number): Set<number> {
  const skip = new Set<number>();
  for (let i = 0; i < nDates; i++) skip.add(i);
  return skip;
}

/**
 * A posting opened on line `l` with the amounts found for it. When its amount stands on the
 * line below (`below`), that line is awaited: its amount words are not the posting's text.
 */
function opened(
  l: Line,
  date: Posting['date'],
  otherDate: Posting['otherDate'],
  found: PostingAmounts,
  skip: Set<number>,
  below: Line | undefined,
): Started {
  const posting: Posting = {
    date,
    otherDate,
    first: l,
    lines: [l],
    amount: found.amount,
    role: found.role,
    ...(found.sideInferred ? { sideInferred: true as const } : {}),
    balance: found.balance,
    skip: new Map([[l.index, skip]]),
  };
  return { posting, awaiting: below ? { line: below, used: found.used } : null };
}

function addWords(skip: Set<number>, from: number, to: number): void {
  for (let i = from; i <= to; i++) skip.add(i);
}

/**
 * A line that begins with its booking date and carries an amount in a posting column, or whose
 * amount stands a few lines below (stacked cells). On an OCR'd page, such a line whose amount did
 * not read (or read only as the running balance) is a posting whose amount the balances give.
 */
function leadingDateStart(l: Line, nDates: number, layout: BlockLayout, ocrPages: ReadonlySet<number>): Started | null {
  const below = layout.amountBelow.get(l.index);
  const onlyBalance = balanceOnly(l, layout);
  const unread = !below && nDates > 0 && (l.amounts.length === 0 || onlyBalance) ? unreadAmount(l, nDates, layout, ocrPages) : null;
  if (unread) {
    const skip = dateWords(nDates);
    skip.add(unread.token.first);
    if (onlyBalance) for (const t of l.amounts) addWords(skip, t.first, t.last);
    const posting: Posting = {
      date: layout.bookingDate(l),
      otherDate: layout.otherDate(l),
      first: l,
      lines: [l],
      amount: unread.token,
      role: unread.role,
      ...(unread.sideInferred ? { sideInferred: true as const } : {}),
      balance: onlyBalance ? l.amounts[l.amounts.length - 1]! : null,
      skip: new Map([[l.index, skip]]),
      unread: unread.digits,
    };
    return { posting, awaiting: null };
  }
  const amountLine = below ?? l;
  if (amountLine.amounts.length === 0 || nDates === 0) return null;
  const found = amountsOf(amountLine, layout);
  const skip = dateWords(nDates);
  // A value date in its own column further along the line is a date, not text; a cell without
  // letters between the two dates is a column of the date block (`Bu-Tag | PN | Wert`: the
  // Primanota number of cooperative banks), no text either — left in place it hides the type and
  // with it the name below.
  const valuta = l.dates.find((d) => d.word > nDates);
  // `Wert 01.12.2025` on the posting's line, labelled where no column header says so: the value
  // date with its label, no text. Not yet the colon form (`Wertpapierabrechnung / Wert:
  // 09.01.2024`, real DKB and S Broker lines): dropping it there changes the party split of ten
  // real statements, unchecked (issue 21, left for later).
  const label = valuta ? l.words[valuta.word - 1] : undefined;
  if (valuta && label && valuta.word - 1 >= nDates && !label.text.endsWith(':') && vocab.valueDatePrefix.test(fold(label.text))) addWords(skip, valuta.word - 1, valuta.last);
  if (valuta && layout.valutaColumn) {
    addWords(skip, valuta.word, valuta.last);
    if (l.words.slice(nDates, valuta.word).every((w) => !/\p{L}/u.test(w.text))) addWords(skip, nDates, valuta.word - 1);
  }
  if (!below) for (const t of found.used) addWords(skip, t.first, t.last);
  return opened(l, layout.bookingDate(l), layout.otherDate(l), found, skip, below);
}

/**
 * A line with an amount and a booking date inside it (description column first). Right of that
 * date the line holds only the cells of the date columns (value date, primanota number), no text:
 * `Text/Verwendungszweck | Datum | PNNr | Wert | Soll | Haben`; words with letters stay text.
 */
function inlineDateStart(l: Line, nDates: number, layout: BlockLayout): Started | null {
  const below = layout.amountBelow.get(l.index);
  const amountLine = below ?? l;
  const inlineDate = inlineDateOf(l);
  if (amountLine.amounts.length === 0 || inlineDate === undefined) return null;
  const found = amountsOf(amountLine, layout);
  const skip = dateWords(nDates);
  const valuta = nDates > 0 ? l.dates.find((d) => d.word > nDates) : undefined;
  if (valuta && layout.valutaColumn) addWords(skip, valuta.word, valuta.last);
  addWords(skip, inlineDate.word, inlineDate.last);
  for (let i = inlineDate.last + 1; i < l.words.length && !/\p{L}/u.test(l.words[i]!.text); i++) skip.add(i);
  if (!below) for (const t of found.used) addWords(skip, t.first, t.last);
  // The next date in the date columns right of the booking date (`Datum | PNNr | Wert`) is the other date.
  const other = l.dates.find((d) => d.word > inlineDate.last && !/\p{L}/u.test(l.words.slice(inlineDate.last + 1, d.word).map((w) => w.text).join('')));
  const fields = labelledFields(l, inlineDate, below ? [] : found.used);
  for (const i of fields.skip) skip.add(i);
  return opened(l, inlineDate.date, other?.date ?? fields.valueDate, found, skip, below);
}

/**
 * A label/value line (an electronic statement's print, camt.053: `Buchungstag 07.11.2025
 * Valuta 07.11.2025 Betrag 1.083,31 EUR`): each value stands right after the label that names
 * it. Where the booking date is so labelled, the line is read by its labels: a date after a
 * value-date label is the value date, and the labels of the booking date, the value date and the
 * amount are no posting text. Elsewhere nothing is read (a date in running text keeps its words).
 */
function labelledFields(l: Line, booking: DateToken, amounts: readonly AmountToken[]): { skip: number[]; valueDate: PrintedDate | null } {
  const labelOf = (word: number): string | null => (word > 0 ? fold(l.words[word - 1]!.text).replace(/:$/u, '') : null);
  const bookingLabel = labelOf(booking.word);
  if (bookingLabel === null || !vocab.bookingDateHeader.test(bookingLabel) || vocab.valueDatePrefix.test(bookingLabel)) return { skip: [], valueDate: null };
  const skip = [booking.word - 1];
  let valueDate: PrintedDate | null = null;
  for (const d of l.dates) {
    const label = labelOf(d.word);
    if (d === booking || label === null || !vocab.valueDatePrefix.test(label)) continue;
    valueDate ??= d.date;
    skip.push(d.word - 1);
    for (let i = d.word; i <= d.last; i++) skip.push(i);
  }
  for (const a of amounts) if (labelOf(a.first) !== null && vocab.amountHeader.test(labelOf(a.first)!)) skip.push(a.first - 1);
  return { skip, valueDate };
}

/**
 * Day-grouped app exports: any line with an amount after a day heading, dated by the heading
 * unless it prints its own date. A value date under the header's Valuta/Wert column is the
 * posting's other date, not text.
 */
function dayGroupedStart(l: Line, nDates: number, day: PrintedDate | null, layout: BlockLayout): Started | null {
  if (l.amounts.length === 0 || day === null) return null;
  const found = amountsOf(l, layout);
  const skip = dateWords(nDates);
  const valuta = l.dates.find((d) => d.word > nDates);
  const valueDate = valuta && layout.valutaColumn ? valuta : undefined;
  if (valueDate) addWords(skip, valueDate.word, valueDate.last);
  for (const t of found.used) addWords(skip, t.first, t.last);
  const otherDate = nDates > 0 ? layout.otherDate(l) : valueDate ? valueDate.date : null;
  return opened(l, nDates > 0 ? layout.bookingDate(l) : day, otherDate, found, skip, undefined);
}

/**
 * In every mode: a charge booked with the open posting, on an undated line of its own (card
 * statements: "2% für Währungsumrechnung 2,97 -", "Auslandseinsatzentgelt 1,75% 1,12-"), is a
 * posting of its own on that posting's date — when its amount is signed or stands in a column.
 */
export function feeStart(l: Line, nDates: number, open: Posting, layout: BlockLayout): Posting | null {
  if (nDates !== 0 || l.amounts.length === 0 || !vocab.cardCharge.test(l.text)) return null;
  const fee = amountsOf(l, layout);
  if (fee.amount.sign === null && fee.role === 'amount') return null;
  const skip = new Set<number>();
  for (const t of fee.used) addWords(skip, t.first, t.last);
  return { date: open.date, otherDate: null, first: l, lines: [l], amount: fee.amount, role: fee.role, ...(fee.sideInferred ? { sideInferred: true as const } : {}), balance: fee.balance, skip: new Map([[l.index, skip]]) };
}

/**
 * Day groups whose booking date stands on the day's first posting only (later rows of the day
 * print no date): a line without a leading date is a posting of the day above when it starts a
 * block as its dated siblings do — its text at the text column — and every amount it carries
 * stands in the table's amount columns, one of them a posting amount (not only the running
 * balance). A value date further along the line (`B | Text | Wert | Betrag`) is its other date.
 * Such a line is otherwise a continuation of the posting above; which reading holds, the
 * statement's balances judge (engine.ts): this rule is only offered where they can.
 */
export function undatedDayStart(l: Line, nDates: number, booked: PrintedDate, layout: BlockLayout): Posting | null {
  const { model, textX, size } = layout;
  if (nDates !== 0 || l.amounts.length === 0 || model.flattened || model.columns.length === 0) return null;
  if (Math.abs(l.words[0]!.x0 - textX) > Math.max(size * 1.5, 6)) return null;
  if (!l.amounts.every((t) => columnOf(t, model, l.size) !== null)) return null;
  const found = amountsOf(l, layout);
  if (found.role === 'balance' || found.role === 'part' || columnOf(found.amount, model, l.size) === null) return null;
  // The text before the amounts must hold words: a line of figures alone is a sum, not a posting.
  if (!l.words.slice(0, found.used[0]!.first).some((w) => /\p{L}{2}/u.test(w.text))) return null;
  const skip = new Set<number>();
  for (const t of found.used) addWords(skip, t.first, t.last);
  const valuta = l.dates.find((d) => d.word > 0);
  if (valuta && layout.valutaColumn) addWords(skip, valuta.word, valuta.last);
  return opened(l, booked, valuta?.date ?? null, found, skip, undefined).posting;
}
