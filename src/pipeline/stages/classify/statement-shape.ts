import { datedRows, MIN_DATED_ROWS, reconcileRows } from '../../layout/dated-rows.js';
import type { Line } from '../../layout/lines.js';
import { statementPatterns as vocab } from '../../layout/vocabulary.js';

/**
 * Structural evidence that a document is an account statement whatever its words (issue 21: a
 * card bill whose balance label and card brand the lexicon did not know scored 1 of the 7 points
 * needed and was refused 422 though the engine read it). Three witnesses, each needing the one
 * before (layout/dated-rows.ts):
 * - a column of dated rows, each ending in its amount — letters date a payment plan or a list of
 *   invoices too, so this alone does not reach MIN_SCORE (classify.ts, 7);
 * - one of the amounts outside the rows labelled as a balance by any balance word of the lexicon
 *   (`Saldo`, `Kontostand`, `Anfangssaldo` …): a list of rows with a printed balance;
 * - an opening and a closing amount the rows between them reconcile (opening + Σ = closing), the
 *   statement's own arithmetic, which no letter's table prints (a column and its total is not it:
 *   an opening of zero does not count) — enough alone, like a ledger (ledger.ts).
 */
export const ROWS_WEIGHT = 3;
export const LABELLED_BALANCE_WEIGHT = 4;
export const RECONCILED_WEIGHT = 8;

/** The score the statement's structure adds to its word evidence. */
export function statementShapeScore(lines: readonly Line[]): number {
  const rows = datedRows(lines);
  if (rows.length < MIN_DATED_ROWS) return 0;
  const rowLines = new Set(rows.map((r) => r.line.index));
  const labelled = lines.some((l) => !rowLines.has(l.index) && l.amounts.length > 0 && (vocab.balanceWord.test(l.text) || vocab.opening.test(l.folded) || vocab.closing.test(l.folded)));
  const reconciled = reconcileRows(lines, rows) !== null;
  return ROWS_WEIGHT + (labelled ? LABELLED_BALANCE_WEIGHT : 0) + (reconciled ? RECONCILED_WEIGHT : 0);
}
