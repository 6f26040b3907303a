import { monthFromName, parseDayMonth, type PrintedDate } from '../../domain/german-dates.js';
import { parseGermanAmount } from '../../domain/money.js';
import type { LoadedDocument, Page } from '../model/document.js';
import type { AmountToken, DateToken, Line, Sign, Word } from '../model/lines.js';
import { datesUnderMonthHeadings } from './month-heading-days.js';
import { fold } from './fold.js';
import { labelValueGrid } from './table/label-grid.js';
import { normaliseDateNotation } from './date-notation.js';
import { normaliseNotation } from './notation.js';
import { normaliseOcrPages } from './ocr-tokens.js';
import { printedText } from './printed-text.js';
import { isQuantityUnit } from './quantity-units.js';
import { datesWithGluedMark } from './glued-date-mark.js';
import { documentPrintsDatePairs, gluedDatePair } from './glued-date-pair.js';
import { splitAmountGluedToName } from './glued-amount-name.js';
import { signBySideLetters } from './side-letters.js';
import { statementPatterns as vocab } from './vocabulary.js';

/** The line types live in the pipeline model (stages read them from the context); re-exported for the rules. */
export type { AmountToken, DateToken, Line, Sign, Word } from '../model/lines.js';

/** The word moved to `at`, remembering where it is printed. */
function movedWord(w: Word, at: Partial<Pick<Word, 'x0' | 'x1' | 'top' | 'bottom'>>): Word {
  return { ...w, ...at, printed: w.printed ?? { x0: w.x0, x1: w.x1, top: w.top, bottom: w.bottom } };
}


/**
 * The layout pass over a whole document: OCR tokens normalised (ocr-tokens.ts), amounts put
 * into German notation (notation.ts: Swiss `2'029.25`), dates too (date-notation.ts:
 * `30/06/2025`, `2025-06-30` where the document's date column prints them), then words → lines with their date and
 * amount tokens. Stages that reason about positions read this; it is
 * pure (a new array of new lines on every call), so a stage may annotate its lines.
 */
export function documentLines(document: LoadedDocument): Line[] {
  return toLines(normaliseDateNotation(normaliseNotation(normaliseOcrPages(document.pages))));
}

export function toLines(pages: readonly Page[]): Line[] {
  const out: Line[] = [];
  for (const page of pages) {
    const rows: Row[] = [];
    const cells = [...page.cells].sort((a, b) => a.bbox.y - b.bbox.y || a.bbox.x - b.bbox.x);
    for (const c of cells) {
      const text = c.text.trim();
      if (text === '') continue;
      const w: Word = { text, x0: c.bbox.x, x1: c.bbox.x + c.bbox.width, top: c.bbox.y, bottom: c.bbox.y + c.bbox.height, confidence: c.confidence };
      if (c.alternative !== undefined) w.alternative = c.alternative;
      if (c.asPrinted !== undefined) w.asPrinted = c.asPrinted;
      const mid = (w.top + w.bottom) / 2;
      const h = w.bottom - w.top;
      // Rows are searched from the latest: words arrive top-down.
      let row: (typeof rows)[number] | undefined;
      for (let i = rows.length - 1; i >= Math.max(0, rows.length - 3); i--) {
        const r = rows[i]!;
        // A sign or dot is far lower than the words around it (OCR boxes hug the glyph):
        // it joins the row whose band its centre falls in.
        const tol = (h < r.h * 0.5 ? r.h : r.h < h * 0.5 ? h : Math.min(r.h, h)) * 0.5;
        if (Math.abs(r.mid - mid) <= tol) {
          row = r;
          break;
        }
      }
      if (row) row.words.push(w);
      else rows.push({ mid, h, words: [w] });
    }
    if (page.source === 'ocr') settleWords(rows);
    rows.sort((a, b) => a.mid - b.mid);
    for (const r of rows) {
      if (r.words.length === 0) continue;
      r.words.sort((a, b) => a.x0 - b.x0);
      const heights = r.words.map((w) => w.bottom - w.top).sort((a, b) => a - b);
      const line: Line = {
        page: page.number,
        pageHeight: page.height,
        index: out.length,
        top: Math.min(...r.words.map((w) => w.top)),
        bottom: Math.max(...r.words.map((w) => w.bottom)),
        words: splitAmountGluedToName(joinSpacedDigits(r.words)),
        text: '',
        folded: '',
        dates: [],
        amounts: [],
        size: heights[Math.floor(heights.length / 2)] ?? 10,
      };
      line.text = line.words.map((w) => w.text).join(' ');
      line.folded = fold(line.text);
      line.dates = findDates(line.words);
      line.amounts = findAmounts(line.words, line.size);
      out.push(line);
    }
  }
  return signBySideLetters(attachLoneAmounts(joinYearsBelow(joinStackedDates(datesUnderMonthHeadings(datesWithGluedMark(splitGluedDatePairs(out)), relined)))));
}

