/**
 * Label–value finding by layout. A key number is printed as a label with its value either to
 * the right on the same line (with at most a few filler words between) or below it in the
 * same column (table headers, stacked forms). Values are returned as printed (with the
 * currency sign when it is printed beside the amount) with their 1-based page.
 */
import { amountToCents } from '../../../../domain/money.js';
import { type CalendarDate, parseGermanDate, monthFromName } from '../../../../domain/german-dates.js';
import type { KeyNumber } from '../../../model/result.js';
import { foldGerman } from '../../../layout/fold.js';
import type { TextLine } from '../../../layout/text-lines.js';
import { findLabel, type LabelHit } from './labels.js';
import { bracketBeforeFigure, figureAt, inAmountColumn, rowAmount, rowFigures } from './row-figures.js';
import { placeOf } from './line-order.js';
import { letterForms, printedWords } from '../../../layout/letter-words.js';

/** `notice`: a span of weeks or months as a notice period prints it (`1 Monat`, `drei Monate`, `4 Wochen`). */
export type ValueKind = 'money' | 'date' | 'year' | 'count' | 'period' | 'steuerklasse' | 'percent' | 'notice';

export interface FoundValue extends KeyNumber {
  /** The value's own cells' line. */
  line: TextLine;
  /** Where the label was found. */
  label: LabelHit;
}

/** Digits OCR misreads as letters inside numbers (O→0, l/I→1, S→5 only between digits). */
function repairDigits(text: string): string {
  return text.replace(/(?<=\d)[Oo](?=[\d,.])|(?<=[\d,.])[Oo](?=\d|$)/g, '0').replace(/(?<=\d)[lI](?=[\d,.])|(?<=[\d,.])[lI](?=\d)/g, '1');
}

const CURRENCY = new RegExp(`^(${printedWords('statement', 'currencyWord')})$`, 'i');
/** Printed text (case-insensitive): a percent sign, written or not, at its start. */
const PERCENT_LEAD = new RegExp(`^(${printedWords('statement', 'percentLead')})`, 'i');
const ROMAN: Record<string, number> = { i: 1, ii: 2, iii: 3, iv: 4, v: 5, vi: 6 };

interface Parsed {
  printed: string;
  /** Number of cells consumed. */
  used: number;
}

const NOTICE_COUNT = /^(?:\d{1,2}|eine?[mnr]?|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|zwölf)$/iu;
const NOTICE_UNIT = /^(?:Wochen?|Monate?n?)$/u;

