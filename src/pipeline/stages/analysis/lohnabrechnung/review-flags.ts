/** Review flags of a payslip (SPEC §9): net check, minimum wage, contribution rates, tax class. */
import { type CalendarDate, formatGermanDate } from '../../../../domain/german-dates.js';
import type { KeyNumber, ReviewFlag } from '../../../model/result.js';
import { fmtEuro } from '../common/facts.js';
import { legalShare, mindestlohnAt, netDifference, type Branch } from '../common/legal-rules.js';
import type { Contribution } from './key-numbers.js';
import type { CareInsurancePerson } from './care-insurance-person.js';
import { inForce, LEGAL } from '../../../../domain/legal-constants.js';
import { periodMonth } from '../common/period.js';
import { centsOf } from '../common/values.js';

export interface LohnFlagInput {
  keyNumbers: Record<string, KeyNumber>;
  contributions: Partial<Record<Branch, Contribution>>;
  svBase: { kv: number | null; rv: number | null };
  /** The net identity failed on values read with confidence (checks.ts). */
  netCheckFailedConfidently: boolean;
  stundenlohn: string | null;
  stunden: string | null;
  /** Children under 25 and the place of employment, where printed (care-insurance-person.ts). */
  person?: CareInsurancePerson;
  /** The slip's own words that this is not the main employment (second-employment.ts), or null. */
  notMainEmployment?: string | null;
}

const DEDUCTIONS = ['lohnsteuer', 'solidaritaetszuschlag', 'kirchensteuer', 'krankenversicherung', 'pflegeversicherung', 'rentenversicherung', 'arbeitslosenversicherung'] as const;
const BRANCH = { krankenversicherung: 'kv', pflegeversicherung: 'pv', rentenversicherung: 'rv', arbeitslosenversicherung: 'av' } as const;
const BRANCH_NAME = { krankenversicherung: 'Krankenversicherungs', pflegeversicherung: 'Pflegeversicherungs', rentenversicherung: 'Rentenversicherungs', arbeitslosenversicherung: 'Arbeitslosenversicherungs' } as const;
const pctText = (v: number) => `${v.toFixed(2).replace('.', ',')} %`;

/**
 * What is wrong with a contribution, or null. Judged on what the payslip prints, most exact
 * first: a printed rate against the legal employee rate of the month and, with a printed base,
 * the amount against rate × base; else the amount against the legal share of the printed SV
 * base (KV-/RV-Brutto); with only the gross — which may hold pay that is free of contributions
 * (a flat-taxed Fahrgeld, a Sachbezug) or above the ceiling — only an amount clearly off it
 * (above the maximum, or more than 15 % below the minimum).
 */
function contributionProblem(branch: Branch, c: Contribution, printedBase: number | null, gross: number | null, month: CalendarDate): string | null {
  const legal = legalShare(branch, month);
  if (!legal) return null;
  // Minijobs and the Übergangsbereich have reduced employee shares (§20 Abs. 2a SGB IV, §168 SGB VI): not judged here.
  if (gross !== null && gross <= legal.uebergangsbereichBis) return null;
  const [lo, hi] = legal.rate;
  if (c.rate !== null) {
    if (c.rate < lo - 0.001 || c.rate > hi + 0.001) return `wird mit ${pctText(c.rate)} berechnet; der gesetzliche Arbeitnehmeranteil ${month.year} beträgt ${lo === hi ? pctText(lo) : `${pctText(lo)} bis ${pctText(hi)}`}.`;
    const base = c.base ?? printedBase;
    if (base !== null) {
      const expected = Math.round((Math.min(base, legal.ceiling) * c.rate) / 100);
      if (Math.abs(expected - c.amount) > 2) return `stimmt nicht mit ${pctText(c.rate)} von ${fmtEuro(Math.min(base, legal.ceiling))} überein (erwartet ${fmtEuro(expected)}).`;
    }
    return null;
  }
  const base = c.base ?? printedBase;
  if (base !== null) {
    const b = Math.min(base, legal.ceiling);
    const min = Math.floor((b * lo) / 100) - 2;
    const max = Math.ceil((b * hi) / 100) + 2;
    return c.amount < min || c.amount > max ? `weicht vom gesetzlichen Arbeitnehmeranteil ab: erwartet ${fmtEuro(Math.max(0, min))} bis ${fmtEuro(max)} bei einer Bemessungsgrundlage von ${fmtEuro(b)}.` : null;
  }
  if (gross === null) return null;
  const b = Math.min(gross, legal.ceiling);
  const min = Math.floor((b * lo) / 100);
  const max = Math.ceil((b * hi) / 100);
  return c.amount > max * 1.01 + 5 || c.amount < min * 0.85 ? `weicht deutlich vom gesetzlichen Arbeitnehmeranteil ab: erwartet etwa ${fmtEuro(min)} bis ${fmtEuro(max)} bei ${fmtEuro(gross)} Brutto (Beitragssätze ${month.year}, Beitragsbemessungsgrenzen beachtet).` : null;
}