type Row = { mid: number; h: number; words: Word[] };
const wordMid = (w: Word): number => (w.top + w.bottom) / 2;
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

/**
 * OCR'd pages only: a word goes to the line it sits nearest, not the first one it fits. Rows are
 * built as words arrive top-down, each row's band fixed by its first word, so on a photographed
 * page (a few degrees of tilt or warp left, columns side by side a few points apart) the first
 * word of a right-hand cell may join the band of a left-hand cell that starts a little higher
 * (`Zahlungskonto: …` took `Anfangssaldo` and left its `am 01.03.2025 179,99 €` a line of its
 * own, so the opening balance lost its label). Once all rows stand, each word is moved to the row
 * whose median centre (over its other words) is nearest, where that row admits it by the same
 * tolerance and no word of it stands where the word stands.
 */
function settleWords(rows: Row[]): void {
  const centre = (r: Row, without: Word | null): number | null => {
    const mids = r.words.filter((w) => w !== without).map(wordMid);
    return mids.length === 0 ? null : median(mids);
  };
  const height = (r: Row): number => median(r.words.map((w) => w.bottom - w.top));
  for (const from of rows) {
    for (const w of [...from.words]) {
      if (from.words.length === 1) continue;
      const mid = wordMid(w);
      const h = w.bottom - w.top;
      const own = centre(from, w);
      if (own === null) continue;
      let best: Row | null = null;
      let bestDist = Math.abs(own - mid);
      for (const to of rows) {
        if (to === from || to.words.length === 0) continue;
        const c = centre(to, null)!;
        const rh = height(to);
        const tol = (h < rh * 0.5 ? rh : rh < h * 0.5 ? h : Math.min(rh, h)) * 0.5;
        const dist = Math.abs(c - mid);
        if (dist > tol || dist >= bestDist * 0.5) continue;
        if (to.words.some((o) => Math.min(o.x1, w.x1) - Math.max(o.x0, w.x0) > 0)) continue;
        best = to;
        bestDist = dist;
      }
      if (best) {
        from.words.splice(from.words.indexOf(w), 1);
        best.words.push(w);
      }
    }
  }
  for (const r of rows) if (r.words.length > 0) r.mid = median(r.words.map(wordMid));
}

const YEAR = /^(19|20)\d{2}$/u;

const NUMERIC = /^[\d.,]+$/u;
/** A piece of a number or date cut apart by letter spacing: `.01`, `.`, `3`, `40,1`, `2 02`. */
const FRAGMENT = /^([.,]\d*\.?|\d+[.,]\d?|\d{1,2}\.?\d?)$/u;
// An amount never starts with a zero it does not need (`05.012.000,00` is a date and an amount).
const WHOLE = /^(\d{1,2}\.\d{1,2}\.(\d{2}|\d{4})?|(?!0\d)\d{1,3}(\.\d{3})*,\d{2}|(?!0\d)\d+,\d{2})$/u;

/**
 * Letter-spaced text layers split numbers into their glyphs (`3 1 .01 .  3 0.01 . 0,01`,
 * `40,1 6`). On a line that shows such fragments, runs of purely numeric words are re-joined
 * greedily into the longest date (`DD.MM.`, `DD.MM.YYYY`) or amount (`…,DD`) that each
 * position allows; anything that does not join stays as printed.
 */
