/**
 * A tax fixed below zero. A tax is never negative: a notice that prints its festgesetzte
 * Einkommensteuer with a minus has fixed it after crediting what was withheld. The Austrian
 * assessment does so by law — the wage tax is credited in the assessment (§ 46 Abs. 1 EStG 1988),
 * so `Festgesetzte Einkommensteuer −608,00` is the Abgabengutschrift, a refund of 608,00. Read as
 * a settlement printed in one column: the rows directly above the negative figure that subtract
 * (printed negative or worded as credited: `Anrechenbare Lohnsteuer −7.687,94`), and above them
 * the tax itself, the first row that does not subtract (`Einkommensteuer 7.079,94`). The tax
 * minus the credited rows must equal the negative figure; then that row is the tax fixed, the
 * figure's size the refund, and the identity is the check reported. When the rows do not add up,
 * nothing is taken (the negative figure stays as it was read).
 */
import { formatGermanAmount } from '../../../../domain/money.js';
import { foldGerman } from '../../../layout/fold.js';
import { placeOf } from '../../../layout/line-order.js';
import type { TextLine } from '../../../layout/text-lines.js';
import type { Check } from '../../../model/result.js';
import { sumCheck } from '../common/checks.js';
import { rowReading, SUBTRACTS } from '../common/table-sum.js';
import { centsOf } from '../common/values.js';

type Found = { value: string; page: number; line?: TextLine };

export interface NegativeAssessment {
  tax: Found;
  refund: Found;
  check: Check;
}

/** At most this many credited rows between the tax and its negative remainder. */
const MAX_CREDITED = 4;

export function negativeAssessment(lines: readonly TextLine[], fixed: Found | null, rule: string): NegativeAssessment | null {
  const cents = centsOf(fixed?.value);
  if (!fixed?.line || cents === null || cents >= 0) return null;
  const credited: { label: string; printed: string }[] = [];
  let tax: { label: string; printed: string; line: TextLine } | null = null;
  for (let k = placeOf(lines, fixed.line) - 1; k >= 0 && credited.length <= MAX_CREDITED; k--) {
    const line = lines[k]!;
    const row = line.page === fixed.line.page ? rowReading(line, lines) : null;
    const figure = row?.figures.length === 1 ? row.figures[0]! : null;
    if (!row || !figure || figure.cents === null) return null;
    if (figure.cents < 0 || SUBTRACTS.test(foldGerman(row.label).trim())) credited.push({ label: row.label, printed: figure.printed });
    else {
      tax = { label: row.label, printed: figure.printed, line };
      break;
    }
  }
  if (!tax || credited.length === 0) return null;
  const refund = formatGermanAmount(-cents);
  const check = sumCheck(rule, [{ name: 'festgesetzt', printed: tax.printed, sign: 1 }, ...credited.reverse().map((c) => ({ name: c.label, printed: c.printed, sign: -1 as const }))], { name: 'erstattung', printed: refund }, -1);
  if (!check?.holds) return null;
  return { tax: { value: tax.printed, page: tax.line.page, line: tax.line }, refund: { value: refund, page: fixed.page, line: fixed.line }, check };
}