/**
 * A printed Pflegeversicherung rate against the exact rate of a parent (§ 55 Abs. 3, § 58 Abs. 3
 * SGB XI), judged only where the slip prints the children under 25 (one or more) or the parent
 * status as proven; null when it matches or cannot be judged. Without a place of employment whose
 * postcode says whether it is in Saxony, the rate must match the Saxon or the other Länder's rate;
 * without a count of children, any count from one to the fifth. The childless surcharge (0,6
 * points, charged in every Land) matches neither, so a parent charged it is found without a place.
 */
function careRateProblem(c: Contribution, person: CareInsurancePerson | undefined, month: CalendarDate): string | null {
  if (c.rate === null || !person) return null;
  const pv = inForce(LEGAL.pflegeversicherungEltern, month);
  if (!pv) return null;
  const counted = person.childrenUnder25 ? Math.min(person.childrenUnder25, pv.maxChildren) : null;
  if (counted === null && person.parent !== true) return null;
  const counts = counted !== null ? [counted] : Array.from({ length: pv.maxChildren }, (_, i) => i + 1);
  const lands = person.saxony === null ? [false, true] : [person.saxony];
  const rate = (n: number, saxony: boolean) => pv.parent + (saxony ? pv.saxonyExtra : 0) - pv.perChild * (n - 1);
  if (counts.some((n) => lands.some((saxony) => Math.abs(c.rate! - rate(n, saxony)) < 0.001))) return null;
  const who = counted !== null ? `bei ${counted} Kind${counted > 1 ? 'ern' : ''} unter 25` : 'bei nachgewiesener Elterneigenschaft';
  const top = counts[0]!;
  const expected = person.saxony === null ? `${pctText(rate(top, false))} (in Sachsen ${pctText(rate(top, true))})` : pctText(rate(top, person.saxony));
  const place = person.place ? ` und Beschäftigungsort ${person.place}${person.saxony ? ' (Sachsen: Arbeitnehmer 0,5 Punkte mehr)' : ''}` : '';
  return `wird mit ${pctText(c.rate)} berechnet; ${who}${place} beträgt der Arbeitnehmeranteil ${month.year} ${counted === null ? 'höchstens ' : ''}${expected} (§55 Abs. 3, §58 Abs. 3 SGB XI).`;
}

const ROMAN: Record<string, number> = { i: 1, ii: 2, iii: 3, iv: 4, v: 5, vi: 6 };

/** The review-flag topics of SPEC §9 this type raises; the API document lists them as an enum. */
export const LOHN_FLAG_TOPICS = ['netto_rechnung', 'mindestlohn', 'sozialversicherung', 'steuerklasse'] as const;
export type LohnFlagTopic = (typeof LOHN_FLAG_TOPICS)[number];

