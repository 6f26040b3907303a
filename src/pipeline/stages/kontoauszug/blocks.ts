import { parseDayMonth, parseGermanLongDate, type PrintedDate } from '../../../domain/german-dates.js';
import { balanceKind, type BalanceKind } from './balances.js';
import { bookingDateIndex, valueDatesUnderHeader } from './date-columns.js';
import { columnModel, columnOf, headerLine, median, type ColumnModel, type ColumnRole, type HeaderLine } from './columns.js';
import { repeatedLines } from './headers-footers.js';
import { fold } from '../../layout/fold.js';
import { statementPatterns as vocab } from '../../layout/vocabulary.js';
import { adjacent, WEEKDAY, type AmountToken, type DateToken, type Line, type Word } from '../../layout/lines.js';

/**
 * Lines → posting blocks. A posting starts on a line that carries an amount in a posting
 * column and begins with its booking date (or, in day-grouped app exports without a ruled
 * table, follows a date heading). The lines below it that are indented to the text column and
 * close enough belong to it (second text line, value date + purpose, SEPA fields, the
 * counterparty on its own line) until the next posting, a balance line, a column header, a
 * repeated page header/footer, a gap or a page break.
 */
export interface Posting {
  /** Booking date as printed (year may be missing). */
  date: PrintedDate | null;
  /**
   * The other date printed with the posting (value date, or the receipt date of a card
   * posting), as printed. Not part of SPEC §8's row; kept for evaluation against sources
   * that date postings by value date.
   */
  otherDate: PrintedDate | null;
  first: Line;
  lines: Line[];
  amount: AmountToken;
  role: ColumnRole;
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

export interface BlockResult {
  events: Event[];
  model: ColumnModel;
  headers: HeaderLine[];
}

const MAX_LINES = 12;

const FUNCTION_WORDS = new Set(
  'der die das den dem des ein eine einem einer eines und oder von zu zur zum mit für sie ihre ihr ihnen wir uns unser unsere unserer wird werden ist sind hat haben nicht auch bei nach auf im in an unter über aus sowie per als bzw so bitte können kann müssen muss dass wenn diese dieser dieses sich es wegen gemäß vgl'.split(' '),
);

/**
 * A notice, not posting text: a long line of running German prose ("Ihre Einlage wird von einem
 * gesetzlichen Einlagensicherungssystem gedeckt …") or contact details on a long line. Purpose
 * lines are short (SEPA prints 35 characters a line), even where they hold a web address.
 */
export function isProse(line: Line): boolean {
  if (line.text.length < 65) return false;
  if (/@|www\.|https?:|\b(e-mail|rufnummer|telefon|kundenservice|hotline|telefax)\b/iu.test(line.text)) return true;
  if (line.words.length < 8) return false;
  const function_ = line.words.filter((w) => FUNCTION_WORDS.has(w.text.toLowerCase())).length;
  return function_ >= line.words.length * 0.2;
}

/** Charges that card statements book on a line of their own under the purchase they belong to. */
const FEE_LINE = /(währungsumrechnung|umrechnungsentgelt|auslandseinsatz|einsatz der karte im ausland|fremdwährungs(entgelt|gebühr)|auslandsentgelt|wechselkursaufschlag)/iu;

const dayWord = (w: string): boolean => WEEKDAY.test(w) || /^(heute|gestern)[.,]*$/u.test(w);

/**
 * A line that is only a date (with weekday, or labelled as the booking date: `Buchungsdatum:
 * 05.03.2026`, `Buchungstag 05.03.2026`): the heading of a day group.
 */
export function dateHeading(line: Line): PrintedDate | null {
  if (line.amounts.length > 0) return null;
  const words = line.words.map((w) => fold(w.text).replace(/[,.]+$/u, ''));
  if (line.dates.length === 1 && line.words.length <= 3 + line.dates[0]!.last - line.dates[0]!.word) {
    const d = line.dates[0]!;
    const others = line.words.filter((_, i) => i < d.word || i > d.last).map((w) => fold(w.text));
    if (others.every((w) => dayWord(w) || vocab.dateHeadingLabel.test(w))) return line.dates[0]!.date.year ? line.dates[0]!.date : null;
  }
  const long = parseGermanLongDate(line.text);
  if (long && line.words.length <= 5 && words.filter((w) => !/^\d/u.test(w)).every((w) => dayWord(w) || /^[a-zä]+$/u.test(w))) return long;
  return null;
}

/**
 * `01.03.2026 - 31.03.2026 …`: a line that starts with a period (the rows of an interest table,
 * a settlement annex), not with a booking date.
 */
function startsWithRange(line: Line): boolean {
  const [a, b] = line.dates;
  return a !== undefined && b !== undefined && a.word <= 1 && b.word === a.last + 2 && /^(-|–|—|bis)$/iu.test(line.words[a.last + 1]!.text);
}

/** Number of words at the start of the line that are dates (booking and value date). */
function leadingDates(line: Line): number {
  if (startsWithRange(line)) return 0;
  // A stray punctuation mark (`. 22.11.2017 …`) or a running number (a "lfd. Nr." column:
  // `1 06.01.2026 Gutschrift …`) before the date is no text.
  let pos = /^([.,:;·•*-]|\d{1,4})$/u.test(line.words[0]?.text ?? '') && line.dates[0]?.word === 1 ? 1 : 0;
  for (const d of line.dates) {
    if (d.word !== pos) break;
    pos = d.last + 1;
  }
  return pos;
}

/**
 * A word that was meant to be an amount but does not read as one: digits with the marks an
 * amount is made of (`.,:;'/`), perhaps a sign before and a sign, `S`/`H` or `€` after, at
 * least two digits, and not a date.
 */
const UNREAD_AMOUNT = /^[-+=~\u2212\u2013\u2014]?\d[\d.,:;'/]*[SH+\-\u2212€=~]?$/u;

/** The digits of a word that is an unreadable amount (and of its other reading), else null. */
function unreadAmountWord(w: Word): string[] | null {
  if (!UNREAD_AMOUNT.test(w.text) || parseDayMonth(w.text)) return null;
  const digits = w.text.replace(/\D/gu, '');
  if (digits.length < 2) return null;
  const other = w.alternative?.replace(/\D/gu, '') ?? '';
  return other.length >= 2 && other !== digits ? [digits, other] : [digits];
}

export interface BlockOptions {
  /** Pages read by OCR: only there may a posting line carry an amount that did not read. */
  ocrPages?: ReadonlySet<number>;
}

export function buildBlocks(lines: readonly Line[], options: BlockOptions = {}): BlockResult {
  const ocrPages = options.ocrPages ?? new Set<number>();
  const headers: HeaderLine[] = [];
  const isHeader = new Map<number, HeaderLine>();
  for (const l of lines) {
    const h = headerLine(l);
    if (h) {
      headers.push(h);
      isHeader.set(l.index, h);
    }
  }
  valueDatesUnderHeader(lines, headers);
  const repeated = repeatedLines(lines);
  const booking = bookingDateIndex(lines);
  /** The booking date among a line's leading dates (see date-columns.ts). */
  const bookingDate = (l: Line): PrintedDate => {
    const second = l.dates[1];
    return booking === 1 && second && second.word === l.dates[0]!.last + 1 ? second.date : l.dates[0]!.date;
  };
  // A header naming a value-date column (Wertstellung, Valuta, Wert) after the text column.
  const valutaColumn = headers.some((h) => vocab.valueDateColumn.test(h.line.text));
  const otherDate = (l: Line): PrintedDate | null => {
    const second = l.dates[1];
    if (!second) return null;
    // Adjacent (`Buchung Valuta`) or further along the line (a Wertstellung column).
    return booking === 1 && second.word === l.dates[0]!.last + 1 ? l.dates[0]!.date : second.date;
  };
  // A balance line carries its amount or is a short label whose amount stands nearby; a
  // sentence that mentions the "Schlusssaldo" is prose.
  const kinds = lines.map((l) => (l.amounts.length > 0 || (l.words.length <= 8 && vocab.balanceHint.test(l.text)) ? balanceKind(l) : null));
  const headings = lines.map((l) => dateHeading(l));

  // Posting candidates decide the columns: dated lines with amounts, else (day-grouped
  // exports) undated lines with amounts that follow a date heading.
  const dated = lines.filter((l) => kinds[l.index] === null && !isHeader.has(l.index) && l.amounts.length > 0 && leadingDates(l) > 0);
  // A dated line without an amount whose amount follows a few lines further down (date cell,
  // type line, amount line: some layouts stack a posting's cells vertically).
  const amountBelow = new Map<number, Line>();
  for (const l of lines) {
    if (l.amounts.length > 0 || leadingDates(l) === 0 || kinds[l.index] !== null || isHeader.has(l.index) || headings[l.index]) continue;
    // Right below a dated line with an amount, a dated line is that posting's second line
    // (value date + reference, as two-line layouts print it), not a stacked posting; a line
    // that is only a date is the date cell of the next posting (stacked app exports).
    const above = lines[l.index - 1];
    if (above && leadingDates(l) < l.words.length && above.amounts.length > 0 && leadingDates(above) > 0 && adjacent(above, l)) continue;
    for (let j = l.index + 1; j <= l.index + 4 && j < lines.length; j++) {
      const n = lines[j]!;
      if (n.page !== l.page || leadingDates(n) > 0 || kinds[j] !== null || isHeader.has(j) || repeated.has(j)) break;
      if (n.amounts.length > 0) {
        amountBelow.set(l.index, n);
        break;
      }
    }
  }
  let dayGrouped = false;
  let candidates = [...dated, ...amountBelow.values()];
  // No line starts with its date: the date may stand inside the line ("Zinsertrag 01.06.2024
  // +252,16€", a description column before the date column).
  // Whichever reading explains more lines wins (a stray dated line does not make a layout).
  let inline = false;
  // A value date in its column (`04.03` under "Valuta") is no booking date.
  const inlineDateOf = (l: Line): DateToken | undefined => (startsWithRange(l) ? undefined : l.dates.find((d) => !d.valueColumn));
  const inlineCandidates = lines.filter(
    (l) => kinds[l.index] === null && !isHeader.has(l.index) && l.amounts.length > 0 && inlineDateOf(l) !== undefined && leadingDates(l) === 0 && !repeated.has(l.index),
  );
  if (inlineCandidates.length > 0 && inlineCandidates.length >= candidates.length * 2) {
    candidates = inlineCandidates;
    inline = true;
  }
  if (candidates.length === 0 && headings.some((h) => h !== null)) {
    dayGrouped = true;
    let seen = false;
    candidates = lines.filter((l) => {
      if (headings[l.index]) seen = true;
      return seen && kinds[l.index] === null && l.amounts.length > 0 && !repeated.has(l.index);
    });
  }
  const model = columnModel(candidates, headers);
  const lastRole = headers.map((h) => [...h.roles].sort((a, b) => a.x1 - b.x1).pop()?.role).filter((r) => r !== undefined);
  const balanceLast = lastRole.some((r) => r === 'balance');
  const size = median(candidates.map((l) => l.size));
  const textX = median(
    candidates.map((l) => {
      const skipN = leadingDates(l);
      const w = l.words[skipN];
      return w ? w.x0 : l.words[0]!.x0;
    }),
  );

  // Continuation lines must be indented to the text column only where the layout indents
  // them: judged from the lines right below posting lines (flattened or plain-text renderings
  // start every line at the margin).
  let indentedBelow = 0;
  let marginBelow = 0;
  for (const c of candidates) {
    const n = lines[c.index + 1];
    if (!n || n.page !== c.page || n.amounts.length > 0 || leadingDates(n) > 0 || kinds[n.index] !== null || isHeader.has(n.index)) continue;
    if (n.top - c.bottom > Math.max(c.size, n.size) * 1.3) continue;
    // A line that began with the years of the date cells (joined into the dates, lines.ts)
    // began left of the text column: the layout prints posting content there.
    if (n.afterDateCells) marginBelow++;
    else if (n.words[0]!.x0 >= textX - Math.max(size * 1.5, 6)) indentedBelow++;
    else marginBelow++;
  }
  const requireIndent = !model.flattened && indentedBelow >= marginBelow;

  /** The posting amount of a candidate line and its running balance, if any. */
  function amountsOf(l: Line): { amount: AmountToken; role: ColumnRole; balance: AmountToken | null; used: AmountToken[] } | null {
    if (model.flattened || model.columns.length === 0) {
      // Flattened text: the amount is the last amount on the line, or the one before it when
      // the header ends in a balance column (Saldo/Kontostand).
      const n = l.amounts.length;
      if (n >= 2 && balanceLast) {
        const a = l.amounts[n - 2]!;
        const b = l.amounts[n - 1]!;
        return { amount: a, role: 'amount', balance: b, used: [a, b] };
      }
      const a = l.amounts[n - 1]!;
      return { amount: a, role: 'amount', balance: null, used: [a] };
    }
    let amount: AmountToken | null = null;
    let role: ColumnRole = 'amount';
    let balance: AmountToken | null = null;
    const used: AmountToken[] = [];
    for (const t of l.amounts) {
      const c = columnOf(t, model, l.size);
      if (!c) continue;
      used.push(t);
      if (c.role === 'balance') balance = t;
      else if (!amount) {
        amount = t;
        role = c.role;
      }
    }
    if (!amount) {
      // A dated line with amounts outside every column is still a posting (a column the
      // model missed, e.g. the rarely used Haben column); its last amount that is not the
      // running balance is the best reading, its sign left to the balance or the type.
      const a = [...l.amounts].reverse().find((t) => t !== balance) ?? l.amounts[l.amounts.length - 1]!;
      return a === balance ? { amount: a, role: 'amount', balance: null, used: [a] } : { amount: a, role: 'amount', balance, used: balance ? [a, balance] : [a] };
    }
    return { amount, role, balance, used };
  }

  /**
   * On an OCR'd page, a line that starts with its dates like a posting but whose amount did not
   * read: the rightmost word after the dates that is an unreadable amount standing in a posting
   * column (numbers of the text elsewhere on the line are passed over; one in the running
   * balance's column ends the search). Where columns are not known, nothing is guessed.
   */
  function unreadAmount(l: Line, nDates: number): { token: AmountToken; role: ColumnRole; digits: string[] } | null {
    if (!ocrPages.has(l.page) || model.flattened || model.columns.length === 0) return null;
    const read = new Set(l.amounts.flatMap((t) => Array.from({ length: t.last - t.first + 1 }, (_, k) => t.first + k)));
    for (let i = l.words.length - 1; i >= nDates; i--) {
      const w = l.words[i]!;
      if (read.has(i)) continue;
      const digits = unreadAmountWord(w);
      if (digits === null) continue;
      const token: AmountToken = { cents: 0, sign: null, first: i, last: i, x0: w.x0, x1: w.x1 };
      const c = columnOf(token, model, l.size);
      if (c?.role === 'balance') return null;
      if (c) return { token, role: c.role, digits };
    }
    return null;
  }

  // Summary rows ("Anfangssaldo … Endsaldo" header over one row of amounts): the first amount
  // opens, the last closes. The closing event is emitted after the postings.
  const summary = new Map<number, { opening: AmountToken; closing: AmountToken }>();
  for (let i = 0; i + 1 < lines.length; i++) {
    const h = fold(lines[i]!.text);
    const next = lines[i + 1]!;
    if (lines[i]!.amounts.length > 0 || !vocab.summaryOpening.test(h) || !vocab.summaryClosing.test(h)) continue;
    if (next.amounts.length >= 2 && kinds[next.index] === null) summary.set(next.index, { opening: next.amounts[0]!, closing: next.amounts[next.amounts.length - 1]! });
  }
  const deferred: Event[] = [];

  const events: Event[] = [];
  let current: Posting | null = null;
  /** A stacked posting waiting for its amount line. */
  let awaiting: { line: Line; used: AmountToken[] } | null = null;
  let day: PrintedDate | null = null;
  let prev: Line | null = null;

  const close = (): void => {
    current = null;
    awaiting = null;
  };

  for (const l of lines) {
    const pageBreak = prev !== null && prev.page !== l.page;
    prev = l;
    if (pageBreak) close();
    if (isHeader.has(l.index)) {
      close();
      events.push({ kind: 'line', line: l });
      continue;
    }
    const kind = kinds[l.index];
    if (kind) {
      close();
      const amount = l.amounts[l.amounts.length - 1] ?? null;
      events.push({ kind: 'balance', balance: kind, line: l, amount });
      continue;
    }
    if (repeated.has(l.index)) {
      close();
      events.push({ kind: 'line', line: l });
      continue;
    }
    const heading = headings[l.index];
    if (heading && dayGrouped) {
      close();
      day = heading;
      continue;
    }
    const sum = summary.get(l.index);
    if (sum) {
      close();
      events.push({ kind: 'balance', balance: 'opening', line: l, amount: sum.opening });
      deferred.push({ kind: 'balance', balance: 'closing', line: l, amount: sum.closing });
      continue;
    }
    const nDates = leadingDates(l);
    if (awaiting && awaiting.line === l && current) {
      // The amount line of a stacked posting: its amounts are the posting's, the rest is text.
      const skip = new Set<number>();
      for (const t of awaiting.used) for (let i = t.first; i <= t.last; i++) skip.add(i);
      (current as Posting).lines.push(l);
      (current as Posting).skip.set(l.index, skip);
      awaiting = null;
      continue;
    }
    if (awaiting && current) {
      (current as Posting).lines.push(l);
      (current as Posting).skip.set(l.index, new Set());
      continue;
    }
    awaiting = null;
    const below: Line | undefined = !dayGrouped ? amountBelow.get(l.index) : undefined;
    const amountLine: Line = below ?? l;
    const inlineDate: DateToken | null = inline ? (inlineDateOf(l) ?? null) : null;
    const startsPosting: boolean = amountLine.amounts.length > 0 && (dayGrouped ? day !== null : inline ? inlineDate !== null : nDates > 0);
    // On an OCR'd page: no amount read, or only the running balance (every amount of the line in
    // the balance column) — the posting's own amount may stand there unreadable.
    const balanceOnly: boolean = l.amounts.length > 0 && !model.flattened && l.amounts.every((t) => columnOf(t, model, l.size)?.role === 'balance');
    const unread: ReturnType<typeof unreadAmount> = !dayGrouped && !inline && !below && nDates > 0 && (l.amounts.length === 0 || balanceOnly) ? unreadAmount(l, nDates) : null;
    const found: ReturnType<typeof amountsOf> = startsPosting && !unread ? amountsOf(amountLine) : null;
    if (found) {
      const skip = new Set<number>();
      for (let i = 0; i < nDates; i++) skip.add(i);
      // A value date in its own column further along the line is a date, not text (under a
      // day heading too, where the line starts with the counterparty or the type).
      const valuta = nDates > 0 || dayGrouped ? l.dates.find((d) => d.word > nDates) : undefined;
      if (valuta && valutaColumn) for (let i = valuta.word; i <= valuta.last; i++) skip.add(i);
      if (inlineDate) {
        for (let i = inlineDate.word; i <= inlineDate.last; i++) skip.add(i);
        // Text first, then the date columns (`Text/Verwendungszweck | Datum | PNNr | Wert |
        // Soll | Haben`): right of the booking date the first line holds only cells of those
        // columns (the value date, a primanota or reference number), no text. Words with
        // letters stay text.
        for (let i = inlineDate.last + 1; i < l.words.length && !/\p{L}/u.test(l.words[i]!.text); i++) skip.add(i);
      }
      if (!below) for (const t of found.used) for (let i = t.first; i <= t.last; i++) skip.add(i);
      const posting: Posting = {
        date: inlineDate ? inlineDate.date : nDates > 0 ? bookingDate(l) : day,
        otherDate: !inlineDate && nDates > 0 ? otherDate(l) : dayGrouped && valuta && valutaColumn ? valuta.date : null,
        first: l,
        lines: [l],
        amount: found.amount,
        role: found.role,
        balance: found.balance,
        skip: new Map([[l.index, skip]]),
      };
      current = posting;
      if (below) awaiting = { line: below, used: found.used };
      events.push({ kind: 'posting', posting });
      continue;
    }
    if (unread) {
      const skip = new Set<number>();
      for (let i = 0; i < nDates; i++) skip.add(i);
      skip.add(unread.token.first);
      if (balanceOnly) for (const t of l.amounts) for (let i = t.first; i <= t.last; i++) skip.add(i);
      const posting: Posting = {
        date: bookingDate(l),
        otherDate: otherDate(l),
        first: l,
        lines: [l],
        amount: unread.token,
        role: unread.role,
        balance: balanceOnly ? l.amounts[l.amounts.length - 1]! : null,
        skip: new Map([[l.index, skip]]),
        unread: unread.digits,
      };
      current = posting;
      events.push({ kind: 'posting', posting });
      continue;
    }
    const open = current as Posting | null;
    // A charge booked with the posting above, on a line of its own without a date (card
    // statements: "2% für Währungsumrechnung 2,97 -", "Auslandseinsatzentgelt 1,75% 1,12-"):
    // a posting of its own on that posting's date.
    if (open && nDates === 0 && l.amounts.length > 0 && FEE_LINE.test(l.text)) {
      const fee = amountsOf(l);
      if (fee && (fee.amount.sign !== null || fee.role !== 'amount')) {
        const skip = new Set<number>();
        for (const t of fee.used) for (let i = t.first; i <= t.last; i++) skip.add(i);
        const posting: Posting = { date: open.date, otherDate: null, first: l, lines: [l], amount: fee.amount, role: fee.role, balance: fee.balance, skip: new Map([[l.index, skip]]) };
        current = posting;
        events.push({ kind: 'posting', posting });
        continue;
      }
    }
    if (open) {
      const last = open.lines[open.lines.length - 1]!;
      const gap = l.top - last.bottom;
      const x = l.words[nDates]?.x0 ?? l.words[0]!.x0;
      const indented = !requireIndent || x >= textX - Math.max(size * 1.5, 6) || nDates > 0;
      // No posting runs to more than MAX_LINES lines: past that, the text is a notice or
      // an annex that follows the table without a gap.
      if (gap <= Math.max(size, l.size) * 1.3 && indented && open.lines.length < MAX_LINES && !isProse(l)) {
        const skip = new Set<number>();
        for (let i = 0; i < nDates; i++) skip.add(i);
        // A second line that starts with a date: the value date of two-line layouts.
        if (nDates > 0 && open.otherDate === null && open.lines.length === 1) open.otherDate = l.dates[0]!.date;
        open.lines.push(l);
        open.skip.set(l.index, skip);
        continue;
      }
      close();
    }
    events.push({ kind: 'line', line: l });
  }
  events.push(...deferred);
  return { events, model, headers };
}

