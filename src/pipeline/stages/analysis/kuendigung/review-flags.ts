/** Review flags of a termination letter (SPEC §9). */
import { compareDates, parseGermanDate } from '../../../../domain/german-dates.js';
import type { KeyNumber, ReviewFlag } from '../../../model/result.js';
import { fmtDate } from '../common/facts.js';
import { arbeitsuchendMeldung, earliestAllotmentEnd, earliestEmploymentEnd, earliestTenancyEnd, kschgKlagefrist } from '../common/legal-rules.js';
import { dateOf } from '../common/values.js';

export type Relationship = 'arbeitsverhaeltnis' | 'mietverhaeltnis' | 'vertrag';

export interface KuendigungFlagInput {
  keyNumbers: Record<string, KeyNumber>;
  relationship: Relationship;
  /** The letter is the other side's termination of the reader (employer, landlord), not the reader's own. */
  byOtherSide: boolean;
  fristlos: boolean;
  probation: boolean;
  /** The relationship ended is a vocational training (Ausbildungsverhältnis, BBiG), named in the terminating clause. */
  training: boolean;
  /** The relationship ended is an allotment-garden lease (BKleingG), named in the terminating clause. */
  allotment: boolean;
  /** A landlord terminates under § 573a BGB (a flat in the two-flat house the landlord lives in): the period grows by three months. */
  ownHouse: boolean;
  eintritt: string | null;
  /** Wording that shows the letter was sent without a handwritten signature (e-mail, "ohne Unterschrift gültig"). */
  electronic: string | null;
}

/** The review-flag topics of SPEC §9 this type raises; the API document lists them as an enum. */
export const KUENDIGUNG_FLAG_TOPICS = ['klagefrist', 'kuendigungsfrist', 'schriftform', 'arbeitssuchend_melden'] as const;
export type KuendigungFlagTopic = (typeof KUENDIGUNG_FLAG_TOPICS)[number];

