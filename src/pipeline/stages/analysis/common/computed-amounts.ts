/**
 * Amounts a letter computes and then names (issue 22 §6): a line printing a product of figures
 * with its result at the right end (`0,5 x 3.850,00 EUR x 12   23.100,00 EUR`, a § 1a KSchG
 * severance; `12 x 54,00 EUR = 648,00 EUR`), and within the next two lines of its page a line
 * restating that result under a label (`Abfindung (brutto)   23.100,00 EUR`). Such an amount is
 * tied to its label and to the letter's arithmetic, so it is reported under the label's name
 * (labelled-amounts.ts). A product that does not equal its result, or a result no label
 * restates, gives nothing: a number without a name it was printed under is left out.
 */
import { amountToCents } from '../../../../domain/money.js';
import { moneyFigures } from '../../../layout/table/index.js';
import type { TextLine } from '../../../layout/text-lines.js';
import type { LabelledAmount } from './labelled-amounts.js';

/** One factor of a printed product: a German number, with a currency or month unit after it. */
const FACTOR = /^(\d{1,3}(?:\.\d{3})*(?:,\d{1,2})?|\d+(?:,\d+)?)(?:\s*(?:EUR|€|Euro))?$/u;
/** The multiplication sign as letters print it. */
const TIMES = /\s+[x×*·]\s+/u;

/** The product a formula text prints (`0,5 x 3.850,00 EUR x 12`), in cents, or null. */
export function productCents(formula: string): number | null {
  const parts = formula.trim().replace(/\s*=\s*$/u, '').split(TIMES);
  if (parts.length < 2) return null;
  let product = 1;
  let money = 0;
  for (const p of parts) {
    const m = FACTOR.exec(p.trim());
    if (!m) return null;
    if (/EUR|€|Euro|,\d{2}$/u.test(p)) money++;
    product *= Number(m[1]!.replace(/\./g, '').replace(',', '.'));
  }
  // Exactly one factor is an amount of money; the others are counts and rates.
  return money === 1 ? Math.round(product * 100) : null;
}

export function computedAmounts(lines: readonly TextLine[]): LabelledAmount[] {
  const out: LabelledAmount[] = [];
  lines.forEach((line, i) => {
    const figures = moneyFigures(line);
    const result = figures.at(-1);
    if (!result || result.index + result.used < line.cells.length || result.cents === null) return;
    const formula = line.cells.slice(0, result.index).map((c) => c.text).join(' ');
    const product = productCents(formula);
    if (product === null || Math.abs(product - result.cents) > 1) return;
    for (const next of lines.slice(i + 1, i + 3)) {
      if (next.page !== line.page) return;
      const restated = moneyFigures(next).find((f) => f.cents === result.cents && f.index + f.used === next.cells.length);
      if (!restated) continue;
      const label = next.cells.slice(0, restated.index).map((c) => c.text).join(' ');
      if (/\p{L}{3}/u.test(label) && amountToCents(label) === null) out.push({ label, value: restated.printed, page: next.page });
      return;
    }
  });
  return out;
}
