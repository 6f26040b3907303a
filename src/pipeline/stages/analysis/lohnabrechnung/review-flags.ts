/** Review flags of a payslip (SPEC §9): net check, minimum wage, contribution rates, tax class. */
import { formatGermanDate } from '../../../../domain/german-dates.js';
import type { KeyNumber, ReviewFlag } from '../../../model/result.js';
import { fmtEuro } from '../common/facts.js';
import { expectedContributions, mindestlohnAt, netDifference } from '../common/legal-rules.js';
import { periodMonth } from '../common/period.js';
import { centsOf } from '../common/values.js';

export interface LohnFlagInput {
  keyNumbers: Record<string, KeyNumber>;
  /** The net identity failed on values read with confidence (checks.ts). */
  netCheckFailedConfidently: boolean;
  stundenlohn: string | null;
  stunden: string | null;
}

const DEDUCTIONS = ['lohnsteuer', 'solidaritaetszuschlag', 'kirchensteuer', 'krankenversicherung', 'pflegeversicherung', 'rentenversicherung', 'arbeitslosenversicherung'] as const;
const BRANCH = { krankenversicherung: 'kv', pflegeversicherung: 'pv', rentenversicherung: 'rv', arbeitslosenversicherung: 'av' } as const;
const ROMAN: Record<string, number> = { i: 1, ii: 2, iii: 3, iv: 4, v: 5, vi: 6 };

export function lohnReviewFlags(f: LohnFlagInput): ReviewFlag[] {
  const k = f.keyNumbers;
  const flags: ReviewFlag[] = [];
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
    if (gross !== null) {
      const expected = expectedContributions(gross, month);
      if (expected) {
        for (const [name, branch] of Object.entries(BRANCH)) {
          const printed = centsOf(k[name]?.value);
          if (printed === null) continue;
          const [lo, hi] = expected[branch];
          const v = Math.abs(printed);
          if (v === 0 || (v >= lo && v <= hi)) continue;
          flags.push({
            topic: 'sozialversicherung',
            severity: 'warning',
            description: `Der ${name === 'krankenversicherung' ? 'Krankenversicherungs' : name === 'pflegeversicherung' ? 'Pflegeversicherungs' : name === 'rentenversicherung' ? 'Rentenversicherungs' : 'Arbeitslosenversicherungs'}beitrag von ${fmtEuro(v)} weicht vom gesetzlichen Arbeitnehmeranteil ab: erwartet ${lo === hi ? fmtEuro(lo) : `${fmtEuro(Math.max(0, lo))} bis ${fmtEuro(hi)}`} bei ${fmtEuro(gross)} Brutto (Beitragssätze ${month.year}, Beitragsbemessungsgrenzen beachtet).`,
          });
        }
      }
    }
  }
  const klasse = k.steuerklasse?.value;
  if (klasse) {
    const n = /^\d$/.test(klasse) ? Number(klasse) : ROMAN[klasse.toLowerCase()] ?? 0;
    if (n < 1 || n > 6) flags.push({ topic: 'steuerklasse', severity: 'warning', description: `Die Steuerklasse „${klasse}“ gibt es nicht (I bis VI, §38b EStG); prüfen Sie die ELStAM-Daten.` });
    else if (n === 5) flags.push({ topic: 'steuerklasse', severity: 'info', description: 'Steuerklasse V: Die Kombination III/V führt oft zu Nachzahlungen und verpflichtet zur Steuererklärung (§46 Abs. 2 Nr. 3a EStG); prüfen Sie IV/IV mit Faktor.' });
    else if (n === 6) flags.push({ topic: 'steuerklasse', severity: 'info', description: 'Steuerklasse VI gilt für ein zweites Arbeitsverhältnis; prüfen Sie, ob dies das Hauptarbeitsverhältnis ist (dann wäre die Klasse zu hoch besteuert).' });
  }
  return flags;
}