/** Tries to read a value of `kind` starting at cell `i` of `line`. */
export function readValueAt(line: TextLine, i: number, kind: ValueKind, { shortWhole = false } = {}): Parsed | null {
  const t = (k: number) => line.cells[i + k]?.text ?? '';
  const strip = (s: string) => s.replace(/^[(:=]+|[);:,.]+$/g, '');
  const first = repairDigits(strip(t(0)));
  switch (kind) {
    case 'money': {
      // A rate is not an amount ("8,39 %", "8,39%", "12,00 Prozent").
      if (/%$/.test(first) || PERCENT_LEAD.test(strip(t(1)))) return null;
      // "EUR 12,50" / "€ 12,50"
      if (CURRENCY.test(first) && amountToCents(repairDigits(strip(t(1)))) !== null) return { printed: `${first} ${strip(t(1))}`, used: 2 };
      for (const n of [2, 1]) {
        // "1 234,56" or "380, 00" split in two words
        const joined = repairDigits(strip(line.cells.slice(i, i + n).map((c) => c.text).join(' ')));
        if (n === 2 && !/^\d{1,3} \d{3},\d{2}|^\d{1,3}(?:\.\d{3})*, \d{2}\b/.test(joined)) continue;
        const cleaned = joined.replace(/€$/u, '').replace(/, (\d{2})/, ',$1').trim();
        if (!/,\d{2}|,-/.test(cleaned) || amountToCents(cleaned) === null) continue;
        const next = strip(t(n));
        const withCurrency = CURRENCY.test(next) || next === '€' ? `${joined} ${next === 'Euro' ? 'Euro' : next}` : joined;
        return { printed: withCurrency, used: n + (withCurrency !== joined ? 1 : 0) };
      }
      // Whole euros with thousands separators, as tax notices print bases ("48.112 €", "48.112").
      if (/^\d{1,3}(?:\.\d{3})+$/.test(first)) {
        const next = strip(t(1));
        return CURRENCY.test(next) ? { printed: `${first} ${next}`, used: 2 } : { printed: first, used: 1 };
      }
      // Whole euros below a thousand (`shortWhole`: only right of the label on its own line) and
      // only with the currency after them ("zu versteuerndes Einkommen 0 €"): without it a short
      // number is a count, a day or a footnote, and under a header cell it may be another row's
      // figure of a tariff table (`Stufe 4 … 396 €` under `zu versteuerndes Einkommen`). Only a
      // nought: `Auslagen 350 €` is 3,50 € with its comma lost by OCR or a figure no sum confirms,
      // and the cost table's sum decides what it is (ocr-cost-table.test.ts); `0 €` is none of these.
      if (shortWhole && first === '0' && CURRENCY.test(strip(t(1)))) return { printed: `${first} ${strip(t(1))}`, used: 2 };
      return null;
    }
    case 'date': {
      if (parseGermanDate(first)) return { printed: first, used: 1 };
      const three = strip([t(0), t(1), t(2)].join(' '));
      // "3. Oktober 2016", and a month abbreviated with its point ("15. Sept. 2016", "1. Dez. 2025").
      if (/^\d{1,2}\.\s+[A-Za-zÄÖÜäöü]+\.?\s+\d{4}$/u.test(three) && parseGermanDate(three)) return { printed: three, used: 3 };
      return null;
    }
    case 'year':
      return /^(19|20)\d{2}$/.test(first) ? { printed: first, used: 1 } : null;
    case 'count':
      return /^\d{1,2}$/.test(first) ? { printed: first, used: 1 } : null;
    case 'percent':
      if (/^\d{1,2}(,\d{1,3})?\s?%$/.test(first)) return { printed: first, used: 1 };
      if (/^\d{1,2}(,\d{1,3})?$/.test(first) && strip(t(1)) === '%') return { printed: `${first} %`, used: 2 };
      return null;
    case 'steuerklasse': {
      const v = first.toLowerCase();
      if (/^[1-6]$/.test(v) || ROMAN[v]) return { printed: first, used: 1 };
      return null;
    }
    case 'notice':
      return NOTICE_COUNT.test(first) && NOTICE_UNIT.test(strip(t(1))) ? { printed: `${first} ${strip(t(1))}`, used: 2 } : null;
    case 'period': {
      // "März 2026", "03/2026", "03.2026", "01.03.2026 - 31.03.2026"
      const month = monthFromName(first);
      if (month && /^(19|20)\d{2}$/.test(strip(t(1)))) return { printed: `${first} ${strip(t(1))}`, used: 2 };
      if (/^(0?[1-9]|1[0-2])[/.](19|20)\d{2}$/.test(first)) return { printed: first, used: 1 };
      if (parseGermanDate(first)) {
        const dash = strip(t(1));
        if (/^[-–bis]+$/.test(dash) && parseGermanDate(strip(t(2)))) return { printed: `${first} ${dash} ${strip(t(2))}`, used: 3 };
        if (/^\d{1,2}\.\d{1,2}\.\d{2,4}[-–]\d{1,2}\.\d{1,2}\.\d{2,4}$/.test(first)) return { printed: first, used: 1 };
      }
      return null;
    }
  }
}

/** Words that may stand between a label and its value ("Steuerklasse: 4", "Gesamtbetrag in EUR 182,00"). */
const FILLER = new RegExp(String.raw`^(:|=|-|–|\/|\.+|${printedWords('statement', 'valueFiller')})$`, 'i');

