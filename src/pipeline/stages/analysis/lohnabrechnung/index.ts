/** Lohnabrechnung analysis (SPEC §9). */
import type { KeyNumber } from '../../../model/result.js';
import { analysisStage, senderOf, type TypeAnalyzer } from '../common/analysis-stage.js';
import { splitSections } from '../common/sections.js';
import { centsOf } from '../common/values.js';
import { careInsurancePerson } from './care-insurance-person.js';
import { notMainEmployment } from './second-employment.js';
import { extractLohnKeyNumbers } from './key-numbers.js';
import { lohnReviewFlags, type LohnFlagInput } from './review-flags.js';
import { letterForms } from '../../../layout/letter-words.js';

interface Facts extends LohnFlagInput {
  sender: string | null;
  subtype: string;
}

/** Section headings, folded (the lexicon's printed words through the letter fold). */
export const LOHN_HEADINGS = letterForms('lohnHeading');

export const lohnabrechnungAnalyzer: TypeAnalyzer<Facts> = {
  name: 'analysis.lohnabrechnung',
  extract(input) {
    const base = extractLohnKeyNumbers(input);
    return { keyNumbers: base.keyNumbers, checks: base.checks, facts: { ...base, person: careInsurancePerson(input.texts), notMainEmployment: notMainEmployment(input.lines), sender: senderOf(input.lines), subtype: input.subtype.label } };
  },
  flags: lohnReviewFlags,
  sections: (input) => splitSections(input.lines, { headings: LOHN_HEADINGS, firstTitle: 'Kopfdaten' }),
  summary(f, flags) {
    const v = (n: string): string | null => (f.keyNumbers[n] as KeyNumber | undefined)?.value ?? null;
    const parts = [`${f.subtype}${v('abrechnungszeitraum') ? ` für ${v('abrechnungszeitraum')}` : ''}${f.sender ? ` von ${f.sender}` : ''}.`];
    if (v('gesamtbrutto')) parts.push(`Brutto ${v('gesamtbrutto')}${v('nettoverdienst') ? `, netto ${v('nettoverdienst')}` : ''}${v('auszahlungsbetrag') ? `, ausgezahlt ${v('auszahlungsbetrag')}` : ''}.`);
    else if (v('auszahlungsbetrag')) parts.push(`Ausgezahlt werden ${v('auszahlungsbetrag')}.`);
    if (v('steuerklasse')) parts.push(`Abgerechnet mit Steuerklasse ${v('steuerklasse')}.`);
    const issues = flags.filter((x) => x.severity !== 'info').map((x) => x.topic);
    // Only what was read is judged: without any amount (a redacted payslip, every figure blacked
    // out) the summary says so instead of calling the arithmetic unremarkable; with the gross or
    // the net missing it makes no claim about it.
    const amounts = Object.entries(f.keyNumbers).some(([n, k]) => n !== 'steuerklasse' && n !== 'abrechnungszeitraum' && centsOf((k as KeyNumber).value) !== null);
    if (issues.length) parts.push(`Zu prüfen: ${[...new Set(issues)].join(', ').replace(/_/g, ' ')}.`);
    else if (!amounts) parts.push('Die Beträge sind nicht lesbar, daher ist die Rechnung Brutto minus Abzüge nicht prüfbar.');
    else if (v('gesamtbrutto') && (v('nettoverdienst') || v('auszahlungsbetrag'))) parts.push('Die Rechnung Brutto minus Abzüge ist ohne Auffälligkeit.');
    if (parts.length < 2) parts.push('Weitere Beträge waren nicht eindeutig zu lesen.');
    return parts.slice(0, 5).join(' ');
  },
};

export const lohnabrechnungStage = analysisStage(lohnabrechnungAnalyzer);