function joinSpacedDigits(words: Word[]): Word[] {
  if (!words.some((w) => NUMERIC.test(w.text) && FRAGMENT.test(w.text) && !WHOLE.test(w.text) && /[.,]/u.test(w.text))) return words;
  // Glyphs of one number stand about a character apart; fields are further apart.
  const widths = words.map((w) => (w.x1 - w.x0) / Math.max(1, w.text.length)).sort((a, b) => a - b);
  const charW = widths[Math.floor(widths.length / 2)]!;
  const out: Word[] = [];
  for (let i = 0; i < words.length; i++) {
    if (!NUMERIC.test(words[i]!.text)) {
      out.push(words[i]!);
      continue;
    }
    let best = i;
    let text = words[i]!.text;
    for (let j = i + 1, t = text; j < words.length && j < i + 12 && NUMERIC.test(words[j]!.text) && words[j]!.x0 - words[j - 1]!.x1 < charW * 1.5; j++) {
      t += words[j]!.text;
      if (WHOLE.test(t) && (!/^\d{1,2}\.\d{1,2}\./u.test(t) || parseDayMonth(t))) {
        best = j;
        text = t;
      }
    }
    if (best === i) {
      out.push(words[i]!);
      continue;
    }
    const joined: Word = { ...words[i]!, text, x1: words[best]!.x1, top: Math.min(...words.slice(i, best + 1).map((w) => w.top)), bottom: Math.max(...words.slice(i, best + 1).map((w) => w.bottom)) };
    delete joined.alternative;
    delete joined.asPrinted;
    out.push(joined);
    i = best;
  }
  return out;
}

/**
 * A date cell stacked on three lines (`01` / `Feb.` / `2024`, as app statements print it) is
 * read by text extraction as a line holding only the day, the posting's line starting with the
 * month name, and a line starting with the year. The three are joined into one dated line
 * (`01 Feb. 2024 Zinszahlung …`); the rest of the year's line stays a line of its own. Where
 * the row's amounts stand on the day's line (cells top-aligned), that line is the posting's
 * line: the month and year join its date and the rest of the lines below stay lines of their own.
 */
function joinStackedDates(lines: Line[]): Line[] {
  const out: Line[] = [];
  /** Index of the first line within `reach` lines after `from` whose first word passes `test`. */
  const seek = (from: number, reach: number, test: (w: string) => boolean): number => {
    for (let j = from + 1; j <= from + reach && j < lines.length; j++) {
      if (!adjacent(lines[j - 1]!, lines[j]!)) return -1;
      if (test(lines[j]!.words[0]!.text)) return j;
    }
    return -1;
  };
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    const m = /^\d{1,2}\.?$/u.test(l.words[0]!.text) && l.dates.length === 0 ? seek(i, 2, (w) => monthFromName(w.replace(/\.$/u, '')) !== null) : -1;
    if (m < 0) {
      out.push(l);
      continue;
    }
    const n = lines[m]!;
    // The year may stand a line or two further down (a description's lines between).
    const k = seek(m, 2, (w) => YEAR.test(w));
    const y = k >= 0 ? lines[k]! : null;
    if (l.amounts.length > 0) {
      // The row's cells stand on the day's line (top-aligned): that line is the posting's, the
      // month and year join its date, and what else the lines below hold stays there, line by
      // line, as the cells' wrapped text.
      const date: Word[] = [l.words[0]!, movedWord(n.words[0]!, { top: l.words[0]!.top, bottom: l.words[0]!.bottom })];
      if (y) date.push(movedWord(y.words[0]!, { top: l.words[0]!.top, bottom: l.words[0]!.bottom }));
      out.push(relined(l, [...date, ...l.words.slice(1)]));
      for (let j = i + 1; j <= (k >= 0 ? k : m); j++) {
        const rest = j === m || j === k ? lines[j]!.words.slice(1) : lines[j]!.words;
        if (rest.length > 0) out.push(relined({ ...lines[j]!, top: Math.min(...rest.map((w) => w.top)) }, rest));
      }
      i = k >= 0 ? k : m;
      continue;
    }
    const at = (w: Word): Word => movedWord(w, { top: n.words[0]!.top, bottom: n.words[0]!.bottom });
    // The other cells of the row may run over several lines (a two-line type, a description
    // starting on the day's line): their words are read column by column, top to bottom. The
    // first cell (the type) starts at the leftmost word after the date; everything clearly
    // right of it belongs to the next cells.
    const last = k >= 0 ? k : m;
    const rows = [l.words.slice(1), ...lines.slice(i + 1, m).map((x) => x.words), n.words.slice(1), ...lines.slice(m + 1, last).map((x) => x.words), y ? y.words.slice(1) : []].map((r) => r.map(at));
    const typeX = Math.min(...rows.flat().map((w) => w.x0));
    const right = rows.flat().map((w) => w.x0).filter((x) => x > typeX + n.size * 3);
    const descX = right.length > 0 ? Math.min(...right) - 1 : Infinity;
    const words = [at(l.words[0]!), n.words[0]!, ...(y ? [at(y.words[0]!)] : []), ...rows.flatMap((r) => r.filter((w) => w.x0 < descX)), ...rows.flatMap((r) => r.filter((w) => w.x0 >= descX))];
    out.push(relined({ ...n, top: Math.min(l.top, n.top), bottom: (y ?? lines[last]!).bottom }, words));
    i = last;
  }
  out.forEach((l, k) => (l.index = k));
  return out;
}