export function kuendigungReviewFlags(f: KuendigungFlagInput): ReviewFlag<KuendigungFlagTopic>[] {
  const k = f.keyNumbers;
  const flags: ReviewFlag<KuendigungFlagTopic>[] = [];
  const datum = dateOf(k.schreibdatum?.value);
  const ende = dateOf(k.beendigungsdatum?.value);
  const employment = f.relationship === 'arbeitsverhaeltnis';
  if (employment && f.byOtherSide && datum) {
    const klage = kschgKlagefrist(datum);
    flags.push({
      topic: 'klagefrist',
      severity: 'critical',
      description: `Kündigungsschutzklage muss binnen drei Wochen nach Zugang beim Arbeitsgericht erhoben werden (§4 KSchG): bei Zugang am ${fmtDate(datum)} bis zum ${fmtDate(klage)}. Danach gilt die Kündigung als wirksam (§7 KSchG); maßgeblich ist der Tag, an dem das Schreiben tatsächlich zuging.`,
    });
  }
  if (f.fristlos && f.byOtherSide && f.relationship !== 'vertrag') {
    flags.push({
      topic: 'kuendigungsfrist',
      severity: 'warning',
      description: `Die Kündigung ist fristlos/außerordentlich${ende ? ` zum ${fmtDate(ende)}` : ''}: Sie braucht einen wichtigen Grund (${employment ? '§626 BGB, Erklärung binnen zwei Wochen nach Kenntnis' : '§543, §569 BGB'}); prüfen Sie hilfsweise die ordentliche Frist.`,
    });
  } else if (datum && ende && f.byOtherSide) {
    // § 22 Abs. 1 BBiG: a training relationship may be terminated in probation at any time
    // without notice, so no notice period can be short (§ 622 BGB does not apply).
    if (employment && !(f.training && f.probation)) {
      const earliest = earliestEmploymentEnd(datum, f.eintritt ? parseGermanDate(f.eintritt) : null, f.probation);
      if (compareDates(ende, earliest.ende) < 0) {
        flags.push({ topic: 'kuendigungsfrist', severity: 'warning', description: `Das Arbeitsverhältnis soll am ${fmtDate(ende)} enden; bei Zugang am ${fmtDate(datum)} ist die gesetzliche Frist (${earliest.rule}) frühestens zum ${fmtDate(earliest.ende)} gewahrt. Längere vertragliche oder tarifliche Fristen gehen vor.` });
      }
    } else if (f.allotment && !f.fristlos) {
      const earliest = earliestAllotmentEnd(datum);
      if (compareDates(ende, earliest) < 0) {
        flags.push({ topic: 'kuendigungsfrist', severity: 'warning', description: `Der Kleingartenpachtvertrag soll am ${fmtDate(ende)} enden; eine ordentliche Kündigung durch den Verpächter ist nur zum 30. November zulässig und muss spätestens am dritten Werktag im August (bei anderen Gründen im Februar) erklärt sein (§9 Abs. 2 BKleingG): bei Zugang am ${fmtDate(datum)} frühestens zum ${fmtDate(earliest)}.` });
      }
    } else if (f.relationship === 'mietverhaeltnis') {
      const earliest = earliestTenancyEnd(datum, true, f.eintritt ? parseGermanDate(f.eintritt) : null, f.ownHouse);
      if (compareDates(ende, earliest.ende) < 0) {
        const rule = f.ownHouse ? `§573c BGB, um drei Monate verlängert nach §573a Abs. 1 Satz 2 BGB` : '§573c BGB';
        const interest = f.ownHouse ? '' : ' Eine Vermieterkündigung braucht zudem ein berechtigtes Interesse (§573 BGB).';
        flags.push({ topic: 'kuendigungsfrist', severity: 'warning', description: `Das Mietverhältnis soll am ${fmtDate(ende)} enden; bei Zugang am ${fmtDate(datum)} endet es nach ${rule} (${earliest.months} Monate) frühestens zum ${fmtDate(earliest.ende)}.${interest}` });
      }
    }
  }
  if (f.electronic && f.relationship !== 'vertrag') {
    flags.push({
      topic: 'schriftform',
      severity: 'critical',
      description: `${employment ? 'Die Kündigung eines Arbeitsverhältnisses bedarf der Schriftform mit eigenhändiger Unterschrift; die elektronische Form ist ausgeschlossen (§623 BGB)' : 'Die Kündigung eines Wohnraummietverhältnisses bedarf der Schriftform (§568 Abs. 1 BGB)'}. Das Schreiben deutet auf eine Übermittlung ohne Unterschrift hin: „${f.electronic}“ Eine solche Kündigung ist unwirksam.`,
    });
  }
  // A fristlose termination without a printed end date ends the employment on receipt.
  const end = ende ?? (employment && f.fristlos && f.byOtherSide ? datum : null);
  if (employment && end) {
    const kenntnis = datum ?? end;
    const melden = arbeitsuchendMeldung(kenntnis, end);
    flags.push({
      topic: 'arbeitssuchend_melden',
      severity: 'warning',
      description: ende
        ? `Bei der Agentur für Arbeit arbeitsuchend melden bis spätestens ${fmtDate(melden)} (drei Monate vor dem Ende am ${fmtDate(ende)}, bei kürzerer Zeit binnen drei Tagen nach Kenntnis, §38 Abs. 1 SGB III); sonst droht eine Sperrzeit beim Arbeitslosengeld (§159 SGB III).`
        : `Die fristlose Kündigung beendet das Arbeitsverhältnis mit Zugang: bei der Agentur für Arbeit arbeitsuchend melden binnen drei Tagen nach Kenntnis, bei Zugang am ${fmtDate(kenntnis)} bis spätestens ${fmtDate(melden)} (§38 Abs. 1 SGB III); sonst droht eine Sperrzeit beim Arbeitslosengeld (§159 SGB III).`,
    });
  }
  return flags;
}
