/**
 * A Festsetzung printed with the taxes as columns (`Einkommensteuer | Solidaritätszuschl. |
 * Kirchensteuer`) and the steps as rows (`Festgesetzt werden`, `abzüglich Steuerabzug vom Lohn`,
 * `verbleibende Beträge`), the amount to pay or refunded printed once below it, often in prose
 * (`Insgesamt zu zahlen: 1.434,24 €.`); a changed notice's rows are `Festgesetzt werden`, `abzüglich
 * bisher festgesetzt`, `Unterschied`. The arithmetic decides the reading: the fixed row's sum
 * minus the credited rows' sums must equal the remainder row's sum, and the result is an amount
 * printed below the table that equals the remainder in size, on a line (or under a heading just
 * above it) that names a payment or a refund. Its sign names it: Nachzahlung when more was fixed
 * than credited, Erstattung otherwise. Nothing is reported when any part does not add up — a
 * value under a wrong name is worse than none.
 */
import { formatGermanAmount } from '../../../../domain/money.js';
import { columnRows, moneyFigures } from '../../../layout/table/index.js';
import { letterPattern } from '../../../layout/letter-words.js';
import { placeOf } from '../../../layout/line-order.js';
import type { TextLine } from '../../../layout/text-lines.js';
import type { Check } from '../../../model/result.js';
import { sumCheck } from '../common/checks.js';

const FESTGESETZT = letterPattern('taxFixed', '$W', '');
const PREPAYMENT = letterPattern('taxPrepayment', '$W', '');
const ADDS = letterPattern('taxAdds', String.raw`$W|^\+`, '');
const REMAINDER = letterPattern('taxResult', '$W', '');
/** The last row may also be a changed notice's difference (`Unterschied`): the arithmetic decides. */
const LAST_ROW = letterPattern(['taxResult', 'taxDifference'], '$W', '');

export interface TaxColumnsResult {
  name: 'nachzahlung' | 'erstattung';
  value: string;
  page: number;
  line: TextLine;
  check: Check;
  /**
   * The table's rows whose last figure is one tax's column, not the row's amount (none where the
   * last column totals the others): no amount of theirs may be named after the row's label
   * (`Unterschied 82,08 €` is the Kirchensteuer's difference, not the notice's).
   */
  columnLines: readonly TextLine[];
}

/** Lines below the table searched for the printed result. */
const RESULT_WINDOW = 8;

export function taxColumnsResult(lines: readonly TextLine[], rule: string): TaxColumnsResult | null {
  for (const first of lines) {
    if (!FESTGESETZT.test(first.folded) || PREPAYMENT.test(first.folded)) continue;
    const rows = columnRows(lines, first);
    if (!rows || rows.length < 3) continue;
    const last = rows.at(-1)!;
    if (!LAST_ROW.test(last.line.folded)) continue;
    const total = totalColumn(rows);
    const sum = (r: (typeof rows)[number]) => (total ? r.figures.at(-1)!.cents! : r.figures.reduce((a, f) => a + f.cents!, 0));
    const fixed = sum(rows[0]!);
    const middle = rows.slice(1, -1).map((r) => ({ r, sign: ADDS.test(r.line.folded) ? (1 as const) : (-1 as const) }));
    const net = fixed + middle.reduce((a, m) => a + m.sign * Math.abs(sum(m.r)), 0);
    // The remainder row must be what the rows above leave (its sign as printed, or its size).
    if (Math.abs(Math.abs(net) - Math.abs(sum(last))) > rows[0]!.figures.length || net === 0) continue;
    const found = printedResult(lines, last.line, Math.abs(net));
    if (!found) continue;
    const name = net > 0 ? 'nachzahlung' : 'erstattung';
    const terms = [
      { name: 'festgesetzt', printed: formatGermanAmount(fixed), sign: 1 as const },
      ...middle.map((m) => ({ name: m.r.label, printed: formatGermanAmount(Math.abs(sum(m.r))), sign: m.sign })),
    ];
    const check = sumCheck(rule, terms, { name, printed: found.printed }, net > 0 ? 1 : -1);
    if (!check?.holds) continue;
    return { name, value: found.printed, page: found.line.page, line: found.line, check, columnLines: total ? [] : rows.map((r) => r.line) };
  }
  return null;
}

/**
 * Whether the grid's last column totals the others on every row (`Umsatzsteuer |
 * Verspätungszuschlag | insgesamt`): then a row's value is that figure alone, or every amount
 * would count twice. Decided by the arithmetic, whatever the header says.
 */
function totalColumn(rows: readonly { figures: readonly { cents?: number | null }[] }[]): boolean {
  return rows.every((r) => {
    if (r.figures.length < 2) return false;
    const others = r.figures.slice(0, -1).reduce((a, f) => a + f.cents!, 0);
    return Math.abs(others - r.figures.at(-1)!.cents!) <= r.figures.length - 1;
  });
}

/** The amount of size `cents` printed below `after` on a line, or under a heading, that names a result. */
function printedResult(lines: readonly TextLine[], after: TextLine, cents: number): { printed: string; line: TextLine } | null {
  const at = placeOf(lines, after);
  for (let i = at + 1; i < lines.length && i <= at + RESULT_WINDOW; i++) {
    const l = lines[i]!;
    if (l.page !== after.page) break;
    const f = moneyFigures(l).find((g) => Math.abs(g.cents!) === cents);
    if (!f) continue;
    const named = REMAINDER.test(l.folded) || lines.slice(at + 1, i).some((h) => h.page === l.page && l.index - h.index <= 2 && REMAINDER.test(h.folded));
    return named ? { printed: f.printed, line: l } : null;
  }
  return null;
}
