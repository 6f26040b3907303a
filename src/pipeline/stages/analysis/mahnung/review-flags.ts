/** Review flags of a reminder or collection letter (SPEC §9). */
import { compareDates, daysBetween, parseGermanDate } from '../../../../domain/german-dates.js';
import type { KeyNumber, ReviewFlag } from '../../../model/result.js';
import { fmtDate, fmtEuro } from '../common/facts.js';
import { inkassoCap, maxVerzugszinsen, maxVerzugszinssatz, regelverjaehrung } from '../common/legal-rules.js';
import { highestLegalRate, interestProblem, type InterestRow } from './interest.js';
import { centsOf, dateOf } from '../common/values.js';

export interface MahnFlagInput {
  keyNumbers: Record<string, KeyNumber>;
  /** Interest rows with their period (interest.ts); judged per half-year. */
  interestRows: InterestRow[];
  entstehung: string | null;
  zinssatz: string | null;
  zinsPunkte: string | null;
  zinsenSeit: string | null;
  /** Addressed to a person (consumer rate +5) rather than a business (+9). */
  consumer: boolean;
  /** The letter threatens court proceedings (Mahnbescheid, Klage). */
  threat: string | null;
}

/** The review-flag topics of SPEC §9 this type raises; the API document lists them as an enum. */
export const MAHN_FLAG_TOPICS = ['inkassokosten', 'verzugszinsen', 'verjaehrung', 'zahlungsfrist', 'mahnbescheid_angedroht'] as const;
export type MahnFlagTopic = (typeof MAHN_FLAG_TOPICS)[number];

