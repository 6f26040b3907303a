/**
 * A sum table whose first row and total row OCR could not label (issue 22: bold labels behind
 * dotted leaders on low-resolution images — `Geldbuße ……. 320,00 €` read as `GEIGBURE.
 * vesnnerounn… 320,00 €`, `Gesamtbetrag …. 352,00 €` as `GESAMIDENAG rennen … 352,00 €`), while
 * the parts between them were read under their labels (Gebühr, Auslagen). The table's structure
 * (first + parts = total, as checks.ts states it) ties the two unlabelled rows down: the amount in
 * the parts' column on the row just above the parts is the first, the one just below them the
 * total — only when the column adds up so, on OCR'd lines (a text layer prints its labels), and
 * never against a total already read with another value. Otherwise nothing changes.
 */
import type { TextLine } from '../../../layout/text-lines.js';
import { placeOf } from './line-order.js';
import { figureSpan, inColumn } from './table-sum.js';
import { centsOf } from './values.js';

type Found = Record<string, { value: string; page: number; line?: TextLine } | null>;

export function unnamedTableEnds(lines: readonly TextLine[], found: Found, names: { first: string; parts: readonly string[]; total: string }): void {
  if (found[names.first]) return;
  const parts = names.parts.map((n) => found[n]);
  if (parts.length === 0 || parts.some((p) => !p?.line || centsOf(p.value) === null)) return;
  const rows = parts.map((p) => p!.line!);
  const span = figureSpan(rows[0]!, parts[0]!.value);
  if (!span || rows.some((r, i) => r.page !== rows[0]!.page || !inColumn(r, span) || (i > 0 && placeOf(lines, r) !== placeOf(lines, rows[i - 1]!) + 1))) return;
  const above = lines[placeOf(lines, rows[0]!) - 1];
  const below = lines[placeOf(lines, rows.at(-1)!) + 1];
  if (!above || !below || above.page !== rows[0]!.page || below.page !== rows[0]!.page || !ocrOnly(above) || !ocrOnly(below)) return;
  const first = inColumn(above, span);
  const total = inColumn(below, span);
  if (first?.cents == null || total?.cents == null || first.cents <= 0) return;
  const sum = parts.reduce((a, p) => a + centsOf(p!.value)!, first.cents);
  if (sum !== total.cents) return;
  const known = found[names.total];
  if (known && centsOf(known.value) !== total.cents) return;
  found[names.first] = { value: first.printed, page: above.page, line: above };
  found[names.total] ??= { value: total.printed, page: below.page, line: below };
}

/** A line every word of which OCR read (its labels may be garbled); a text layer prints them surely. */
function ocrOnly(line: TextLine): boolean {
  return line.cells.length > 0 && line.cells.every((c) => c.source === 'ocr');
}
