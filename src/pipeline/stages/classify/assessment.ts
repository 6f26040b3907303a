import { foldGerman } from '../../layout/fold.js';
import { letterPattern } from '../../layout/letter-words.js';

/**
 * Structural evidence that a document is an assessment (a Bescheid): an authority sets an
 * amount by an administrative act (`festgesetzt`, `Festsetzung`) and, because it is one, the
 * document instructs on the remedy against itself (a Rechtsbehelfsbelehrung, "gegen diesen
 * Bescheid …"). A reminder or a collection letter is no administrative act and carries no such
 * instruction; a Steuerbescheid, a Festsetzungsbescheid over a public levy (Rundfunkbeitrag,
 * Grundbesitzabgaben, Kirchensteuer) or a Bußgeldbescheid does. SPEC §9's steuerbescheid is the
 * type that reads the first two; a Bußgeldbescheid keeps its own, much stronger, words.
 */
const SETTING = letterPattern('assessmentSetting');
const REMEDY = letterPattern('assessmentRemedy');

/** Score an assessment's structure adds to the steuerbescheid's word evidence (classify.ts MIN_SCORE is 7). */
export const ASSESSMENT_WEIGHT = 4;

/** Whether the text (printed or folded) sets an amount and instructs on the remedy against itself. */
export function readsAsAssessment(text: string): boolean {
  const folded = foldGerman(text).replace(/\s+/gu, ' ');
  return SETTING.test(folded) && REMEDY.test(folded);
}
