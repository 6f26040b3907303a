import { monthFromName, parseDayMonth, type PrintedDate } from '../../../domain/german-dates.js';
import { parseGermanAmount } from '../../../domain/money.js';

/** +1 credit, -1 debit. */
export type Sign = 1 | -1;
import type { Page } from '../../model/document.js';

/**
 * Words → lines. A line is the words whose vertical centres overlap, left to right; on each
 * line the date and amount tokens are recognised once, with their x-extent, so every later
 * step reasons about positions and content together (no bank's coordinates are known here).
 */
export interface Word {
  text: string;
  x0: number;
  x1: number;
  top: number;
  bottom: number;
}

export interface DateToken {
  date: PrintedDate;
  /** Index of the (first) word in the line. */
  word: number;
  /** Index of the last word: `01 Apr. 2024` spans three. */
  last: number;
  x0: number;
  x1: number;
}

export interface AmountToken {
  cents: number;
  sign: Sign | null;
  /** Words [first, last] (inclusive) the amount spans, sign and currency included. */
  first: number;
  last: number;
  x0: number;
  x1: number;
}

export interface Line {
  page: number;
  pageHeight: number;
  /** Position in the document's reading order. */
  index: number;
  top: number;
  bottom: number;
  words: Word[];
  text: string;
  dates: DateToken[];
  amounts: AmountToken[];
  /** Median word height: the line's font size, roughly. */
  size: number;
}

export function toLines(pages: readonly Page[]): Line[] {
  const out: Line[] = [];
  for (const page of pages) {
    const rows: { mid: number; h: number; words: Word[] }[] = [];
    const cells = [...page.cells].sort((a, b) => a.bbox.y - b.bbox.y || a.bbox.x - b.bbox.x);
    for (const c of cells) {
      const text = c.text.trim();
      if (text === '') continue;
      const w: Word = { text, x0: c.bbox.x, x1: c.bbox.x + c.bbox.width, top: c.bbox.y, bottom: c.bbox.y + c.bbox.height };
      const mid = (w.top + w.bottom) / 2;
      const h = w.bottom - w.top;
      // Rows are searched from the latest: words arrive top-down.
      let row: (typeof rows)[number] | undefined;
      for (let i = rows.length - 1; i >= Math.max(0, rows.length - 3); i--) {
        const r = rows[i]!;
        if (Math.abs(r.mid - mid) <= Math.min(r.h, h) * 0.5) {
          row = r;
          break;
        }
      }
      if (row) row.words.push(w);
      else rows.push({ mid, h, words: [w] });
    }
    rows.sort((a, b) => a.mid - b.mid);
    for (const r of rows) {
      r.words.sort((a, b) => a.x0 - b.x0);
      const heights = r.words.map((w) => w.bottom - w.top).sort((a, b) => a - b);
      const line: Line = {
        page: page.number,
        pageHeight: page.height,
        index: out.length,
        top: Math.min(...r.words.map((w) => w.top)),
        bottom: Math.max(...r.words.map((w) => w.bottom)),
        words: r.words,
        text: r.words.map((w) => w.text).join(' '),
        dates: [],
        amounts: [],
        size: heights[Math.floor(heights.length / 2)] ?? 10,
      };
      line.dates = findDates(line.words);
      line.amounts = findAmounts(line.words, line.size);
      out.push(line);
    }
  }
  return attachLoneAmounts(out);
}

const DATE_OR_BALANCE_START = /^(\d{1,2}\.\d{1,2}\.|alter|neuer|kontostand|saldo|anfangssaldo|endsaldo)/iu;

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
    const lone = l.amounts.length > 0 && l.amounts.reduce((k, a) => k + a.last - a.first + 1, 0) === l.words.length;
    if (lone && n && n.page === l.page && n.amounts.length === 0 && n.top - l.bottom <= Math.max(l.size, n.size) * 1.3 && DATE_OR_BALANCE_START.test(n.text)) {
      const words = [...n.words, ...l.words.map((w) => ({ ...w, x0: Math.max(w.x0, n.words[n.words.length - 1]!.x1 + 1), x1: Math.max(w.x1, n.words[n.words.length - 1]!.x1 + 1 + w.x1 - w.x0) }))];
      const merged: Line = { ...n, top: Math.min(l.top, n.top), words, text: words.map((w) => w.text).join(' ') };
      merged.dates = findDates(words);
      merged.amounts = findAmounts(words, merged.size);
      out.push(merged);
      i++;
      continue;
    }
    out.push(l);
  }
  out.forEach((l, k) => (l.index = k));
  return out;
}