const BARE_DAY_MONTH = /^\d{1,2}\.\d{1,2}\.?$/u;

/**
 * A date cell printed as `DD.MM.` with its year on the line below (`14.08.` over `2023`, as
 * the large private banks print Buchung and Valuta; `03 Okt.` over `2025`, as brokers' and
 * neobanks' apps print a month name): text extraction reads the years as the
 * first words of the next line, in front of the counterparty. A year word that stands under a
 * date without a year (their x-extents overlap) at the start of the adjacent line below is
 * joined into that date; the rest of that line stays a line of its own.
 */
function joinYearsBelow(lines: Line[]): Line[] {
  const out: Line[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    const n = lines[i + 1];
    // A month-name date only on the row's own line (its amounts beside it): a line that is only
    // the date is the date cell above its row (block-layout.ts `stackedAmounts` pairs them).
    const open = l.dates.filter((d) => d.date.year === null && (d.word === d.last ? BARE_DAY_MONTH.test(l.words[d.word]!.text) : l.amounts.length > 0 && monthFromName(l.words[d.last]!.text.replace(/\.$/u, '')) !== null));
    if (!n || open.length === 0 || !adjacent(l, n)) {
      out.push(l);
      continue;
    }
    const words = [...l.words];
    /** Year words to put after a month-name date's last word (`03 Okt.` over `2025`), by that word's index. */
    const after = new Map<number, Word>();
    const taken = new Set<number>();
    for (let k = 0; k < n.words.length && YEAR.test(n.words[k]!.text); k++) {
      const y = n.words[k]!;
      const d = open.find((t) => y.x0 < t.x1 && y.x1 > t.x0);
      if (!d) break;
      if (d.word === d.last) {
        const w = words[d.word]!;
        // The date word now stands for both printed words: it is printed down to the year's line.
        const at = w.printed ?? { x0: w.x0, x1: w.x1, top: w.top, bottom: w.bottom };
        words[d.word] = { ...w, text: `${w.text}${w.text.endsWith('.') ? '' : '.'}${y.text}`, printed: { x0: Math.min(at.x0, y.x0), x1: Math.max(at.x1, y.x1), top: at.top, bottom: Math.max(at.bottom, y.bottom) } };
      } else after.set(d.last, movedWord(y, { top: words[d.last]!.top, bottom: words[d.last]!.bottom }));
      open.splice(open.indexOf(d), 1);
      taken.add(k);
    }
    if (taken.size === 0) {
      out.push(l);
      continue;
    }
    out.push(relined(l, words.flatMap((w, i) => (after.has(i) ? [w, after.get(i)!] : [w]))));
    const rest = n.words.filter((_, k) => !taken.has(k));
    if (rest.length > 0) out.push(relined({ ...n, top: Math.min(...rest.map((w) => w.top)), bottom: Math.max(...rest.map((w) => w.bottom)), afterDateCells: true }, rest));
    i++;
  }
  out.forEach((l, k) => (l.index = k));
  return out;
}

