/**
 * Whether the payslip says this employment is not the employee's main one. Wage tax of a second
 * or further employment is withheld in class VI (§ 38b Abs. 1 Satz 2 Nr. 6 EStG); the classes I
 * to V belong to the main employment only. A payroll prints this in its master data
 * (`Hauptarbeitgeber: nein`, `Arbeitgeber: Nebenarbeitgeber`, the ELStAM field) or says it in a
 * sentence (`Ihre Hauptbeschäftigung üben Sie bei einem anderen Arbeitgeber aus`). Returns the
 * words as printed (folded), or null. A part-time job or a `Zweitbeschäftigung` named without
 * that statement is not enough: it may be the only employment with wage tax.
 */
import { foldGerman } from '../../../layout/fold.js';
import type { TextLine } from '../../../layout/text-lines.js';

const NOT_MAIN = [
  /\bhauptarbeitgeber\s*:?\s*nein\b/u,
  /\bkein(?:e)?\s+hauptarbeitgeber\b/u,
  /\barbeitgeber(?:art)?\s*:?\s*nebenarbeitgeber\b/u,
  /\bhaupt(?:beschaftigung|arbeitsverhaltnis|dienstverhaltnis)\b[^.]{0,60}\bbei\s+(?:einem\s+)?anderen\s+arbeitgeber\b/u,
];

export function notMainEmployment(lines: readonly TextLine[]): string | null {
  // Lines joined, so that a sentence wrapping over two lines is read whole.
  const text = foldGerman(lines.map((l) => l.text).join('\n')).replace(/\s+/gu, ' ');
  for (const re of NOT_MAIN) {
    const m = re.exec(text);
    if (m) return m[0];
  }
  return null;
}
