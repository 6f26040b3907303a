/**
 * The employee's Lohnsteuer where the employer bears a flat tax (§§ 40a, 40b EStG: a short-term
 * or marginal employment): the payslip prints the wage-tax row among the employee's deductions
 * as `Lohnsteuer (pauschal, trägt Arbeitgeber)   0,00` — nothing is deducted from the employee,
 * so the employee's Lohnsteuer is 0,00. A flat tax printed with its amount (`Pauschale
 * Lohnsteuer 25 % … 583,80`) is the employer's and stays out, as do the year's values and
 * certificates the wage-tax label also stands beside.
 */
import { foldGerman } from '../../../layout/fold.js';
import { centsOf, findKeyValues, type FoundValue } from '../common/values.js';

const FLAT = /\bpauschal/u;
const OTHER = /jahres|bescheinigung/u;

export function zeroFlatWageTax(lines: Parameters<typeof findKeyValues>[0]): FoundValue | null {
  for (const f of findKeyValues(lines, { labels: ['Lohnsteuer', 'LSt'], kind: 'money', maxGap: 4 })) {
    const text = foldGerman(f.line.text);
    if (centsOf(f.value) === 0 && FLAT.test(text) && !OTHER.test(text)) return f;
  }
  return null;
}