/**
 * A posting line whose booking date the extraction glued to the end of the line above
 * (glued-date-pair.ts) is cut in two: the words in front, a line of their own (the previous
 * posting's text), then the posting's line starting with its date pair. Both keep the row's
 * height; the order of reading is kept.
 */
function splitGluedDatePairs(lines: Line[]): Line[] {
  if (!documentPrintsDatePairs(lines)) return lines;
  const out: Line[] = [];
  for (const l of lines) {
    const split = gluedDatePair(l);
    if (split) out.push(relined(l, split.before), relined(l, split.posting));
    else out.push(l);
  }
  if (out.length === lines.length) return lines;
  out.forEach((l, k) => (l.index = k));
  return out;
}

/** The line with other words: text, dates and amounts found again. */
function relined(line: Line, words: Word[]): Line {
  const l: Line = { ...line, words, text: words.map((w) => w.text).join(' ') };
  l.folded = fold(l.text);
  l.dates = findDates(words);
  l.amounts = findAmounts(words, l.size);
  return l;
}


/** True when `b` follows `a` on the same page with no more than a line's gap between them. */
export function adjacent(a: Line, b: Line): boolean {
  return b.page === a.page && b.top - a.bottom <= Math.max(a.size, b.size) * 1.3;
}

/** `base` with the words of `cell` (an amount printed on a line of its own) appended at its right. */
function appended(base: Line, cell: Line): Line {
  const end = base.words[base.words.length - 1]!.x1 + 1;
  const words = [...base.words, ...cell.words.map((w) => movedWord(w, { x0: Math.max(w.x0, end), x1: Math.max(w.x1, end + w.x1 - w.x0) }))];
  return relined({ ...base, top: Math.min(base.top, cell.top), bottom: Math.max(base.bottom, cell.bottom) }, words);
}

const isLone = (l: Line): boolean => l.amounts.length > 0 && l.amounts.reduce((k, a) => k + a.last - a.first + 1, 0) === l.words.length;
/** Alone but for the currency it is stated in: `in EUR 0,01`, `EUR 1.234,56`. */
const isLoneInCurrency = (l: Line): boolean =>
  l.amounts.length > 0 && l.words.every((w, i) => /^(in|eur|euro|€)$/iu.test(w.text) || l.amounts.some((a) => a.first <= i && i <= a.last));

/**
 * An amount printed alone just above the line it belongs to (its cell's baseline sits higher
 * than the text's, and some extractions put it on a line of its own) is moved onto that line
 * when the line below starts with a date or a balance label and carries no amount itself.
 */
function attachLoneAmounts(lines: Line[]): Line[] {
  const out: Line[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    const n = lines[i + 1];
    // A balance label whose amount stands alone on the line below ("Kontostand am 26 Okt.
    // 2022" / "0,00 EUR"), when that amount does not lead into a dated line of its own.
    const after = lines[i + 2];
    // Not where the labels form a grid with the amounts beneath (label-grid.ts): each amount
    // belongs to the label above it, which the stage reads from the two lines as printed.
    if (n && l.amounts.length === 0 && vocab.balanceWord.test(l.text) && isLoneInCurrency(n) && adjacent(l, n) && !(after && after.page === n.page && vocab.dateOrBalanceStart.test(after.text)) && !labelValueGrid(l, n)) {
      out.push(appended(l, n));
      i++;
      continue;
    }
    if (n && isLone(l) && n.amounts.length === 0 && adjacent(l, n) && vocab.dateOrBalanceStart.test(n.text)) {
      out.push(appended(n, l));
      i++;
      continue;
    }
    out.push(l);
  }
  out.forEach((l, k) => (l.index = k));
  return out;
}

