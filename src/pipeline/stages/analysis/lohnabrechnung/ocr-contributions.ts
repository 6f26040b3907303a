/**
 * Contribution rows OCR damaged (issue 22, payslips as scans and photos). A deduction row prints
 * `Rentenversicherung 9,30 % ........ 247,10`: its rate, a dotted leader, its amount at the row's
 * end. OCR reads the `%` as a letter (`9,30 N`), the leader as letter garbage and the amount as
 * junk (`T4LO`), or an amount with a confusable digit (`292,40` for `232,48`). On OCR'd rows only
 * (a text layer prints its glyphs surely), a contribution reading is left out — no value rather
 * than a wrong one, and no `sozialversicherung` flag from a figure the slip's own arithmetic
 * contradicts:
 *
 * - **a rate taken for the amount**: the figure read equals an employee rate the law sets for the
 *   branch that month and more words follow it on the row — a row's amount stands at its end (the
 *   leader runs towards it), so a figure with the row going on after it is the rate;
 * - **an amount contradicting its own check by one confusable digit**: the amount fails the row's
 *   check (its printed rate × the printed base, within 1 %; without a rate the legal employee
 *   range × the printed base), and replacing one digit by one OCR confuses it with (3↔9, 3↔8, 8↔0,
 *   8↔9, 6↔8, 5↔6, 3↔5, 1↔7) makes it pass: the figure is a misreading, not the payroll's error.
 *   It is not repaired: which digit was misread is a guess the row alone cannot settle.
 */
import type { CalendarDate } from '../../../../domain/german-dates.js';
import type { TextLine } from '../../../layout/text-lines.js';
import { legalShare, type Branch } from '../common/legal-rules.js';
import { rowFigures } from '../common/row-figures.js';
import { centsOf, type FoundValue } from '../common/values.js';

const CONFUSABLE: Record<string, string[]> = { '0': ['8'], '1': ['7'], '3': ['9', '8', '5'], '5': ['6', '3'], '6': ['8', '5'], '7': ['1'], '8': ['0', '3', '9', '6'], '9': ['3', '8'] };

const ocrRow = (line: TextLine) => line.cells.length > 0 && line.cells.every((c) => c.source === 'ocr');

/** Every amount one confusable digit away from `cents`. */
export function confusableReadings(cents: number): number[] {
  const digits = String(cents);
  const out: number[] = [];
  for (let i = 0; i < digits.length; i++) for (const d of CONFUSABLE[digits[i]!] ?? []) out.push(Number(digits.slice(0, i) + d + digits.slice(i + 1)));
  return out.filter((c) => c > 0);
}

/**
 * Whether the contribution `f` of `branch` is an OCR misreading as described above. `base` is the
 * row's printed base or the slip's SV base for the branch; `month` the pay period.
 */
export function misreadContribution(f: FoundValue, branch: Branch, base: number | null, month: CalendarDate | null, lines: readonly TextLine[]): boolean {
  if (f.line !== f.label.line || !ocrRow(f.line) || !month) return false;
  const legal = legalShare(branch, month);
  const cents = centsOf(f.value);
  if (!legal || cents === null) return false;
  const figures = rowFigures(f.line, f.label.last + 1, lines);
  const own = figures.find((g) => g.kind === 'money' && g.cents === cents);
  const [lo, hi] = legal.rate;
  if (own && cents / 100 >= lo - 0.001 && cents / 100 <= hi + 0.001 && own.index + own.used < f.line.cells.length) return true;
  if (base === null) return false;
  const b = Math.min(base, legal.ceiling);
  const rate = figures.find((g) => g.kind === 'percent')?.value ?? null;
  const passes = (c: number) => (rate !== null ? Math.abs(c - (b * rate) / 100) <= (b * rate) / 10_000 : c >= (b * lo) / 100 - 2 && c <= (b * hi) / 100 + 2);
  return !passes(cents) && confusableReadings(cents).some(passes);
}
