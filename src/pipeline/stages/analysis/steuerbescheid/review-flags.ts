/**
 * Review flags of a tax assessment (SPEC §9 topics), each raised only where the notice gives
 * cause; deadlines carry the computed date.
 */
import type { ReviewFlag } from '../../../model/result.js';
import { steuerEinspruchsfrist } from '../common/legal-rules.js';
import { fmtDate, fmtEuro } from '../common/facts.js';
import { centsOf, dateOf } from '../common/values.js';
import type { KeyNumber } from '../../../model/result.js';

export interface SteuerFlagInput {
  keyNumbers: Record<string, KeyNumber>;
  faelligkeit: string | null;
  /** Wording found in the notice (folded-text checks done by the caller). */
  vorlaeufig: string | null;
  vorbehalt: string | null;
  abweichung: string | null;
  verspaetungszuschlag: string | null;
}

/** The review-flag topics of SPEC §9 this type raises; the API document lists them as an enum. */
export const STEUER_FLAG_TOPICS = ['einspruchsfrist', 'nachzahlung', 'vorlaeufigkeit', 'vorbehalt_der_nachpruefung', 'abweichung_von_erklaerung', 'verspaetungszuschlag'] as const;
export type SteuerFlagTopic = (typeof STEUER_FLAG_TOPICS)[number];

export function steuerReviewFlags(f: SteuerFlagInput): ReviewFlag<SteuerFlagTopic>[] {
  const flags: ReviewFlag<SteuerFlagTopic>[] = [];
  const datum = dateOf(f.keyNumbers.bescheiddatum?.value);
  if (datum) {
    const { bekanntgabe, fristende } = steuerEinspruchsfrist(datum);
    flags.push({
      topic: 'einspruchsfrist',
      severity: 'warning',
      description: `Einspruch ist bis zum ${fmtDate(fristende)} möglich: Der Bescheid vom ${fmtDate(datum)} gilt am ${fmtDate(bekanntgabe)} als bekanntgegeben (Aufgabe zur Post + ${datum.year >= 2025 ? 4 : 3} Tage, §122 Abs. 2 AO), die Frist beträgt einen Monat (§355 AO) und endet nicht an Wochenenden oder Feiertagen (§108 Abs. 3 AO). Prüfen Sie den Bescheid bis dahin gegen Ihre Erklärung.`,
    });
  }
  const nach = centsOf(f.keyNumbers.nachzahlung?.value);
  if (nach !== null && nach > 0) {
    const due = f.faelligkeit ? ` bis zum ${f.faelligkeit}` : '';
    flags.push({
      topic: 'nachzahlung',
      severity: 'warning',
      description: `Der Bescheid fordert eine Nachzahlung von ${fmtEuro(nach)}${due}. Ein Einspruch hemmt die Zahlung nicht (§361 AO); wer den Betrag für falsch hält, beantragt zusätzlich Aussetzung der Vollziehung.`,
    });
  }
  if (f.vorlaeufig) {
    flags.push({ topic: 'vorlaeufigkeit', severity: 'info', description: `Die Festsetzung ist teilweise vorläufig (§165 AO): „${f.vorlaeufig}“ Insoweit bleibt sie ohne Einspruch änderbar.` });
  }
  if (f.vorbehalt) {
    flags.push({ topic: 'vorbehalt_der_nachpruefung', severity: 'info', description: `Der Bescheid steht unter dem Vorbehalt der Nachprüfung (§164 AO): „${f.vorbehalt}“ Er kann bis zum Ablauf der Festsetzungsfrist noch geändert werden, auch zu Ihren Ungunsten.` });
  }
  if (f.abweichung) {
    flags.push({ topic: 'abweichung_von_erklaerung', severity: 'warning', description: `Das Finanzamt ist von der Erklärung abgewichen: „${f.abweichung}“ Prüfen Sie die Erläuterungen, bevor die Einspruchsfrist abläuft.` });
  }
  const zuschlag = centsOf(f.verspaetungszuschlag ?? undefined);
  if (zuschlag !== null && zuschlag > 0) {
    flags.push({ topic: 'verspaetungszuschlag', severity: 'warning', description: `Festgesetzt ist ein Verspätungszuschlag von ${fmtEuro(zuschlag)} (§152 AO). Prüfen Sie, ob die Erklärung fristgerecht abgegeben wurde oder eine Fristverlängerung bestand.` });
  }
  return flags;
}
