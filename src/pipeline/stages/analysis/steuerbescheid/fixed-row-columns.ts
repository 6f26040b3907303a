/**
 * The festgesetzt row of an Abrechnung printed with the charges as columns (`Einkommensteuer |
 * Solidaritätszuschlag | Kirchensteuer | Zinsen zur ESt`): each column the notice fixes is an
 * amount it sets. Income tax, Solidaritätszuschlag and church tax have SPEC names and are read as
 * those keys; any other column — the interest on arrears of § 233a AO, a Verspätungszuschlag set
 * in the same table — has none and is reported under the name of its column header (issue 22 §6,
 * `labelled-amounts.ts`); a column headed as the row's total (`insgesamt`) is their sum, not
 * an amount of its own. The header is the words over the figure on the lines directly above
 * the row, read top down; a header set over two lines (`Zinsen` / `zur ESt`, `Einkommen-` /
 * `steuer`) is joined, a hyphen at a line end closing up the word. On each line the header is the
 * whole phrase a word over the figure belongs to (`(§ 233a AO)` wider than the figure): words a
 * word space apart, where the next column's header stands further off.
 */
import { foldGerman } from '../../../layout/fold.js';
import { letterPattern } from '../../../layout/letter-words.js';
import { placeOf } from '../../../layout/line-order.js';
import { cellExtent, hasMoney, moneyFigures, overlaps, type Extent } from '../../../layout/table/index.js';
import type { TextLine } from '../../../layout/text-lines.js';
import type { LabelledAmount } from '../common/labelled-amounts.js';

const FESTGESETZT = letterPattern('taxFixed', '^(?:$W)', '');
const PREPAYMENT = letterPattern('taxPrepayment', '$W', '');
/**
 * Headers of the charges SPEC names (festgesetzte_einkommensteuer, solidaritaetszuschlag,
 * kirchensteuer), on the header's letters in lower case (the letter fold shortens `steuer`).
 */
const SPEC_TAX = /einkommensteuer|solidarit|kirchen|kirchgeld/u;
/** A column over the row's total across its parts (`insgesamt`): no amount of its own. Folded. */
const ROW_TOTAL = letterPattern('headerRowTotal', String.raw`^($W)$`, '');
/** Header lines read above the row. */
const HEADER_LINES = 3;

export function fixedRowColumns(lines: readonly TextLine[]): LabelledAmount[] {
  const row = lines.find((l) => FESTGESETZT.test(foldGerman(l.text)) && !PREPAYMENT.test(foldGerman(l.text)) && moneyFigures(l).length >= 2);
  if (!row) return [];
  const at = placeOf(lines, row);
  const header: TextLine[] = [];
  for (let k = at - 1; k >= Math.max(0, at - HEADER_LINES); k--) {
    const above = lines[k]!;
    if (above.page !== row.page || hasMoney(above)) break;
    header.unshift(above);
  }
  if (header.length === 0) return [];
  const out: LabelledAmount[] = [];
  for (const figure of moneyFigures(row)) {
    const label = header
      .map((h) => phraseOver(h, figure))
      .filter((t) => t !== '')
      .reduce((a, t) => (a === '' ? t : a.endsWith('-') ? `${a.slice(0, -1)}${t}` : `${a} ${t}`), '');
    if (!/\p{L}{3}/u.test(label) || SPEC_TAX.test(label.toLowerCase().replace(/\s+/gu, '')) || ROW_TOTAL.test(foldGerman(label).trim())) continue;
    out.push({ label, value: figure.printed, page: row.page });
  }
  return out;
}

/** The phrase of `line` over `figure`: the words over it, extended to their neighbours less than a line height apart. */
function phraseOver(line: TextLine, figure: Extent): string {
  const cells = line.cells;
  const over = cells.flatMap((c, i) => (overlaps(figure, cellExtent(c)) ? [i] : []));
  if (over.length === 0) return '';
  const gap = (i: number) => cells[i + 1]!.bbox.x - (cells[i]!.bbox.x + cells[i]!.bbox.width);
  let a = over[0]!;
  let b = over.at(-1)!;
  while (a > 0 && gap(a - 1) <= line.size) a--;
  while (b < cells.length - 1 && gap(b) <= line.size) b++;
  const words = cells.slice(a, b + 1).map((c) => c.text);
  return words.some((w) => /\p{L}/u.test(w)) ? words.join(' ') : '';
}
