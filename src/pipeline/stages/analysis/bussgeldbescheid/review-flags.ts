/** Review flags of a traffic fine notice (SPEC §9). */
import type { KeyNumber, ReviewFlag } from '../../../model/result.js';
import { fmtDate } from '../common/facts.js';
import { bussgeldEinspruchsfrist, stvgVerjaehrung } from '../common/legal-rules.js';
import { dateOf } from '../common/values.js';

/**
 * `anonymverfuegung`: the Austrian Anonymverfügung (§ 49a VStG). No remedy lies against it — it
 * lapses when not paid in time and the ordinary procedure follows (§ 49a Abs. 6 VStG) — so it
 * has no objection period; and the German limitation of § 26 Abs. 3 StVG does not govern it.
 */
export type BussgeldKind = 'bussgeldbescheid' | 'verwarnung' | 'anhoerung' | 'anonymverfuegung';

export interface BussgeldFlagInput {
  keyNumbers: Record<string, KeyNumber>;
  kind: BussgeldKind;
  /** The notice prints the two-week objection period (index.ts OBJECTION_PERIOD). */
  objectionPeriodPrinted?: boolean;
  /** The notice is about road traffic (StVO/StVG, km/h, vehicle, points, driving ban): § 26 Abs. 3 StVG applies. */
  traffic?: boolean;
}

/** The review-flag topics of SPEC §9 this type raises; the API document lists them as an enum. */
export const BUSSGELD_FLAG_TOPICS = ['einspruchsfrist', 'verjaehrung', 'fahrverbot', 'punkte'] as const;
export type BussgeldFlagTopic = (typeof BUSSGELD_FLAG_TOPICS)[number];

export function bussgeldReviewFlags(f: BussgeldFlagInput): ReviewFlag<BussgeldFlagTopic>[] {
  const k = f.keyNumbers;
  const flags: ReviewFlag<BussgeldFlagTopic>[] = [];
  const datum = dateOf(k.bescheiddatum?.value);
  const tat = dateOf(k.tatdatum?.value);
  let rechtskraft: string | null = null;
  if (f.kind === 'bussgeldbescheid' && datum) {
    const frist = bussgeldEinspruchsfrist(datum);
    rechtskraft = fmtDate(frist);
    flags.push({
      topic: 'einspruchsfrist',
      severity: 'warning',
      description: `Einspruch binnen zwei Wochen nach Zustellung (§67 OWiG): bei Zustellung am Bescheiddatum ${fmtDate(datum)} bis zum ${fmtDate(frist)}; maßgeblich ist das Zustelldatum auf dem Umschlag. Ohne Einspruch wird der Bescheid rechtskräftig.`,
    });
  } else if (f.kind === 'bussgeldbescheid' && f.objectionPeriodPrinted) {
    // No date could be read (a photo, a redacted copy), but the notice states the period: the
    // reader is told the rule and where the date is, without a computed date that would be a guess.
    flags.push({
      topic: 'einspruchsfrist',
      severity: 'warning',
      description: 'Einspruch binnen zwei Wochen nach Zustellung (§67 OWiG); das Datum des Bescheids war nicht zu lesen — maßgeblich ist das Zustelldatum auf dem Umschlag. Ohne Einspruch wird der Bescheid rechtskräftig.',
    });
  }
  // The three months of § 26 Abs. 3 StVG hold for road-traffic offences only (§ 24 StVG); any
  // other Ordnungswidrigkeit (a late registration, a noise offence) has § 31 OWiG's six months
  // and more, and a lasting offence runs from its end: without the traffic, no short limitation.
  if (tat && datum && f.kind !== 'anhoerung' && f.kind !== 'anonymverfuegung' && f.traffic !== false) {
    const { ablauf, bescheidNachAblauf } = stvgVerjaehrung(tat, datum);
    if (bescheidNachAblauf) {
      flags.push({
        topic: 'verjaehrung',
        severity: 'critical',
        description: `Die Tat vom ${fmtDate(tat)} verjährt nach drei Monaten am ${fmtDate(ablauf)} (§26 Abs. 3 StVG); der Bescheid ist vom ${fmtDate(datum)}. Prüfen Sie, ob die Verjährung unterbrochen wurde (z. B. durch eine Anhörung, §33 OWiG) — sonst ist die Verfolgung verjährt.`,
      });
    }
  }
  if (k.fahrverbot) {
    flags.push({
      topic: 'fahrverbot',
      severity: 'critical',
      description: `Angeordnet ist ein Fahrverbot von ${k.fahrverbot.value} (§25 StVG)${rechtskraft ? `; es wird mit Rechtskraft wirksam, frühestens nach Ablauf der Einspruchsfrist am ${rechtskraft}` : ''}. Wer in den zwei Jahren davor kein Fahrverbot hatte, kann den Beginn bis zu vier Monate nach Rechtskraft wählen (§25 Abs. 2a StVG).`,
    });
  }
  const punkte = k.punkte ? Number(k.punkte.value) : 0;
  if (punkte > 0) {
    flags.push({
      topic: 'punkte',
      severity: punkte >= 2 ? 'warning' : 'info',
      description: `Im Fahreignungsregister ${punkte === 1 ? 'wird 1 Punkt' : `werden ${punkte} Punkte`} eingetragen (§4 StVG); Tilgung nach ${punkte >= 2 ? 'fünf' : 'zweieinhalb'} Jahren ab Rechtskraft (§29 StVG). Ab 8 Punkten wird die Fahrerlaubnis entzogen.`,
    });
  }
  return flags;
}
