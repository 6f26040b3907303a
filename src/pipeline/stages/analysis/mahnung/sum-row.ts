/**
 * The claim and the total of a Forderungsaufstellung judged by its arithmetic (issue 22: a wrong
 * value is worse than none). A row whose amount is exactly the sum of the amount rows printed
 * directly above it in the same column, one of them a cost the reminder charges (Mahngebühr,
 * Zinsen, Inkassokosten), is the table's total whatever its label says (`Offener Betrag 125,00 €`
 * under `Zuzahlung … 120,00 €` and `Mahngebühr 5,00 €`); the first of those rows, when it is no
 * cost itself, is the main claim — also where its label names no claim at all (`Vertragsstrafe …
 * 30,00 €`, `Zuzahlung nach § 39 SGB V`).
 */
import { letterPattern } from '../../../layout/letter-words.js';
import type { TextLine } from '../../../layout/text-lines.js';
import { labelOf, lastMoney, partsAbove } from '../common/sum-rows-above.js';
import { centsOf } from '../common/values.js';

type Found = { value: string; page: number; line?: TextLine } | null | undefined;

const COSTS = letterPattern('dunningCosts', '$W', '');

/**
 * Reads the claim and the total from the arithmetic of the table around the found values:
 * a Hauptforderung that is the sum of the rows above it (with a cost among them) becomes the
 * Gesamtforderung, and the first of those rows the Hauptforderung; with no Hauptforderung
 * found (or one equal to the total), the first row over a found total that sums to it (with a cost among them) is taken.
 * `costLines`: the lines the costs (Mahngebühren, Zinsen, Inkassokosten) were read from. Mutates `found`.
 */
export function claimBySumRows(lines: readonly TextLine[], found: Record<string, Found>, costLines: readonly TextLine[]): void {
  const h = found.hauptforderung;
  const g = found.gesamtforderung;
  // A claim read as the very figure of the total (`Betrag 40,10 EUR` in the transfer block) is no claim.
  const same = h && g && centsOf(h.value) !== null && centsOf(h.value) === centsOf(g.value);
  const totalLine = h?.line && !g ? h.line : (!h || same) && g?.line ? g.line : null;
  if (!totalLine) return;
  const parts = partsAbove(lines, totalLine);
  if (!parts || !parts.some((p) => costLines.includes(p.line) || COSTS.test(labelOf(p.line)))) return;
  const first = parts.at(-1)!;
  if (costLines.includes(first.line) || COSTS.test(labelOf(first.line))) return;
  const totalFigure = lastMoney(totalLine)!;
  found.gesamtforderung = { value: totalFigure.printed, page: totalLine.page, line: totalLine };
  found.hauptforderung = { value: first.figure.printed, page: first.line.page, line: first.line };
}
