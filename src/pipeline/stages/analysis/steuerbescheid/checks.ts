/**
 * The identity of a tax assessment's Abrechnung (SPEC §9 `analysis.checks`): the taxes fixed
 * (festgesetzt, summed over the columns Einkommensteuer / Solidaritätszuschlag / Kirchensteuer
 * where the notice prints them side by side) minus what is credited (Vorauszahlungen, Steuerabzug
 * vom Lohn, Kapitalertragsteuer, bereits gezahlt), plus what is added (Zinsen, Zuschläge), is the
 * Nachzahlung — or, negative, the Erstattung. Read as the rows between the festgesetzt row and
 * the result row; subtotal and per-column result rows are not summed again.
 */
import { formatGermanAmount } from '../../../../domain/money.js';
import { foldGerman } from '../../../layout/fold.js';
import type { TextLine } from '../../../layout/text-lines.js';
import type { Check } from '../../../model/result.js';
import { sumCheck } from '../common/checks.js';
import { figureAt } from '../common/row-figures.js';
import { rowReading, rowsBetween } from '../common/table-sum.js';
import { isBefore, placeOf } from '../common/line-order.js';
import { letterPattern } from '../../../layout/letter-words.js';
import { setAmounts, summingRow } from './set-amounts.js';

export const STEUER_RULE = 'festgesetzt − anzurechnen = nachzahlung / erstattung';

const FESTGESETZT = letterPattern('taxFixed', '$W', '');
const RESULT = letterPattern('taxResult', '$W', '');
const ADDS = letterPattern('taxAdds', String.raw`$W|^\+`, '');
const NOT_SUMMED = letterPattern('taxNotSummed', '$W', '');
/** A row of what an earlier notice already refunded or paid out. Folded text. */
const REFUNDED = /\b(?:bereits|schon) (?:erstattet|ausgezahlt)\b/u;
const PREPAYMENT = letterPattern('taxPrepayment', '$W', '');
const TOTAL_ROW = letterPattern('totalRowStart', '^($W)', '');

export function steuerChecks(lines: readonly TextLine[], found: Record<string, { value: string; page: number; line?: TextLine } | null>): Check[] {
  const result = found.nachzahlung ? { name: 'nachzahlung', sign: 1 as const, key: found.nachzahlung } : found.erstattung ? { name: 'erstattung', sign: -1 as const, key: found.erstattung } : null;
  if (!result) return [];
  const table = abrechnungCheck(lines, result) ?? tenorTableCheck(lines, result);
  if (table?.[0]?.holds) return table;
  const columns = columnsCheck(lines, result);
  if (columns) return [columns];
  const keys = keyCheck(lines, found, result);
  return keys.length ? keys : table ?? [];
}

export type Result = { name: string; sign: 1 | -1; key: { value: string; page: number; line?: TextLine } };

/** The Abrechnung printed as one table from the festgesetzt row to the result. */
export function abrechnungCheck(lines: readonly TextLine[], result: Result): Check[] | null {
  const isFest = (l: TextLine) => FESTGESETZT.test(foldGerman(l.text)) && rowReading(l, lines) !== null && !PREPAYMENT.test(foldGerman(l.text));
  const first = lines.find(isFest);
  if (!first) return null;
  const end = resultRow(lines, first, result);
  if (!end) return null;
  // The Abrechnung starts at the last festgesetzt row above the result (a notice may name the tax fixed twice).
  return settlementCheck(lines, lines.filter((l) => isBefore(l, end) && !isBefore(l, first) && isFest(l)).at(-1)!, end, result);
}

/** The result row below `first`: the key's own line on the same page or, for an Abrechnung continued overleaf, the next one. */
function resultRow(lines: readonly TextLine[], first: TextLine, result: Result): TextLine | undefined {
  const key = result.key.line;
  return key && key.page - first.page <= 1 && isBefore(first, key) ? key : lines.find((l) => l.page === first.page && l.index > first.index && RESULT.test(foldGerman(l.text)) && rowReading(l, lines) !== null);
}

/**
 * A tenor that sets the tax by a table (`… wie folgt festgesetzt:`, kinds or periods as rows) and
 * prints no festgesetzt row: the table's total row — the row set that sums the rows set above it
 * (set-amounts.ts) — is the tax fixed, and the rows from it down to the result settle it.
 * Reported only when it adds up: the total is taken for the tax fixed by its arithmetic alone.
 */
function tenorTableCheck(lines: readonly TextLine[], result: Result): Check[] | null {
  const total = summingRow(setAmounts(lines, { headerRows: true }));
  const end = total ? resultRow(lines, total.line, result) : undefined;
  const check = total && end ? settlementCheck(lines, total.line, end, result) : null;
  return check?.[0]?.holds ? check : null;
}

/** The rows from the tax fixed (`fest`) to the result (`end`) as the Abrechnung's sum. */
function settlementCheck(lines: readonly TextLine[], fest: TextLine, end: TextLine, result: Result): Check[] | null {
  const rows = rowsBetween(lines, fest, end, { allColumns: true, maxRows: 25 })?.filter((r) => r.line === fest || !NOT_SUMMED.test(foldGerman(r.label).trim()));
  if (!rows || rows.length < 2) return null;
  // After the taxes fixed, a row is credited unless it adds (Zinsen, Zuschläge).
  // A refund already paid out on the earlier notice (`bereits erstattet`) is owed back against the
  // new result: it adds, whichever sign the column prints it with.
  const terms = rows.map((r, i) => ({ name: i === 0 ? 'festgesetzt' : r.label, printed: r.printed.includes(' + ') ? formatGermanAmount(r.cents) : r.printed, sign: i === 0 || REFUNDED.test(foldGerman(r.label)) ? (1 as const) : r.cents >= 0 && ADDS.test(foldGerman(r.label)) ? (1 as const) : (-1 as const) }));
  const check = sumCheck(STEUER_RULE, terms, { name: result.name, printed: result.key.value }, result.sign);
  if (!check || (!check.holds && unreadInColumns(lines, fest, end))) return null;
  return [check];
}

