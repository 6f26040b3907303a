import type { Line } from '../../layout/lines.js';
import { leadingDates } from './posting-lines.js';

/**
 * Some statements (payment institutions' exports, issue 21) print a posting's date on the line
 * UNDER its description and amount:
 *
 *     Card transaction of 12,34 EUR issued by Rewe        -12,34     1.234,56
 *     12 March 2026   Transaktion: CARD-1234567890
 *     Received money from Max Muster                     500,00     1.246,90
 *     11 March 2026   Transaktion: TRANSFER-…
 *
 * Read top to bottom, the date line opens a stacked posting and takes the amount line below
 * it — the next posting's — so every date is paired with the wrong amount. This is the other
 * reading: where amount lines (amounts, no date) and date lines (leading dates, no amounts)
 * alternate — at least MIN_PAIRS times, the date line directly under the amount line on the same
 * page — each such date line is placed before its amount line in reading order (line positions
 * swapped, words untouched: evidence boxes keep what is printed). Whether the document is read
 * this way is not decided here: the engine reads both and the balances judge (engine.ts `best`).
 *
 * Contract: returns null where the structure is absent; otherwise new line objects (index = new
 * position), the input unchanged.
 */
const MIN_PAIRS = 2;

const amountLine = (l: Line): boolean => l.amounts.length > 0 && l.dates.length === 0;
const dateLine = (l: Line): boolean => l.amounts.length === 0 && leadingDates(l) > 0;

export function dateBelowLines(lines: readonly Line[]): Line[] | null {
  const pairs: number[] = [];
  for (let k = 0; k + 1 < lines.length; k++) {
    const [a, d] = [lines[k]!, lines[k + 1]!];
    if (a.page === d.page && amountLine(a) && dateLine(d)) {
      pairs.push(k);
      k++;
    }
  }
  if (pairs.length < MIN_PAIRS) return null;
  const out = lines.map((l) => ({ ...l, dates: [...l.dates] }));
  for (const k of pairs) {
    const [a, d] = [out[k]!, out[k + 1]!];
    out[k] = { ...d, top: a.top, bottom: a.bottom };
    out[k + 1] = { ...a, top: d.top, bottom: d.bottom };
  }
  return out.map((l, i) => ({ ...l, index: i }));
}
