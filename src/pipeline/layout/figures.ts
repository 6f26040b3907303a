/**
 * Figures printed on a line of text (layout/text-lines.ts): a money amount, a rate or a
 * quantity with its unit, read cell by cell — what a letter's table rows hold, and what the
 * layout's OCR repairs of letters (letter-lines.ts) look for in an amount column. What a figure
 * means in its row (amount, rate, base …) is the analysis's decision (row-figures.ts).
 */
import { amountToCents } from '../../domain/money.js';
import type { TextLine } from '../model/lines.js';
import { placeOf } from './line-order.js';
import { printedWords } from './letter-words.js';

/** One figure as printed on a line. */
export interface Figure {
  /** First cell of the figure and how many cells it spans (unit included). */
  index: number;
  used: number;
  /** As printed, with its unit (`8,39 %`, `168,74 €`). */
  printed: string;
  /** Cents of a money figure; null for a rate or a quantity. */
  cents: number | null;
  /** The number as a plain value (percent points, hours, days, euros). */
  value: number;
  kind: 'money' | 'percent' | 'quantity';
  x0: number;
  x1: number;
}

const CURRENCY = new RegExp(`^(${printedWords('statement', 'currencyWord')})$`, 'i');
const QUANTITY_UNIT = new RegExp(`^(${printedWords('statement', 'quantityUnit')})$`, 'i');
const PERCENT_WORD = new RegExp(`^(${printedWords('statement', 'percentWord')})$`, 'i');
/** A cell's text without the brackets, colons and commas around a figure. */
export const strip = (s: string) => s.replace(/^[(:=]+|[);:,]+$/g, '');

/** A German decimal number (`8,39`, `1.250,00`, `12`, `7,27`), or null. */
function numberOf(text: string): number | null {
  if (!/^-?\d{1,3}(?:\.\d{3})*(?:,\d{1,4})?-?$|^-?\d+(?:,\d{1,4})?-?$/.test(text)) return null;
  const negative = text.startsWith('-') || text.endsWith('-');
  const v = Number(text.replace(/-/g, '').replace(/\./g, '').replace(',', '.'));
  return Number.isFinite(v) ? (negative ? -v : v) : null;
}

/** Reads one figure at cell `i`: a rate (`8,39 %`, `8,39%`), a money amount, or a quantity with its unit. */
export function figureAt(line: TextLine, i: number): Figure | null {
  const cell = line.cells[i];
  if (!cell) return null;
  const t = strip(cell.text);
  const next = strip(line.cells[i + 1]?.text ?? '');
  const span = (used: number) => ({ x0: cell.bbox.x, x1: Math.max(...line.cells.slice(i, i + used).map((c) => c.bbox.x + c.bbox.width)) });
  // A leading currency sign ("€ 12,50", "EUR 12,50").
  if (CURRENCY.test(t)) {
    const n = strip(line.cells[i + 1]?.text ?? '');
    const cents = /,\d{2}$|,-$/.test(n) ? amountToCents(n) : null;
    return cents !== null ? { index: i, used: 2, printed: `${t} ${n}`, cents, value: cents / 100, kind: 'money', ...span(2) } : null;
  }
  // A currency sign glued to its amount ("3,50€", "12,00EUR").
  const glued = /^(-?[\d.]+,(?:\d{2}|-)-?)(€|EUR)$/.exec(t);
  if (glued) {
    const cents = amountToCents(glued[1]!);
    if (cents !== null) return { index: i, used: 1, printed: t, cents, value: cents / 100, kind: 'money', ...span(1) };
  }
  const pct = /^(-?\d{1,3}(?:,\d{1,4})?)\s?%$/.exec(t);
  if (pct) return { index: i, used: 1, printed: t, cents: null, value: numberOf(pct[1]!)!, kind: 'percent', ...span(1) };
  const n = numberOf(t);
  if (n === null) return null;
  if (next === '%' || /^%/.test(next) || PERCENT_WORD.test(next)) return { index: i, used: 2, printed: `${t} %`, cents: null, value: n, kind: 'percent', ...span(2) };
  if (QUANTITY_UNIT.test(next)) return { index: i, used: 2, printed: `${t} ${next}`, cents: null, value: n, kind: 'quantity', ...span(2) };
  if (/,\d{2}-?$|,-$/.test(t)) {
    const cents = amountToCents(t);
    if (cents === null) return null;
    return CURRENCY.test(next) ? { index: i, used: 2, printed: `${t} ${next}`, cents, value: cents / 100, kind: 'money', ...span(2) } : { index: i, used: 1, printed: t, cents, value: cents / 100, kind: 'money', ...span(1) };
  }
  return null;
}

/**
 * Whether `right` is the right edge of an amount column at `line`: a money figure ends there
 * (± `tolerance` pt) on one of the two lines above or below it on its page.
 */
export function inAmountColumn(lines: readonly TextLine[], line: TextLine, right: number, tolerance: number): boolean {
  const at = placeOf(lines, line);
  return [at - 2, at - 1, at + 1, at + 2].some((k) => {
    const other = k >= 0 && k !== at ? lines[k] : undefined;
    return !!other && other.page === line.page && other.cells.some((_, i) => {
      const f = figureAt(other, i);
      return f?.kind === 'money' && Math.abs(f.x1 - right) <= tolerance;
    });
  });
}

