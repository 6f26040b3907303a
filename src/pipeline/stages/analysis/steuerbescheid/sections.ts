/** Section headings of a tax assessment (folded starts), in the order notices print them. */
import type { Section } from '../../../model/result.js';
import type { AnalysisInput } from '../common/analysis-stage.js';
import { splitSections } from '../common/sections.js';

export const STEUER_HEADINGS = [
  'bescheid fur',
  'festsetzung',
  'berechnung',
  'ermittlung',
  'besteuerungsgrundlagen',
  'abrechnung',
  'erlauterung',
  'anderungen',
  'vorlaufigkeit',
  'nebenbestimmung',
  'rechtsbehelfsbelehrung',
  'hinweise',
  'zahlungsaufforderung',
  'einkommensteuerbescheid',
  'steuerbescheid',
];

export function steuerSections(input: AnalysisInput): Section[] {
  return splitSections(input.lines, { headings: STEUER_HEADINGS });
}
