/**
 * Sums a payslip prints of its own rows (issue 22, batch I's payslips): `Summe gesetzliche Abzüge
 * 227,30` under the four contribution rows, `Summe Sozialversicherung 750,38`. They are amounts the
 * slip sets, reported under their printed labels (common/labelled-amounts.ts) — but only a row
 * labelled as a sum (`Summe`, `gesamt`, `insgesamt`) whose amount is exactly the sum of the rows
 * directly above it in its column (common/sum-rows-above.ts): the slip's arithmetic, not the
 * label alone, makes it a total.
 */
import { foldGerman } from '../../../layout/fold.js';
import type { TextLine } from '../../../layout/text-lines.js';
import { letterPattern } from '../../../layout/letter-words.js';
import type { LabelledAmount } from '../common/labelled-amounts.js';
import { lastMoney, partsAbove, printedLabel } from '../common/sum-rows-above.js';

const SUBTOTAL = letterPattern('payslipSubtotal', '$W', '');

export function payslipSumRows(lines: readonly TextLine[]): LabelledAmount[] {
  const out: LabelledAmount[] = [];
  for (const line of lines) {
    const label = printedLabel(line);
    const own = lastMoney(line);
    if (!own || !own.cents || own.cents <= 0 || !SUBTOTAL.test(foldGerman(label)) || !partsAbove(lines, line)) continue;
    out.push({ label, value: own.printed, page: line.page });
  }
  return out;
}