export interface LabelSpec {
  /** Label wordings, most specific first. */
  labels: readonly string[];
  kind: ValueKind;
  /** Skips a hit whose neighbourhood (three words before the label up to the value, folded) matches (e.g. "Vorauszahlungen" for a tax total). */
  skipLine?: RegExp;
  /** Only look right of the label (values below belong to other labels). */
  rightOnly?: boolean;
  /** How many words may stand between label and value on the same line (default 4). */
  maxGap?: number;
}

/** The word before a number that makes it a citation (§ 4, Abs. 2, Nr. 3, Anlage 13). */
const CITATION = new RegExp(String.raw`^\(?(${printedWords('statement', 'citationWord')})$`, 'i');

/**
 * A dotted leader (`Jahressteuer ........ 47,00`) as OCR reads it at low resolution: `...0000s0000
 * 0000000200 nennen nennen anEnn 47,00` (issue 22 §2), or one long word
 * `..........usu2u0us0ss20ssnnsnnss…`. Its dots come out as points, noughts and twos, the small
 * round letters `n e a o u s c r m z`, and now and then a colon, dash, `=` or `@`. A leader opens
 * with a word of at least five characters, nine tenths of them such glyphs, holding a run of
 * three points or four noughts; after it, words of such glyphs belong to it. A real word breaks
 * the run.
 */