/** A weekday printed in its own column next to the date: `DI`, `Do.`, `Montag`. */
export const WEEKDAY = /^(mo|di|mi|do|fr|sa|so|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)[.,]?$/iu;

const DATE_PAIR = /^(\d{1,2}\.\d{1,2}\.(?:\d{2}|\d{4})?)\/(\d{1,2}\.\d{1,2}\.(?:\d{2}|\d{4})?)$/u;

function findDates(words: Word[]): DateToken[] {
  const out: DateToken[] = [];
  const valueAt = bareValueDateAt(words);
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    // `19,11.` is an OCR reading of `19.11.`; `(15.11.2019)`: a date in brackets is a date.
    const d = parseDayMonth(w.text.replace(/^[([]|[)\]]$/gu, '').replace(/[,;:]$/u, '').replace(/^(\d{1,2})[,:](\d{1,2}\.)/u, '$1.$2'));
    // `02.03./04.03.`: booking and value date in one cell ("Buchung/Wert"), one word: two
    // date tokens of that word, each with its share of the word's extent.
    const pair = d ? null : DATE_PAIR.exec(w.text);
    const a = pair ? parseDayMonth(pair[1]!) : null;
    const b = pair ? parseDayMonth(pair[2]!) : null;
    if (a && b) {
      const cut = w.x0 + ((w.x1 - w.x0) * pair![1]!.length) / w.text.length;
      out.push({ date: a, word: i, last: i, x0: w.x0, x1: cut }, { date: b, word: i, last: i, x0: cut, x1: w.x1 });
      continue;
    }
    if (d) {
      // A weekday column beside the date (`02.10.2025 DO`) belongs to the date cell.
      const last = WEEKDAY.test(words[i + 1]?.text ?? '') ? i + 1 : i;
      out.push({ date: d, word: i, last, x0: w.x0, x1: words[last]!.x1 });
      i = last;
      continue;
    }
    // `1 3.11.2017`: a day split by letter spacing in the text layer.
    const nx = words[i + 1];
    const split = /^\d$/u.test(w.text) && nx && /^\d\.\d{1,2}\.(\d{2}|\d{4})?$/u.test(nx.text) ? parseDayMonth(`${w.text}${nx.text}`) : null;
    if (split) {
      out.push({ date: split, word: i, last: i + 1, x0: w.x0, x1: nx!.x1 });
      i++;
      continue;
    }
    // `18.09 18.09.12 Zahlungseingang`: a booking date printed without its final dot, at the
    // start of a line and followed by a date, is a date too.
    // `30.09 DI ANFANGSSALDO`: so is one followed by the weekday column.
    // `28.04 29.04 LASTSCHRIFT` (statement printers): two such dates opening a line are the
    // booking and value date columns; the year comes from the statement (year.ts).
    // `06.12 Bezahlung Karte 06.12 77,80-` (Austrian statements): booking date, text, value date
    // and amount, both dates without their final dot (bareValueDateAt).
    const paired = valueAt > 0 && (i === 0 || i === valueAt);
    const bare = (paired || (i <= 1 && BARE_DATE.test(w.text) && bareDateCell(words, i))) ? parseDayMonth(`${w.text}.`) : null;
    if (bare) {
      const last = WEEKDAY.test(words[i + 1]?.text ?? '') ? i + 1 : i;
      out.push({ date: bare, word: i, last, x0: w.x0, x1: words[last]!.x1 });
      i = last;
      continue;
    }
    // `01 Apr. 2024`, `2. März 2026`: day, month name and year as three words; `02 Apr.`
    // (app exports) as two, the year then comes from the statement period.
    const m = words[i + 1];
    if (!m || !/^\d{1,2}\.?$/u.test(w.text) || !/^\p{L}{3,}\.?$/u.test(m.text)) continue;
    const month = monthFromName(m.text);
    if (!month) continue;
    const y = words[i + 2];
    // The year may end a clause (`am 16. Januar 2026: 1.234,56 EUR`, `…2026, …`, `…2026.`).
    const withYear = y !== undefined && /^\d{4}[,:;.]?$/u.test(y.text);
    const date = parseDayMonth(`${w.text.replace(/\.$/u, '')}.${month}.${withYear ? y.text.replace(/[,:;.]$/u, '') : ''}`);
    if (!date) continue;
    const last = withYear ? i + 2 : i + 1;
    out.push({ date, word: i, last, x0: w.x0, x1: words[last]!.x1 });
    i = last;
  }
  return out;
}

