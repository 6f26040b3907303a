/**
 * Interest rows of a Forderungsaufstellung — "Zinsen 7,27 % aus 1.250,00 € vom 01.01.2025 bis
 * 30.06.2025   45,07 €" — read by what each figure means (row-figures.ts): the rate, the base,
 * the interest period and the amount. The legal rate is judged for each half-year of the period
 * (§288 BGB with the base rate of §247 BGB, which changes on 1 January and 1 July), not at the
 * letter's date: 7,27 % for the first half of 2025 is lawful in a letter written in 2026.
 */
import { addDays, type CalendarDate, compareDates, parseGermanDate } from '../../../../domain/german-dates.js';
import { formatEuro } from '../../../../domain/money.js';
import { foldGerman } from '../../../layout/fold.js';
import type { TextLine } from '../../../layout/text-lines.js';
import { maxVerzugszinsen, maxVerzugszinssatz } from '../common/legal-rules.js';
import { rowAmount, rowFigures } from '../common/row-figures.js';
import { letterPattern } from '../../../layout/letter-words.js';

/** Folded line text naming interest. */
const INTEREST = letterPattern('interestStem', '$W', '');

export interface InterestRow {
  rate: number | null;
  base: number | null;
  from: CalendarDate;
  to: CalendarDate;
  amount: number | null;
  /** The row as printed, for quoting. */
  text: string;
}

/** Interest rows with a period: a line naming Zinsen (or continuing such a line) with two dates. */
export function interestRows(lines: readonly TextLine[]): InterestRow[] {
  const rows: InterestRow[] = [];
  lines.forEach((line, i) => {
    const prev = lines[i - 1];
    const named = INTEREST.test(foldGerman(line.text)) || (prev && prev.page === line.page && INTEREST.test(foldGerman(prev.text)) && !/\d,\d{2}/.test(prev.text));
    if (!named) return;
    const dates = line.cells.map((c) => parseGermanDate(c.text.replace(/[,;)]$/, ''))).filter((d): d is CalendarDate => d !== null);
    if (dates.length < 2) return;
    const figures = rowFigures(line, 0, lines);
    const rate = figures.find((f) => f.kind === 'percent');
    const base = figures.find((f) => f.kind === 'money' && f.role === 'base');
    const amount = rowAmount(figures);
    rows.push({ rate: rate?.value ?? null, base: base?.cents ?? null, from: dates[0]!, to: dates[1]!, amount: amount && amount !== base ? amount.cents : null, text: line.text });
  });
  return rows;
}

/** The highest legal rate in any half-year of the period (base rate + 5 or + 9 points). */
export function highestLegalRate(from: CalendarDate, to: CalendarDate, business: boolean): number {
  let max = maxVerzugszinssatz(from, business);
  for (let y = from.year; y <= to.year; y++) {
    for (const month of [1, 7]) {
      const d = { year: y, month, day: 1 };
      if (compareDates(d, from) > 0 && compareDates(d, to) <= 0) max = Math.max(max, maxVerzugszinssatz(d, business));
    }
  }
  return max;
}

/** What is too high about an interest row, or null: its rate above every half-year's legal rate, or its amount above the legal interest of its period. */
export function interestProblem(row: InterestRow, business: boolean): string | null {
  const legal = highestLegalRate(row.from, row.to, business);
  if (row.rate !== null && row.rate > legal + 0.005) return `Der Zinssatz von ${String(row.rate).replace('.', ',')} % liegt über dem gesetzlichen Verzugszins des Zinszeitraums (höchstens ${String(legal).replace('.', ',')} % p. a., Basiszinssatz des jeweiligen Halbjahres + ${business ? 9 : 5} Punkte, §§ 247, 288 BGB).`;
  if (row.amount !== null && row.base !== null) {
    // The period's last day counts (bis einschließlich).
    const max = maxVerzugszinsen(row.base, row.from, addDays(row.to, 1), business);
    if (row.amount > max + 100) return `Die Zinsen von ${formatEuro(row.amount)} übersteigen den gesetzlichen Verzugszins auf ${formatEuro(row.base)} für den Zeitraum (höchstens etwa ${formatEuro(max)}, Basiszinssatz des jeweiligen Halbjahres, §§ 247, 288 BGB).`;
  }
  return null;
}