export function lohnReviewFlags(f: LohnFlagInput): ReviewFlag<LohnFlagTopic>[] {
  const k = f.keyNumbers;
  const flags: ReviewFlag<LohnFlagTopic>[] = [];
  const gross = centsOf(k.gesamtbrutto?.value);
  const net = centsOf(k.nettoverdienst?.value);
  const deductions = DEDUCTIONS.map((n) => centsOf(k[n]?.value)).filter((c): c is number => c !== null).map(Math.abs);
  // Only when the net identity failed on values read with confidence (see checks.ts).
  if (gross !== null && net !== null && f.netCheckFailedConfidently) {
    const diff = netDifference(gross, deductions, net);
    if (Math.abs(diff) > 5) {
      flags.push({
        topic: 'netto_rechnung',
        severity: 'warning',
        description: `Brutto ${fmtEuro(gross)} minus gesetzliche Abzüge ${fmtEuro(deductions.reduce((a, b) => a + b, 0))} ergibt ${fmtEuro(gross - deductions.reduce((a, b) => a + b, 0))}, ausgewiesen ist ein Nettoverdienst von ${fmtEuro(net)} (Differenz ${fmtEuro(diff)}). Prüfen Sie, ob weitere Abzüge oder Bezüge fehlen.`,
      });
    }
  }
  const month = periodMonth(k.abrechnungszeitraum?.value);
  if (month) {
    const min = mindestlohnAt(month);
    // A printed hourly rate (plausible: below 100 €), else gross per printed monthly hours (60–250).
    const printedRate = centsOf(f.stundenlohn ?? undefined);
    const rate = printedRate !== null && printedRate > 0 && printedRate < 10_000 ? printedRate : null;
    const hours = f.stunden ? Number(f.stunden.replace(',', '.')) : null;
    const effective = rate ?? (gross !== null && hours && hours >= 60 && hours <= 250 ? Math.floor(gross / hours) : null);
    if (min !== null && effective !== null && effective > 0 && effective < min) {
      flags.push({
        topic: 'mindestlohn',
        severity: 'critical',
        description: `${rate !== null ? 'Der Stundenlohn' : 'Brutto je Stunde'} von ${fmtEuro(effective)} liegt unter dem gesetzlichen Mindestlohn von ${fmtEuro(min)} ab ${formatGermanDate({ ...month })} (§1 MiLoG). Prüfen Sie, ob Ausnahmen (Auszubildende, Minderjährige ohne Abschluss, Langzeitarbeitslose) greifen.`,
      });
    }
    for (const [name, branch] of Object.entries(BRANCH) as [keyof typeof BRANCH, Branch][]) {
      const c = f.contributions[branch];
      if (!c || c.amount === 0) continue;
      const problem = contributionProblem(branch, c, branch === 'rv' || branch === 'av' ? f.svBase.rv : f.svBase.kv, gross, month) ?? (branch === 'pv' && (gross === null || gross > (legalShare('pv', month)?.uebergangsbereichBis ?? Infinity)) ? careRateProblem(c, f.person, month) : null);
      if (problem) flags.push({ topic: 'sozialversicherung', severity: 'warning', description: `Der ${BRANCH_NAME[name]}beitrag von ${fmtEuro(c.amount)} ${problem}` });
    }
  }
  const klasse = k.steuerklasse?.value;
  if (klasse) {
    const n = /^\d$/.test(klasse) ? Number(klasse) : ROMAN[klasse.toLowerCase()] ?? 0;
    if (n < 1 || n > 6) flags.push({ topic: 'steuerklasse', severity: 'warning', description: `Die Steuerklasse „${klasse}“ gibt es nicht (I bis VI, §38b EStG); prüfen Sie die ELStAM-Daten.` });
    else if (n === 5) flags.push({ topic: 'steuerklasse', severity: 'info', description: 'Steuerklasse V: Die Kombination III/V führt oft zu Nachzahlungen und verpflichtet zur Steuererklärung (§46 Abs. 2 Nr. 3a EStG); prüfen Sie IV/IV mit Faktor.' });
    else if (n < 6 && f.notMainEmployment) flags.push({ topic: 'steuerklasse', severity: 'warning', description: `Abgerechnet wird mit Steuerklasse ${klasse}, laut Abrechnung ist dies aber nicht das Hauptarbeitsverhältnis. Für ein zweites Arbeitsverhältnis gilt Steuerklasse VI (§38b Abs. 1 Satz 2 Nr. 6 EStG); prüfen Sie die ELStAM-Daten, sonst droht eine Nachzahlung.` });
    else if (n === 6) flags.push({ topic: 'steuerklasse', severity: 'info', description: 'Steuerklasse VI gilt für ein zweites Arbeitsverhältnis; prüfen Sie, ob dies das Hauptarbeitsverhältnis ist (dann wäre die Klasse zu hoch besteuert).' });
  }
  return flags;
}