const BARE_DATE = /^\d{1,2}\.\d{1,2}$/u;

/** Days a value date may lie from its booking date (weekends, holidays, a card payment's clearing). */
const VALUE_DATE_DAYS = 10;

/**
 * The index of the value date on a row printed `DD.MM <text> DD.MM <amount>` — booking date,
 * text, value date, amount, both dates without their final dot (Austrian and South German
 * statement printers: `Buchung | Text | Valuta | Betrag`) — or -1. A lone `DD.MM` could be a
 * number; here it is read as a date only when the row opens with one, a second one stands
 * later on the row before an amount (the row's own figure), and the two lie within a few days of
 * each other as a booking and its value date do (across the turn of the year too). A row of
 * measurements (`12.5 … 3.4 … 1,20`) fails the calendar or the distance.
 */
function bareValueDateAt(words: readonly Word[]): number {
  const first = words[0];
  if (!first || !BARE_DATE.test(first.text)) return -1;
  const booking = parseDayMonth(`${first.text}.`);
  if (!booking) return -1;
  for (let j = 2; j < words.length - 1; j++) {
    if (!BARE_DATE.test(words[j]!.text)) continue;
    const value = parseDayMonth(`${words[j]!.text}.`);
    if (!value) continue;
    if (!words.slice(j + 1).some((w) => NUMBERISH.test(w.text))) return -1;
    const dayOf = (d: PrintedDate): number => Date.UTC(2001, d.month - 1, d.day) / 86_400_000;
    const gap = Math.abs(dayOf(value) - dayOf(booking));
    return Math.min(gap, 365 - gap) <= VALUE_DATE_DAYS ? j : -1;
  }
  return -1;
}

/** Whether the bare `DD.MM` at word i (0 or 1) stands in a date column: see findDates. */
function bareDateCell(words: readonly Word[], i: number): boolean {
  const next = words[i + 1];
  if (i === 1) return BARE_DATE.test(words[0]!.text) && parseDayMonth(`${words[0]!.text}.`) !== null;
  if (!next) return false;
  if (parseDayMonth(next.text)) return true;
  if (BARE_DATE.test(next.text) && parseDayMonth(`${next.text}.`) !== null) return true;
  return /^\d{2}\.\d{2}$/u.test(words[0]!.text) && WEEKDAY.test(next.text);
}

const CURRENCY = /^(?:€|EUR)$/iu;
const FOREIGN = /^(?:\$|US\$|£|¥|USD|GBP|CHF|JPY|SEK|NOK|DKK|ISK|PLN|CZK|HUF|RON|BGN|HRK|RSD|TRY|RUB|UAH|CAD|AUD|NZD|ZAR|CNY|HKD|SGD|THB|INR|IDR|MYR|PHP|KRW|AED|ILS|EGP|MAD|TND|MXN|BRL)[,;.]?$/u;
const LONE_SIGN = /^[+\-\u2212\u2013]$/u;
const SUFFIX = /^(?:[SH+\-\u2212]|€|EUR)$/iu;
const NUMBERISH = /^[+\-\u2212\u2013]?(?:€|EUR)?\s?\d[\d.]*,\d{2}(?:[SH+\-\u2212]|€|EUR)?$/iu;

/**
 * App exports with the euro sign glued on: `3000€`, `-1000€`, `1105.19€` (a point before exactly
 * two digits is a decimal point here; `1.000€` keeps its German thousands point). OCR
 * misreadings are undone before, on OCR'd pages only (ocr-tokens.ts).
 */
function appAmount(text: string): string {
  const euro = /^([+\-\u2212]?)(\d+)(?:\.(\d{2}))?€$/u.exec(text);
  return euro ? `${euro[1]}${euro[2]},${euro[3] ?? '00'}€` : text;
}

