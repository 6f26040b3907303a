/**
 * Standard paragraphs: what every letter of a type prints whatever the case — the
 * Erläuterungen and Rechtsbehelfsbelehrung of a tax assessment, the payment notes of a dunning
 * letter. A word in them is no finding: "sofern Sie nicht in der Erklärung abweichende Angaben
 * gemacht haben" is in every income tax assessment and says nothing about this one. A flag that
 * states a fact of the letter needs a sentence that states it, so sentences that only say what
 * holds *if* something is the case, or what *can* happen in general, are passed over; the
 * collected standard paragraphs are the negative examples the tests run through every type.
 */
import { foldGerman } from '../../../layout/fold.js';
import { letterPattern } from '../../../layout/letter-words.js';

/** Conditional or general framing (folded): a rule stated for any case, not a fact of this one. */
const HYPOTHETICAL = letterPattern('hypothetical', String.raw`\b($W)\b`, '');

/** Whether a sentence (as printed) only states a rule for any case, not a fact of this letter. */
export function hypothetical(sentence: string): boolean {
  return HYPOTHETICAL.test(foldGerman(sentence));
}

/**
 * Standard paragraphs collected from German letters of each type (negative examples): each is
 * printed on letters of its type regardless of the case and must raise no flag by itself.
 */
export const STANDARD_PARAGRAPHS: Record<'steuerbescheid' | 'mahnung' | 'bussgeldbescheid' | 'lohnabrechnung' | 'kuendigung', readonly string[]> = {
  steuerbescheid: [
    'Bei der Festsetzung wurden die Angaben aus Ihrer Steuererklärung zugrunde gelegt, sofern Sie nicht in der Erklärung abweichende Angaben gemacht haben.',
    'Soweit von den Angaben in Ihrer Steuererklärung abgewichen wurde, ergeben sich die Gründe aus den Erläuterungen.',
    'Aufwendungen, die nicht nachgewiesen sind, können nicht berücksichtigt werden.',
    'Bitte prüfen Sie, ob die Daten der elektronischen Lohnsteuerbescheinigung mit Ihren Unterlagen übereinstimmen.',
    'Sollten Sie mit dem Bescheid nicht einverstanden sein, können Sie Einspruch einlegen.',
  ],
  mahnung: [
    'Sollten Sie die Zahlung zwischenzeitlich geleistet haben, betrachten Sie dieses Schreiben bitte als gegenstandslos.',
    'Bitte geben Sie bei der Zahlung stets das Aktenzeichen an.',
  ],
  bussgeldbescheid: [
    'Wenn Sie die Geldbuße nicht fristgerecht zahlen, kann Erzwingungshaft angeordnet werden.',
    'Die Angaben zum Fahreignungsregister erfolgen ohne Gewähr.',
  ],
  lohnabrechnung: ['Bitte prüfen Sie Ihre Abrechnung und melden Sie Abweichungen innerhalb von vier Wochen der Personalabteilung.'],
  kuendigung: ['Bitte bestätigen Sie den Erhalt dieses Schreibens auf der beigefügten Kopie.'],
};