function findDates(words: Word[]): DateToken[] {
  const out: DateToken[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    // `19,11.` is an OCR reading of `19.11.`.
    const d = parseDayMonth(w.text.replace(/[,;:]$/u, '').replace(/^(\d{1,2})[,:](\d{1,2}\.)/u, '$1.$2'));
    if (d) {
      out.push({ date: d, word: i, last: i, x0: w.x0, x1: w.x1 });
      continue;
    }
    // `01 Apr. 2024`, `2. März 2026`: day, month name and year as three words; `02 Apr.`
    // (app exports) as two, the year then comes from the statement period.
    const m = words[i + 1];
    if (!m || !/^\d{1,2}\.?$/u.test(w.text) || !/^\p{L}{3,}\.?$/u.test(m.text)) continue;
    const month = monthFromName(m.text);
    if (!month) continue;
    const y = words[i + 2];
    const withYear = y !== undefined && /^\d{4},?$/u.test(y.text);
    const date = parseDayMonth(`${w.text.replace(/\.$/u, '')}.${month}.${withYear ? y.text.replace(/,$/u, '') : ''}`);
    if (!date) continue;
    const last = withYear ? i + 2 : i + 1;
    out.push({ date, word: i, last, x0: w.x0, x1: words[last]!.x1 });
    i = last;
  }
  return out;
}

const CURRENCY = /^(?:€|EUR)$/iu;
const LONE_SIGN = /^[+\-\u2212\u2013]$/u;
const SUFFIX = /^(?:[SH+\-\u2212]|€|EUR)$/iu;
const NUMBERISH = /^[+\-\u2212\u2013]?(?:€|EUR)?\s?\d[\d.]*,\d{2}(?:[SH+\-\u2212]|€|EUR)?$/iu;

/**
 * Amount tokens of a line: a number with two decimals, with a sign, `S`/`H` or currency that
 * may be glued to it or printed as a separate word close by (OCR and some PDFs split them).
 */
/**
 * OCR misreadings of amounts seen on scans: the minus sign as `=`, `~` or a long dash, the
 * decimal comma as `;`. Only a word that then reads as an amount is changed.
 */
function ocrAmount(text: string): string {
  return text.replace(/^(?:[=~\u2014\u2013\u2212-]{2,}|[=~\u2014])(?=\d)/u, '-').replace(/^([+\-\u2212]?[\d.]*\d);(\d{2}(?:[SH+\-\u2212€])?)$/u, '$1,$2');
}

function findAmounts(words: Word[], size: number): AmountToken[] {
  const out: AmountToken[] = [];
  const near = Math.max(size * 1.2, 4);
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const fixed = ocrAmount(w.text);
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
      if (!n || n.x0 - words[last]!.x1 > near) break;
      if (/^euro$/iu.test(n.text)) {
        last++; // "1.234,56 Euro": the currency word belongs to the amount
        continue;
      }
      if (!SUFFIX.test(n.text)) break;
      const t = `${text} ${n.text}`;
      if (!parseGermanAmount(t)) break;
      text = t;
      last++;
    }
    const parsed = parseGermanAmount(text)!;
    const sign: Sign | null = parsed.sign === null ? null : parsed.sign === '-' ? -1 : 1;
    out.push({ cents: parsed.cents, sign, first, last, x0: words[first]!.x0, x1: words[last]!.x1 });
    i = last;
  }
  return out;
}

/** Text of the words of a line except the given word indices. */
export function textWithout(line: Line, skip: ReadonlySet<number>): string {
  return line.words
    .filter((_, i) => !skip.has(i))
    .map((w) => w.text)
    .join(' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** Lower-case, umlauts kept, whitespace collapsed: for vocabulary tests. */
export function fold(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/\s+/gu, ' ');
}