export function mahnReviewFlags(f: MahnFlagInput): ReviewFlag<MahnFlagTopic>[] {
  const k = f.keyNumbers;
  const flags: ReviewFlag<MahnFlagTopic>[] = [];
  const datum = dateOf(k.schreibdatum?.value);
  const haupt = centsOf(k.hauptforderung?.value);
  const inkasso = centsOf(k.inkassokosten?.value);
  if (datum && haupt !== null && inkasso !== null && inkasso > 0) {
    const cap = inkassoCap(Math.abs(haupt), datum);
    if (cap && inkasso > cap.usual) {
      flags.push({
        topic: 'inkassokosten',
        severity: inkasso > cap.exceptional ? 'critical' : 'warning',
        description: `Inkassokosten von ${fmtEuro(inkasso)} übersteigen die gesetzliche Obergrenze für eine unbestrittene Forderung von ${fmtEuro(Math.abs(haupt))}: höchstens ${fmtEuro(cap.usual)} (0,9-Geschäftsgebühr nach RVG, Auslagen, USt; §13e RDG), nur bei besonders umfangreicher Tätigkeit bis ${fmtEuro(cap.exceptional)}. Den Mehrbetrag nicht ungeprüft zahlen.`,
      });
    }
  }
  const rowProblem = f.interestRows.map((r) => interestProblem(r, !f.consumer)).find((p) => p !== null);
  if (rowProblem) flags.push({ topic: 'verzugszinsen', severity: 'warning', description: rowProblem });
  else if (datum && f.interestRows.length === 0) {
    // Without interest rows: the rate against the highest legal rate from the start of default
    // (or the letter's date when none is printed) to the letter, half-year by half-year.
    const seit = f.zinsenSeit ? parseGermanDate(f.zinsenSeit) : null;
    const from = seit && compareDates(seit, datum) < 0 ? seit : datum;
    const max = highestLegalRate(from, datum, !f.consumer);
    const printedRate = f.zinssatz ? Number(f.zinssatz.replace(',', '.')) : null;
    const points = f.zinsPunkte ? Number(f.zinsPunkte.replace(',', '.')) : null;
    const allowedPoints = f.consumer ? 5 : 9;
    if (points !== null && points > allowedPoints) {
      flags.push({ topic: 'verzugszinsen', severity: 'warning', description: `Verlangt werden ${f.zinsPunkte} Prozentpunkte über dem Basiszinssatz; gesetzlich sind ${allowedPoints} Punkte (§288 BGB), am ${fmtDate(datum)} also ${String(maxVerzugszinssatz(datum, !f.consumer)).replace('.', ',')} % p. a.` });
    } else if (printedRate !== null && printedRate > max + 0.005) {
      flags.push({ topic: 'verzugszinsen', severity: 'warning', description: `Der Zinssatz von ${f.zinssatz} % liegt über dem gesetzlichen Verzugszins von höchstens ${String(max).replace('.', ',')} % p. a. ${from === datum ? `am ${fmtDate(datum)}` : `zwischen dem ${fmtDate(from)} und dem ${fmtDate(datum)}`} (Basiszinssatz des jeweiligen Halbjahres + ${allowedPoints} Punkte, §§ 247, 288 BGB).` });
    } else {
      const zinsen = centsOf(k.zinsen?.value);
      if (zinsen !== null && haupt !== null && seit && compareDates(seit, datum) < 0) {
        const maxAmount = maxVerzugszinsen(Math.abs(haupt), seit, datum, !f.consumer);
        if (zinsen > maxAmount + 100) {
          flags.push({ topic: 'verzugszinsen', severity: 'warning', description: `Verzugszinsen von ${fmtEuro(zinsen)} übersteigen den gesetzlichen Höchstbetrag von ${fmtEuro(maxAmount)} für ${fmtEuro(Math.abs(haupt))} vom ${fmtDate(seit)} bis ${fmtDate(datum)} (Basiszinssatz + ${allowedPoints} Punkte, §288 BGB).` });
        }
      }
    }
  }
  const entstehung = f.entstehung ? parseGermanDate(f.entstehung) : null;
  if (entstehung && datum) {
    const ende = regelverjaehrung(entstehung);
    if (compareDates(ende, datum) < 0) {
      flags.push({ topic: 'verjaehrung', severity: 'critical', description: `Die Forderung vom ${fmtDate(entstehung)} ist möglicherweise seit dem ${fmtDate(ende)} verjährt (drei Jahre ab Jahresende, §§195, 199 BGB), sofern die Verjährung nicht gehemmt wurde. Nicht zahlen oder anerkennen, ohne die Einrede der Verjährung zu prüfen.` });
    }
  }
  const frist = dateOf(k.zahlungsfrist?.value);
  if (frist) {
    const days = datum ? daysBetween(datum, frist) : null;
    flags.push({
      topic: 'zahlungsfrist',
      severity: days !== null && days < 7 ? 'warning' : 'info',
      description: `Zahlungsfrist bis zum ${fmtDate(frist)}${days !== null ? ` (${days} Tage nach dem Schreiben${days < 7 ? '; ungewöhnlich kurz' : ''})` : ''}. Prüfen Sie die Forderung bis dahin und widersprechen Sie schriftlich, wenn sie nicht besteht.`,
    });
  }
  else if (k.zahlungsfrist?.value) {
    // A period without a date (a court's Mahnbescheid: two weeks from service): the deadline is
    // real but runs from the day the letter was received, which the letter cannot print.
    flags.push({
      topic: 'zahlungsfrist',
      severity: 'info',
      description: `Zahlungsfrist ${k.zahlungsfrist.value} ab Zugang des Schreibens. Notieren Sie das Zustelldatum und prüfen Sie die Forderung bis zum Fristende; widersprechen Sie schriftlich, wenn sie nicht besteht.`,
    });
  }
  if (f.threat) {
    const by = frist ? ` Reagieren Sie bis zum ${fmtDate(frist)}.` : '';
    flags.push({ topic: 'mahnbescheid_angedroht', severity: 'warning', description: `Das Schreiben kündigt gerichtliche Schritte an: „${f.threat}“${by} Einem gerichtlichen Mahnbescheid kann binnen zwei Wochen nach Zustellung widersprochen werden (§692 Abs. 1 Nr. 3, §694 ZPO).` });
  }
  return flags;
}
