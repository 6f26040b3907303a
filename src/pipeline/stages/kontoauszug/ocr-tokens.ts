import { parseDayMonth } from '../../../domain/german-dates.js';
import type { Page, TextCell } from '../../model/document.js';

/**
 * OCR misreadings of the tokens a statement is built from, undone before the words become
 * lines — on OCR'd pages only (a text layer has no such errors). Each rule rewrites a word
 * only into a form that cannot mean anything else:
 *
 * - dates whose separators came out as `:` (`23:12:`, `16.12:`) or carry a stray trailing
 *   mark (`09.09.2026.`, `17.11.2026,`); both separators must be there and the result must be a
 *   valid date, so a time (`09:05`, `09:05:30`) stays a time;
 * - amounts with a stray trailing period (`864,91.`; not `19,11.`, which may be a date), a
 *   thousands point read as a comma (`1,231,02`: an amount has one decimal comma), the decimal
 *   comma read as `:` `;` `/` or `.` or lost after a thousands group (`=1601:13€`, `272.08`,
 *   `-1.51293€`; the colon and lost forms only with a sign or currency, the point form not where
 *   it could be a date), or junk between the amount and a glued Soll/Haben letter
 *   (`1.212,28:S`);
 * - in a statement that marks amounts with `S`/`H`, a glued `S` read as a digit (`287,765`,
 *   `56,12°5`): a third decimal cannot be part of a euro amount there;
 * - then (normaliseOcrSign) an amount's minus read as `=`, `~` or a dash run, and its decimal
 *   comma read as `;`.
 */
const DATE_LIKE = /^(\d{1,2})[.:](\d{1,2})[.:](\d{4}|\d{2})?[.,:;]?$/u;
const AMOUNT = String.raw`[-+=~\u2212\u2013\u2014]?(?:\d{1,3}(?:\.\d{3})+|\d+),\d{2}`;
const TRAILING_PERIOD = new RegExp(`^(${AMOUNT})\\.$`, 'u');
const COMMA_THOUSANDS = /^([-+=~\u2212\u2013\u2014]?\d{1,3}),(\d{3}),(\d{2}(?:[SH€]|EUR)?)$/u;
const JUNK_BEFORE_SH = new RegExp(`^(${AMOUNT})[:;.'°,]([SH])$`, 'u');
const GLUED_S_AS_DIGIT = new RegExp(`^(${AMOUNT})[^\\d\\sSH]?[58$§]$`, 'u');
/** A minus (or its misreadings) or a plus before, a currency after: the word is an amount. */
const MARK = String.raw`[-+=~\u2212\u2013\u2014]`;
const INTEGER = String.raw`\d{1,3}(?:\.\d{3})+|\d+`;
const DECIMAL_AS_COLON = new RegExp(`^(${MARK}?)(${INTEGER})[/:;](\\d{2})(€|EUR)?$`, 'u');
const DECIMAL_AS_POINT = new RegExp(`^(${MARK}?)(${INTEGER})\\.(\\d{2})(€|EUR)?$`, 'u');
const DECIMAL_LOST = new RegExp(`^(${MARK}?)(\\d{1,3}(?:\\.\\d{3})*\\.\\d{3})(\\d{2})(€|EUR)?$`, 'u');
const SH_MARKED = new RegExp(`^${AMOUNT}[SH]$`, 'u');
const PLAIN_AMOUNT = new RegExp(`^${AMOUNT}$`, 'u');

const MINUS_MISREAD = /^(?:[=~\u2014\u2013\u2212-]{2,}|[=~\u2014])(?=\d)/u;
const SEMICOLON_DECIMAL = /^([+\-\u2212]?[\d.]*\d);(\d{2}(?:[SH+\-\u2212€])?)$/u;
const AMOUNT_WORD = /^[+\-\u2212]?\d[\d.]*,\d{2}(?:[SH+\-\u2212]|€|EUR)?$/iu;