const LEADER_GLYPH = /[.·…,:;'_\-–=0oO2nNeEaAmMuUrRsScCzZ°"@]/gu;
const leaderShare = (word: string): number => (word.match(LEADER_GLYPH)?.length ?? 0) / word.length;
function leaderOpens(word: string): boolean {
  return word.length >= 5 && /[.·…]{3}|[0oO]{4}/u.test(word) && leaderShare(word) >= 0.9;
}
const leaderGoesOn = (word: string): boolean => word.length >= 2 && leaderShare(word) === 1;

function valueRight(hit: LabelHit, spec: LabelSpec, lines: readonly TextLine[]): Parsed & { index: number } | null {
  const line = hit.line;
  let gap = 0;
  let leader = false;
  for (let k = hit.last + 1; k < line.cells.length; k++) {
    // Parts named in brackets before the row's own figure ("Auslagen (Zustellung 3,50 €, Wägung
    // 18,00 €)   21,50 €") explain it: the figure after the closing bracket is the value.
    const closing = spec.kind === 'money' ? bracketBeforeFigure(line, k) : null;
    if (closing !== null) {
      k = closing;
      continue;
    }
    if (spec.kind === 'money' && figureAt(line, k)) {
      // Several numbers in the row: the amount by column meaning (rate, base, year to date …).
      const figures = rowFigures(line, k, lines);
      if (figures.length >= 2) {
        const amount = rowAmount(figures);
        return amount ? { printed: amount.printed, used: amount.used, index: amount.index } : null;
      }
    }
    // A number right after §, Abs., Nr., Art., Anlage is a citation, not a value ("§ 4 StVG").
    const citation = k > 0 && CITATION.test(line.cells[k - 1]!.text);
    const parsed = citation ? null : readValueAt(line, k, spec.kind, { shortWhole: true });
    if (parsed) return { ...parsed, index: k };
    const word = line.cells[k]!.text;
    // A dotted leader OCR read as junk words: from a word that is mostly dots or noughts on, the
    // words made of the shapes dots come out as do not count (leaderOpens, leaderGoesOn).
    leader = leaderOpens(word) || (leader && leaderGoesOn(word));
    if (!FILLER.test(word.replace(/[,;]$/, '')) && !leader) gap++;
    if (gap > (spec.maxGap ?? 4)) return null;
  }
  return null;
}

/**
 * The line's last money figure when it stands in an amount column (layout/figures.ts inAmountColumn).
 */
function amountColumnFigure(line: TextLine, lines: readonly TextLine[]): (Parsed & { index: number }) | null {
  let last: ReturnType<typeof figureAt> = null;
  for (let i = 0; i < line.cells.length; i++) {
    const f = figureAt(line, i);
    if (f?.kind === 'money') last = f;
  }
  if (!last || last.index + last.used < line.cells.length) return null;
  return inAmountColumn(lines, line, last.x1, 3) ? { printed: last.printed, used: last.used, index: last.index } : null;
}

/**
 * A label stands as a table header cell: set apart from its neighbours by a wide gap (more
 * than twice the word height), unlike a word in running text.
 */
function isolated(hit: LabelHit): boolean {
  const cells = hit.line.cells;
  const gap = 2 * Math.max(hit.line.size, 6);
  const prev = cells[hit.first - 1];
  const next = cells[hit.last + 1];
  const first = cells[hit.first]!;
  const last = cells[hit.last]!;
  // A filler or a short qualifier may follow the label in its cell ("Kirchensteuer ev", "Brutto (EUR)").
  const qualifier = next && (FILLER.test(next.text) || /^\(?[a-zäöü.]{1,4}\)?:?$/i.test(next.text));
  const nextWord = qualifier ? cells[hit.last + 2] : next;
  return (!prev || first.bbox.x - (prev.bbox.x + prev.bbox.width) > gap) && (!nextWord || nextWord.bbox.x - (last.bbox.x + last.bbox.width) > gap);
}

/** Words of running text; a line without any is a row of labels (a table header). */
const PROSE_WORDS = new Set(letterForms('proseWord'));
function headerRow(line: TextLine): boolean {
  return line.cells.length >= 2 && !/[.:;]$/.test(line.text.trim()) && line.cells.every((c) => !PROSE_WORDS.has(foldLine(c.text).replace(/[^a-z]/g, '')));
}

/**
 * A sentence that names an amount and wraps it into the right-hand amount column of the line
 * above or below ("… gemäß § 17 OWiG    500,00 € / eine Geldbuße festgesetzt von:"): the amount
 * must stand right of the label, in a line directly adjacent, and be that line's last word group.
 */
function valueInAmountColumn(hit: LabelHit, lines: readonly TextLine[], spec: LabelSpec): { line: TextLine; parsed: Parsed } | null {
  const from = hit.line;
  const same = lines.filter((l) => l.page === from.page);
  const idx = same.indexOf(from);
  for (const line of [same[idx + 1], same[idx - 1]]) {
    if (!line) continue;
    if (rowOfItsOwn(hit, line)) continue;
    // The reach is measured by the smaller of the two lines' sizes: a heading in larger type
    // ("Berechnung des Solidaritätszuschlags") must not stretch it over the blank line that sets
    // it apart from the previous section's last row and borrow that row's amount.
    const small = Math.min(from.size, line.size);
    if (Math.abs(line.top - from.top) > 2.2 * Math.max(small, 8)) continue;
    for (let k = line.cells.length - 1; k >= Math.max(0, line.cells.length - 3); k--) {
      const c = line.cells[k]!;
      if (c.bbox.x <= hit.x1) break;
      const parsed = readValueAt(line, k, spec.kind);
      if (parsed && k + parsed.used >= line.cells.length) {
        // The amount stands apart from the sentence it ends (an amount column), not inside prose.
        const prev = line.cells[k - 1];
        if (!prev || c.bbox.x - (prev.bbox.x + prev.bbox.width) > 3 * Math.max(line.size, 6)) return { line, parsed };
      }
    }
  }
  return null;
}

/**
 * A sentence that names the amount and breaks before it: the label's line ends in joining words
 * only ("… verwarne ich Sie mit einem Verwarnungsgeld von" / "30,00 €", centred below), and the
 * line directly below holds that one amount and nothing else — the sentence goes on there,
 * wherever that line starts.
 */
function amountOnNextLine(hit: LabelHit, lines: readonly TextLine[]): { line: TextLine; parsed: Parsed } | null {
  const rest = hit.line.cells.slice(hit.last + 1);
  if (rest.length === 0) return null;
  const fillerOnly = rest.every((c) => FILLER.test(c.text.replace(/[,;]$/, '')));
  if (!fillerOnly && !citedThenJoined(rest)) return null;
  const next = lines[placeOf(lines, hit.line) + 1];
  if (!next || next.page !== hit.line.page || next.top - hit.line.bottom > 1.5 * Math.max(hit.line.size, next.size, 8)) return null;
  const parsed = readValueAt(next, 0, 'money');
  if (!parsed) return null;
  // Joining words only: the amount is alone below. After a citation the sentence runs on
  // ("eine Gebühr nach § 107 Abs. 1 OWiG von" / "28,50 Euro und Auslagen …"): the amount opens the next line.
  return fillerOnly ? (parsed.used === next.cells.length ? { line: next, parsed } : null) : { line: next, parsed };
}

/**
 * The words after a label in running text name the legal basis and end in a joining word
 * ("nach § 107 Abs. 1 OWiG von"): a few words, no number but the citation's, the last a filler.
 */
function citedThenJoined(rest: readonly TextLine['cells'][number][]): boolean {
  if (rest.length > 8 || !FILLER.test(rest.at(-1)!.text)) return false;
  if (!rest.some((c) => /^§+$/.test(c.text))) return false;
  return rest.every((c, i) => !/\d/.test(c.text) || /^§/.test(c.text) || (i > 0 && (CITATION.test(rest[i - 1]!.text) || /^§+$/.test(rest[i - 1]!.text))));
}

/**
 * Whether `line` is another row of the label's table: a word starts in the label's column (left
 * edges within half a word height) where the label opens its own group of words. Its amount is
 * that row's (a box of rows "Auslagen Verwaltung: / Auslagen der Polizei: 0,00 EUR" whose
 * amounts OCR set half a line off their labels): a label without an amount on its line takes the
 * amount of a neighbour that has no label of its own, never one of the next row's.
 */
function rowOfItsOwn(hit: LabelHit, line: TextLine): boolean {
  const cells = hit.line.cells;
  const before = cells[hit.first - 1];
  const size = Math.max(hit.line.size, 6);
  if (before && cells[hit.first]!.bbox.x - (before.bbox.x + before.bbox.width) < 2 * size) return false;
  return line.cells.some((c) => Math.abs(c.bbox.x - hit.x0) <= size / 2 && /^\p{L}{2}/u.test(c.text));
}

function valueBelow(hit: LabelHit, lines: readonly TextLine[], spec: LabelSpec): { line: TextLine; parsed: Parsed } | null {
  const from = hit.line;
  const pageLines = lines.filter((l) => l.page === from.page && l.index > from.index && l.index <= from.index + 3);
  for (const line of pageLines) {
    if (line.top - from.bottom > 4 * Math.max(from.size, 8)) break;
    for (let k = 0; k < line.cells.length; k++) {
      const c = line.cells[k]!;
      const cx0 = c.bbox.x;
      const cx1 = c.bbox.x + c.bbox.width;
      // The value sits in the label's column: the spans overlap (left, right or centred alignment).
      if (cx1 < hit.x0 - 6 || cx0 > hit.x1 + 6) continue;
      if (k > 0 && CITATION.test(line.cells[k - 1]!.text)) continue;
      const parsed = readValueAt(line, k, spec.kind);
      if (parsed) return { line, parsed };
    }
  }
  return null;
}

/**
 * The first place in document order where a label of `spec` has a value of its kind to its
 * right or below it. Labels are tried in the given order over the whole document, so a
 * specific wording ("festgesetzte Einkommensteuer") beats a general one ("Einkommensteuer").
 */
export function findKeyValue(lines: readonly TextLine[], spec: LabelSpec, options: { pages?: readonly number[] } = {}): FoundValue | null {
  for (const found of keyValueReadings(lines, spec, options)) return found;
  return null;
}

/**
 * Every reading of `spec` in the order findKeyValue prefers them (its first is findKeyValue's
 * answer), one per printed line, at most `limit`: the candidates an arithmetic check chooses
 * among when the first reading does not add up (a year-to-date total, a second Netto line).
 */
export function findKeyValues(lines: readonly TextLine[], spec: LabelSpec, limit = 6): FoundValue[] {
  const out: FoundValue[] = [];
  for (const found of keyValueReadings(lines, spec, {})) {
    if (out.some((o) => o.line.page === found.line.page && o.line.index === found.line.index && o.value === found.value)) continue;
    out.push(found);
    if (out.length >= limit) break;
  }
  return out;
}

function* keyValueReadings(lines: readonly TextLine[], spec: LabelSpec, options: { pages?: readonly number[] }): Generator<FoundValue> {
  for (const label of spec.labels) {
    for (const printed of lines) {
      if (options.pages && !options.pages.includes(printed.page)) continue;
      const joined = hyphenJoined(printed, lines);
      for (const line of joined ? [printed, joined] : [printed]) {
        const found = valueOfLabelIn(line, label, lines, spec);
        if (found) {
          yield found;
          break;
        }
      }
    }
  }
}

function valueOfLabelIn(line: TextLine, label: string, lines: readonly TextLine[], spec: LabelSpec): FoundValue | null {
  const hit = findLabel(line, label);
  if (!hit) return null;
  // `skipLine` looks at the label's own neighbourhood (three words before it up to its value),
  // not the whole line: one printed line may hold several label–value pairs.
  const context = (to: number) => foldLine(line.cells.slice(Math.max(0, hit.first - 3), to + 1).map((c) => c.text).join(' '));
  const right = valueRight(hit, spec, lines);
  if (right) {
    if (spec.skipLine?.test(context(right.index))) return null;
    return { value: right.printed, page: line.page, line, label: hit };
  }
  if (spec.kind === 'count' && hit.first <= 1) {
    // A count in the table's right-hand column ("Punkte Fahreignungsregister | § 4 StVG | 2").
    const last = line.cells.at(-1)!;
    const at = placeOf(lines, line);
    const aligned = [lines[at - 1], lines[at + 1]].some((o) => o && o.page === line.page && Math.abs(o.x1 - (last.bbox.x + last.bbox.width)) <= 3);
    if (line.cells.length - 1 > hit.last && /^\d{1,2}$/.test(last.text) && aligned) return { value: last.text, page: line.page, line, label: hit };
  }
  if (spec.kind === 'money' && hit.first <= 1) {
    // A table row: the label at its start, the amount in the table's amount column at the right,
    // however many words of explanation stand between ("Inkassovergütung 1,3 Gebühr Nr. 2300 VV
    // RVG (Wert bis 500 EUR)   66,95").
    const column = amountColumnFigure(line, lines);
    if (column && !spec.skipLine?.test(context(column.index))) return { value: column.printed, page: line.page, line, label: hit };
  }
  if (spec.rightOnly || spec.skipLine?.test(context(hit.last))) return null;
  if (/\d,\d{2}\b/.test(line.text)) return null;
  if (isolated(hit) || headerRow(line)) {
    const below = valueBelow(hit, lines, spec);
    // A box label alone on its line with its amount right-aligned at the box's edge on the line
    // directly below (DATEV: "Netto-Verdienst" over "… 2.189,07"); it wins over a value further
    // down the label's column, which belongs to the next box.
    const alone = line.cells.every((c, i) => (i >= hit.first && i <= hit.last) || !/[\p{L}\d]{2}/u.test(c.text));
    const wrapped = spec.kind === 'money' && alone ? valueInAmountColumn(hit, lines, spec) : null;
    if (wrapped && wrapped.line.index > line.index && (!below || below.line.index > wrapped.line.index)) return { value: wrapped.parsed.printed, page: wrapped.line.page, line: wrapped.line, label: hit };
    if (below) return { value: below.parsed.printed, page: below.line.page, line: below.line, label: hit };
  } else if (spec.kind === 'money') {
    const wrapped = valueInAmountColumn(hit, lines, spec) ?? amountOnNextLine(hit, lines);
    if (wrapped) return { value: wrapped.parsed.printed, page: wrapped.line.page, line: wrapped.line, label: hit };
  }
  return null;
}

/**
 * The only amount on the line below a header row that names `label` as its last column: where
 * OCR shifts the columns of a box row (DATEV's "… Gesamtkosten   Auszahlungsbetrag" over
 * "Konto 58125   2.177,76"), the single amount of the row still belongs to it. Null when the
 * row below holds no or several amounts.
 */
export function onlyAmountBelowLastHeader(lines: readonly TextLine[], label: string): FoundValue | null {
  for (const [i, line] of lines.entries()) {
    const hit = findLabel(line, label);
    if (!hit || hit.last !== line.cells.length - 1 || line.cells.length < 3) continue;
    const below = lines[i + 1];
    if (!below || below.page !== line.page || below.top - line.bottom > 3 * Math.max(line.size, 8)) continue;
    const amounts = below.cells.map((_, k) => figureAt(below, k)).filter((f) => f?.kind === 'money');
    if (amounts.length === 1) return { value: amounts[0]!.printed, page: below.page, line: below, label: hit };
  }
  return null;
}

/**
 * Column headers hyphenated over two lines ("Solidaritäts-" above "zuschlag EUR", as narrow
 * columns of tax notices and payslips print them): a header cell ending in a hyphen is joined
 * with the lower-case word directly below it in the same column, so that the label is found as
 * one word and its value below the header block. Null when the line has no such cell.
 */
function hyphenJoined(line: TextLine, lines: readonly TextLine[]): TextLine | null {
  if (!line.cells.some((c) => /\p{L}-$/u.test(c.text))) return null;
  const below = lines[lines.indexOf(line) + 1];
  if (!below || below.page !== line.page || below.top - line.bottom > Math.max(line.size, 8)) return null;
  let changed = false;
  const cells = line.cells.map((c) => {
    if (!/\p{L}-$/u.test(c.text)) return c;
    const under = below.cells.find((u) => /^\p{Ll}/u.test(u.text) && u.bbox.x < c.bbox.x + c.bbox.width + 6 && u.bbox.x + u.bbox.width > c.bbox.x - 6);
    if (!under) return c;
    changed = true;
    const x0 = Math.min(c.bbox.x, under.bbox.x);
    const x1 = Math.max(c.bbox.x + c.bbox.width, under.bbox.x + under.bbox.width);
    return { ...c, text: `${c.text.slice(0, -1)}${under.text}`, bbox: { ...c.bbox, x: x0, width: x1 - x0 } };
  });
  if (!changed) return null;
  const text = cells.map((c) => c.text).join(' ');
  return { ...line, cells, text, folded: foldGerman(text) };
}

/** Folded text of a line, for `skipLine` patterns. */
export function foldLine(text: string): string {
  return foldGerman(text);
}

/** Cents of a printed money value. */
export function centsOf(printed: string | undefined): number | null {
  if (!printed) return null;
  const whole = /^(\d{1,3}(?:\.\d{3})+)\s*(€|EUR|Euro)?$/i.exec(printed.trim());
  if (whole) return Number(whole[1]!.replace(/\./g, '')) * 100;
  return amountToCents(printed.replace(/, (\d{2})\b/, ',$1').replace(/^(€|EUR)\s*/i, '').replace(/\s*(€|EUR|Euro)$/i, '').trim());
}

/** Calendar date of a printed date value. */
export function dateOf(printed: string | undefined): CalendarDate | null {
  return printed ? parseGermanDate(printed) : null;
}