/**
 * Amount tokens of a line: a number with two decimals, with a sign, `S`/`H` or currency that
 * may be glued to it or printed as a separate word close by (OCR and some PDFs split them).
 */
function findAmounts(words: Word[], size: number): AmountToken[] {
  const out: AmountToken[] = [];
  const near = Math.max(size * 1.2, 4);
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const fixed = appAmount(w.text);
    if (!NUMBERISH.test(fixed)) continue;
    if (!parseGermanAmount(fixed)) continue;
    let first = i;
    let last = i;
    let text = fixed;
    // Glued prefixes: a lone sign or currency just left of the number.
    for (let k = 0; k < 2; k++) {
      const p = words[first - 1];
      if (!p || w.x0 - p.x1 > near) break;
      if (!(LONE_SIGN.test(p.text) || CURRENCY.test(p.text))) break;
      const t = `${p.text}${LONE_SIGN.test(p.text) ? '' : ' '}${text}`;
      if (!parseGermanAmount(t)) break;
      text = t;
      first--;
    }
    for (let k = 0; k < 2; k++) {
      const n = words[last + 1];
      // A lone trailing sign may stand a little further off than a glued one (`245,58  -`).
      if (!n || n.x0 - words[last]!.x1 > (LONE_SIGN.test(n.text) ? near * 2 : near)) break;
      if (/^euro$/iu.test(n.text)) {
        last++; // "1.234,56 Euro": the currency word belongs to the amount
        continue;
      }
      // OCR reads a trailing minus as an en or em dash.
      // The booking side spelled out after the amount (`1.529,64 Haben`, card statements)
      // is the `H`/`S` suffix.
      const suffix = n.text.replace(/^[\u2013\u2014]$/u, '-').replace(/^haben$/iu, 'H').replace(/^soll$/iu, 'S');
      if (!SUFFIX.test(suffix)) break;
      const t = `${text} ${suffix}`;
      if (!parseGermanAmount(t)) break;
      text = t;
      last++;
    }
    // A foreign-currency amount (`5,58 $`, `USD 268,45`) is the original of a card payment,
    // not a posting amount in the account's currency; `1,75 %` is a rate.
    // `69,88 l`, `12,50 kg`: a quantity with its unit (quantity-units.ts).
    const next = words[last + 1];
    const quantity = isQuantityUnit(next, next ? next.x0 - words[last]!.x1 : 0, near * 2);
    if (FOREIGN.test(next?.text ?? '') || FOREIGN.test(words[first - 1]?.text ?? '') || /^%/u.test(next?.text ?? '') || quantity) {
      i = last;
      continue;
    }
    const parsed = parseGermanAmount(text)!;
    const sign: Sign | null = parsed.sign === null ? null : parsed.sign === '-' ? -1 : 1;
    const token: AmountToken = { cents: parsed.cents, sign, first, last, x0: words[first]!.x0, x1: words[last]!.x1 };
    // The number's other reading (OCR), when it is an amount too and a different one.
    const alt = w.alternative !== undefined ? appAmount(w.alternative) : null;
    const altCents = alt !== null && NUMBERISH.test(alt) ? parseGermanAmount(alt)?.cents : undefined;
    if (altCents !== undefined && altCents !== parsed.cents) token.alternative = altCents;
    out.push(token);
    i = last;
  }
  return out;
}

/** Text of the words of a line except the given word indices (`keepSeparators`: lone middle dots stay, printed-text.ts). */
export function textWithout(line: Line, skip: ReadonlySet<number>, keepSeparators = false): string {
  // A lone separator beside a dropped cell ("08.04.2011 / 08.04.2011") goes with it.
  const separator = (i: number): boolean => /^[/|–-]+$/u.test(line.words[i]!.text) && (skip.has(i - 1) || skip.has(i + 1));
  // Leaders and lone field separators are no text; amounts keep their printed notation (printed-text.ts).
  return line.words
    .filter((_, i) => !skip.has(i) && !separator(i))
    .map((w) => printedText(w, keepSeparators))
    .join(' ')
    .replace(/\s+/gu, ' ')
    .trim();
}