/**
 * An amount's minus read as `=`, `~`, a long dash or a dash run, its decimal comma read as `;`
 * (`=13;20` → `-13,20`): applied after normaliseOcrWord, kept only when the word then reads as
 * an amount.
 */
export function normaliseOcrSign(text: string): string {
  const signed = text.replace(MINUS_MISREAD, '-').replace(SEMICOLON_DECIMAL, '$1,$2');
  return signed !== text && AMOUNT_WORD.test(signed) ? signed : text;
}

/** The word as the statement printed it, where an OCR misreading is unambiguous. */
export function normaliseOcrWord(text: string, sollHaben = false): string {
  const date = DATE_LIKE.exec(text);
  // `09:05:30` is a time, not 09.05.2030: with a year, one separator must be a point.
  if (date && (date[3] === undefined || /\./u.test(text.slice(0, -1)))) {
    const fixed = `${date[1]}.${date[2]}.${date[3] ?? ''}`;
    if (parseDayMonth(fixed)) return fixed;
  }
  const trailing = TRAILING_PERIOD.exec(text);
  // `19,11.` may be the date 19.11. as well (lines.ts reads it so): left alone.
  if (trailing && !parseDayMonth(text.replace(',', '.'))) return trailing[1]!;
  const thousands = COMMA_THOUSANDS.exec(text);
  if (thousands) return `${thousands[1]}.${thousands[2]},${thousands[3]}`;
  // The decimal comma read as another mark: `=1601:13€`, `272.08`, `-1.51293€`. Without a sign
  // or currency only the point form, and only where it cannot be a date (`12.05`) or a number
  // of another kind (`2024.10`: an amount of four digits prints its thousands point).
  const colon = DECIMAL_AS_COLON.exec(text);
  if (colon && (colon[1] || colon[4])) return `${colon[1]}${colon[2]},${colon[3]}${colon[4] ?? ''}`;
  const point = DECIMAL_AS_POINT.exec(text);
  if (point && (point[1] || point[4] || (/^\d{1,3}(?:\.\d{3})*$/u.test(point[2]!) && !parseDayMonth(`${point[2]}.${point[3]}.`)))) return `${point[1]}${point[2]},${point[3]}${point[4] ?? ''}`;
  const lost = DECIMAL_LOST.exec(text);
  if (lost && (lost[1] || lost[4])) return `${lost[1]}${lost[2]},${lost[3]}${lost[4] ?? ''}`;
  const junk = JUNK_BEFORE_SH.exec(text);
  if (junk) return `${junk[1]}${junk[2]}`;
  if (sollHaben) {
    const glued = GLUED_S_AS_DIGIT.exec(text);
    if (glued) return `${glued[1]}S`;
  }
  return text;
}

/**
 * True when the OCR'd words mark amounts with Soll/Haben letters: at least three amounts carry
 * an `S` or `H`, glued or as the next word.
 */
function marksSollHaben(pages: readonly Page[]): boolean {
  let n = 0;
  for (const page of pages) {
    if (page.source !== 'ocr') continue;
    page.cells.forEach((c, i) => {
      const next = page.cells[i + 1];
      if (SH_MARKED.test(c.text) || (PLAIN_AMOUNT.test(c.text) && next && /^[SH]$/u.test(next.text) && Math.abs(next.bbox.y - c.bbox.y) < c.bbox.height)) n++;
    });
  }
  return n >= 3;
}

/** The pages with OCR'd words normalised (text-layer pages are returned as they are). */
export function normaliseOcrPages(pages: readonly Page[]): Page[] {
  if (!pages.some((p) => p.source === 'ocr')) return [...pages];
  const sollHaben = marksSollHaben(pages);
  return pages.map((page) => {
    if (page.source !== 'ocr') return page;
    let changed = false;
    const cells: TextCell[] = page.cells.map((c) => {
      const text = normaliseOcrSign(normaliseOcrWord(c.text.trim(), sollHaben));
      if (text === c.text.trim()) return c;
      changed = true;
      return { ...c, text };
    });
    return changed ? { ...page, cells } : page;
  });
}
