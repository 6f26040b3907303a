/**
 * The result of an Abrechnung that no SPEC label names (issue 22, batch I's Beherbergungsteuer):
 * `festgesetzte Beherbergungsteuer 3.935,73 € | abzüglich geleistete Zahlung 2.400,00 € |
 * verbleibende Steuer 1.535,73 €`, then what is added to it (`Verspätungszuschlag 80,00 €`) and
 * the sum to pay (`Zahlbetrag insgesamt 1.615,73 €`). A result row (`verbleibend`, `zu zahlen`)
 * with a positive amount is the Nachzahlung only where the rows from the fixed tax down to it add
 * up to it (checks.ts `abrechnungCheck`): the document's arithmetic decides, an unchecked row is
 * left out. The rows after it that add (taxAdds) and the row that sums them with it are amounts
 * the notice demands, returned under their printed labels.
 */
import { foldGerman } from '../../../layout/fold.js';
import { placeOf } from '../../../layout/line-order.js';
import type { TextLine } from '../../../layout/text-lines.js';
import type { LabelledAmount } from '../common/labelled-amounts.js';
import { rowReading } from '../common/table-sum.js';
import { letterPattern } from '../../../layout/letter-words.js';
import { abrechnungCheck, type Result } from './checks.js';

const RESULT = letterPattern('taxResult', '$W', '');
const ADDS = letterPattern('taxAdds', '$W', '');

/** Rows after the result read for its additions and their sum. */
const TAIL_ROWS = 4;

function amountOf(line: TextLine, lines: readonly TextLine[]): { printed: string; cents: number; label: string } | null {
  const row = rowReading(line, lines);
  const f = row?.figures.at(-1);
  return row && f && f.cents !== null ? { printed: f.printed, cents: f.cents, label: row.label } : null;
}

export function abrechnungResult(lines: readonly TextLine[]): { key: Result['key']; demanded: LabelledAmount[] } | null {
  for (const line of lines) {
    if (!RESULT.test(foldGerman(line.text))) continue;
    const own = amountOf(line, lines);
    if (!own || own.cents <= 0) continue;
    const key = { value: own.printed, page: line.page, line };
    if (abrechnungCheck(lines, { name: 'nachzahlung', sign: 1, key })?.[0]?.holds) return { key, demanded: additions(lines, line, own.cents) };
  }
  return null;
}

/** The rows right after the result that add to it, and the row that sums them with it; [] where no row sums them. */
function additions(lines: readonly TextLine[], result: TextLine, cents: number): LabelledAmount[] {
  const at = placeOf(lines, result);
  const added: LabelledAmount[] = [];
  let sum = cents;
  for (let i = at + 1; i <= at + TAIL_ROWS && i < lines.length; i++) {
    const l = lines[i]!;
    const row = l.page === result.page ? amountOf(l, lines) : null;
    if (!row || row.cents <= 0) return [];
    if (added.length > 0 && row.cents === sum) return [...added, { label: row.label, value: row.printed, page: l.page }];
    if (!ADDS.test(foldGerman(row.label))) return [];
    added.push({ label: row.label, value: row.printed, page: l.page });
    sum += row.cents;
  }
  return [];
}