/**
 * Whether a line from the festgesetzt row to the result prints something with a digit in one of
 * the table's amount columns (where the festgesetzt row prints its figures) that was not read as
 * an amount: OCR garbled it (`1.600,00` as `1600.00._——`, a pen mark over it), so it stands in
 * the row's label or the line was passed over. Then a sum that does not close shows nothing about
 * the letter's figures, and is not reported as failing (prefer no check to a wrong verdict).
 */
function unreadInColumns(lines: readonly TextLine[], fest: TextLine, end: TextLine): boolean {
  const columns = rowReading(fest, lines, true)?.figures ?? [];
  const overlaps = (x0: number, x1: number) => columns.some((c) => x0 < c.x1 && x1 > c.x0);
  return lines.some((l) => {
    if (isBefore(l, fest) || isBefore(end, l)) return false;
    const read = rowReading(l, lines, true)?.figures ?? [];
    return l.cells.some((c) => /\d/u.test(c.text) && overlaps(c.bbox.x, c.bbox.x + c.bbox.width) && !read.some((f) => c.bbox.x < f.x1 && c.bbox.x + c.bbox.width > f.x0));
  });
}

/**
 * The Abrechnung printed with the taxes as rows and festgesetzt / ab … / verbleibend (or
 * Erstattung) as columns: the rows of three or more amounts just above the result (or their
 * Summe row), summed per column; the first column minus the middle ones is the last, and the
 * result is that sum. Reported only when it adds up.
 */
function columnsCheck(lines: readonly TextLine[], result: Result): Check | null {
  const end = result.key.line;
  if (!end) return null;
  const at = placeOf(lines, end);
  const block: number[][] = [];
  let summe: number[] | null = null;
  for (let i = at; i >= 0 && i >= at - 8; i--) {
    const l = lines[i]!;
    if (l.page !== end.page) break;
    const figures = moneyFigures(l);
    if (figures.length < 3) {
      if (block.length) break;
      continue;
    }
    const cents = figures.map((f) => f.cents!);
    if (TOTAL_ROW.test(foldGerman(l.text))) summe = cents;
    else block.unshift(cents);
  }
  const rows = summe ? [summe] : block;
  if (rows.length === 0 || rows.some((r) => r.length !== rows[0]!.length)) return null;
  const col = (k: number) => rows.reduce((a, r) => a + r[k]!, 0);
  const n = rows[0]!.length;
  const fixed = col(0);
  const credited = Array.from({ length: n - 2 }, (_, k) => col(k + 1)).reduce((a, b) => a + b, 0);
  const last = col(n - 1);
  const check = sumCheck(STEUER_RULE, [{ name: 'festgesetzt', printed: formatGermanAmount(fixed), sign: 1 }, { name: 'anzurechnen', printed: formatGermanAmount(credited), sign: -1 }], { name: result.name, printed: result.key.value }, result.sign);
  // The last column is the remainder (signed) or the refund (printed as its size).
  const remainderRight = Math.abs(fixed - credited - last) <= rows.length || Math.abs(credited - fixed - last) <= rows.length;
  return check?.holds && remainderRight ? check : null;
}

/**
 * Festsetzung and Abrechnung printed apart (often on different pages): the taxes fixed as key
 * numbers, minus the credited rows printed just above the result. Reported only when it adds
 * up — nothing shows that every credited amount was read.
 */
function keyCheck(lines: readonly TextLine[], found: Record<string, { value: string; page: number; line?: TextLine } | null>, result: Result): Check[] {
  const end = result.key.line;
  const taxes = (['festgesetzte_einkommensteuer', 'solidaritaetszuschlag', 'kirchensteuer'] as const).filter((n) => found[n]);
  if (!end || !found.festgesetzte_einkommensteuer) return [];
  const start = lines.filter((l) => l.page === end.page && l.index < end.index && l.index >= end.index - 10).at(0);
  const credited = start ? (rowsBetween(lines, start, end) ?? []).filter((r) => r.sign < 0 && !taxes.some((n) => found[n]!.line === r.line)) : [];
  const terms = [...taxes.map((n) => ({ name: n, printed: found[n]!.value, sign: 1 as const })), ...credited.map((r) => ({ name: r.label, printed: r.printed, sign: -1 as const }))];
  const check = sumCheck(STEUER_RULE, terms, { name: result.name, printed: result.key.value }, result.sign);
  return check?.holds ? [check] : [];
}

/**
 * The money figures of a printed row, each once: a figure spans the cells it uses (`540,00 €`,
 * `€ 540,00`), so the walk skips them instead of reading the currency sign again with the
 * next amount.
 */
function moneyFigures(l: TextLine): NonNullable<ReturnType<typeof figureAt>>[] {
  const out: NonNullable<ReturnType<typeof figureAt>>[] = [];
  for (let k = 0; k < l.cells.length; ) {
    const f = figureAt(l, k);
    if (f?.kind === 'money') out.push(f);
    k += f ? Math.max(1, f.used) : 1;
  }
  return out;
}

