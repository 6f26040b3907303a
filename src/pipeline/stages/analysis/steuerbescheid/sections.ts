/** Section headings of a tax assessment (folded starts), in the order notices print them. */
import type { Section } from '../../../model/result.js';
import type { AnalysisInput } from '../common/analysis-stage.js';
import { splitSections } from '../common/sections.js';
import { letterForms } from '../../../layout/letter-words.js';

/** Section headings, folded (the lexicon's printed words through the letter fold). */
export const STEUER_HEADINGS = letterForms('steuerHeading');

export function steuerSections(input: AnalysisInput): Section[] {
  return splitSections(input.lines, { headings: STEUER_HEADINGS });
}
