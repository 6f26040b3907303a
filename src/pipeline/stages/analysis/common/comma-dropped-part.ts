/**
 * A cost row of a sum table whose figure OCR read without its decimal comma (issue 22, a
 * property manager's reminder as a low-resolution image: `Verzugszinsen (5 Prozentpunkte über dem
 * Basiszinssatz) 715€` for 7,15 €). The row's own figure is then no amount, and the key's label
 * finds the next best reading — the first row of an interest breakdown under a `Zinsen` column
 * header (`5,08`), a wrong value. Where the key numbers add up (first + parts = total) with the
 * row's figure read in cents and do not with the reading found, the row's figure is taken: the
 * arithmetic decides, as for a fine notice's Auslagen (completeSumTable). Otherwise nothing changes.
 */
import type { TextLine } from '../../../layout/text-lines.js';
import { findLabel } from './labels.js';
import { commaDropped, figureSpan } from './table-sum.js';
import { centsOf, type LabelSpec } from './values.js';

type Found = Record<string, { value: string; page: number; line?: TextLine } | null | undefined>;

/** Mutates `found`: a part read from its own row's comma-dropped figure where only that reading adds up. */
export function commaDroppedParts(lines: readonly TextLine[], found: Found, names: { first: string; parts: readonly string[]; total: string }, specs: Partial<Record<string, LabelSpec>>): void {
  const total = found[names.total];
  const first = centsOf(found[names.first]?.value);
  const span = total?.line ? figureSpan(total.line, total.value) : null;
  if (!total?.line || !span || first === null) return;
  const want = centsOf(total.value);
  const sum = (part: string | null, cents: number | null) => names.parts.reduce((a, n) => a + (n === part ? (cents ?? 0) : (centsOf(found[n]?.value) ?? 0)), first);
  if (sum(null, null) === want) return;
  for (const part of names.parts) {
    for (const reading of ownRowReadings(lines, specs[part]?.labels ?? [], span)) {
      if (reading.line === found[part]?.line || sum(part, reading.cents) !== want) continue;
      found[part] = { value: reading.printed, page: reading.line.page, line: reading.line };
      return;
    }
  }
}

/** Lines holding one of `labels` and, after it, a comma-dropped figure in the total's column. */
function ownRowReadings(lines: readonly TextLine[], labels: readonly string[], column: { x0: number; x1: number }): { line: TextLine; printed: string; cents: number }[] {
  const out: { line: TextLine; printed: string; cents: number }[] = [];
  for (const label of labels) {
    for (const line of lines) {
      const hit = findLabel(line, label);
      const figure = hit ? commaDropped(line, column) : null;
      if (hit && figure && figure.index > hit.last) out.push({ line, printed: figure.printed, cents: figure.cents! });
    }
  }
  return out;
}
