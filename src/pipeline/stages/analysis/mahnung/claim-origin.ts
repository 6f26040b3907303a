/**
 * The date a claim arose, for the limitation check (§§ 195, 199 BGB: three years from the end of
 * the year it arose). A reminder names it after the document the claim rests on, in prose
 * (`Rechnung Nr. 22-0614 vom 14.06.2022`, the date may wrap onto the next line) or as a field of
 * the claim's data printed label–value (`Rechnungsdatum 15.09.2021`, `Vertragsdatum`,
 * `Leistungsdatum`). A due date (`fällig seit`, `fällig am`) is not taken: it is the start of
 * default, and a reminder repeats it for invoices of any age.
 */
import type { TextLine } from '../../../layout/text-lines.js';
import { findInProse, DATE_SRC, type PageText } from '../common/prose.js';
import { findKeyValue } from '../common/values.js';

const IN_PROSE = new RegExp(String.raw`(?:Rechnung|Rechnungs-Nr\.?|Vertrag|Bestellung|Lieferung|Leistung)(?:[^\n]|\n(?!\n)){0,40}?vom\s+(${DATE_SRC})`, 'u');

/** The document date a claim rests on: in prose first, else a labelled field; null when neither is printed. */
export function claimOrigin(lines: readonly TextLine[], texts: readonly PageText[]): string | null {
  const prose = findInProse(texts, IN_PROSE);
  if (prose) return prose.value;
  return findKeyValue(lines, { labels: ['Rechnungsdatum', 'Datum der Rechnung', 'Vertragsdatum', 'Leistungsdatum', 'Lieferdatum'], kind: 'date', maxGap: 2 })?.value ?? null;
}
