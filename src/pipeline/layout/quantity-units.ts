import type { Word } from '../model/lines.js';
import { fold } from './fold.js';
import { statementPatterns as vocab } from './vocabulary.js';

/**
 * A number followed by a unit of measure is a quantity, not an amount (issue 21, blind batch 9:
 * a fuel-card bill prints `45,32 l` beside the price per litre and the amount, and the litres
 * were read as the row's amount). German bills, utility and fuel statements write the unit as
 * its own word after the number (`69,88 l`, `1 Stk`, `12,50 kg`, `340,00 kWh`, `2,50 m³`); the
 * lexicon's `measureUnit` words (lexicon/statement.ts) are the units. A currency word after the
 * number (`EUR`, `€`) is no unit, so an amount is never taken for a quantity.
 *
 * @param next the word printed right after the number (null at the end of the line)
 * @param gap the space between the number and that word, and `near`, the most a glued unit may stand off
 */
export function isQuantityUnit(next: Word | undefined, gap: number, near: number): boolean {
  if (!next || gap > near) return false;
  return vocab.measureUnit.test(fold(next.text).replace(/[,;]$/u, ''));
}
