/**
 * The legal decisions behind the review flags, as pure functions of printed facts (dates as
 * CalendarDate, money in cents). Each returns the computed date or amount the flag names;
 * constants come from domain/legal-constants.ts (one dated table with sources).
 */
import {
  addDays,
  addMonths,
  type CalendarDate,
  compareDates,
  daysBetween,
  daysInMonth,
  endOfMonth,
} from '../../../../domain/german-dates.js';
import { type GermanState, isWorkingDay, nextWorkingDay } from '../../../../domain/german-holidays.js';
import { inForce, LEGAL, valueAt } from '../../../../domain/legal-constants.js';

/**
 * Einspruchsfrist against a tax assessment (§355 AO): Bekanntgabe = posting date + 3 days
 * (+ 4 days for letters posted from 01.01.2025, §122 Abs. 2 AO), moved to the next working
 * day when it falls on a weekend or holiday (§108 Abs. 3 AO, BFH IX R 68/98); then one month,
 * whose end is moved the same way. The posting date is taken to be the date of the notice.
 */
export function steuerEinspruchsfrist(postingDate: CalendarDate, state?: GermanState): { bekanntgabe: CalendarDate; fristende: CalendarDate } {
  const days = valueAt(LEGAL.aoBekanntgabeDays, postingDate);
  const bekanntgabe = nextWorkingDay(addDays(postingDate, days), state);
  const fristende = nextWorkingDay(addMonths(bekanntgabe, valueAt(LEGAL.aoEinspruchMonths, postingDate)), state);
  return { bekanntgabe, fristende };
}

/** Einspruch against a Bußgeldbescheid: two weeks after Zustellung (§67 OWiG), end moved past weekends/holidays (§43 Abs. 2 StPO). */
export function bussgeldEinspruchsfrist(zustellung: CalendarDate, state?: GermanState): CalendarDate {
  return nextWorkingDay(addDays(zustellung, valueAt(LEGAL.owigEinspruchDays, zustellung)), state);
}

/**
 * Verfolgungsverjährung of a traffic offence (§26 Abs. 3 StVG): three months after the act,
 * unless interrupted (§33 OWiG, e.g. by an Anhörung). Returns the date it would expire and
 * whether the notice is dated after it.
 */
export function stvgVerjaehrung(tatdatum: CalendarDate, bescheiddatum: CalendarDate): { ablauf: CalendarDate; bescheidNachAblauf: boolean } {
  const ablauf = addDays(addMonths(tatdatum, valueAt(LEGAL.stvgVerjaehrungMonths, tatdatum)), -1);
  return { ablauf, bescheidNachAblauf: compareDates(bescheiddatum, ablauf) > 0 };
}

/** Kündigungsschutzklage: three weeks after Zugang (§4 KSchG), end moved to the next working day (§222 ZPO). */
export function kschgKlagefrist(zugang: CalendarDate, state?: GermanState): CalendarDate {
  return nextWorkingDay(addDays(zugang, valueAt(LEGAL.kschgKlageDays, zugang)), state);
}

/**
 * Latest day to register as job-seeking (§38 Abs. 1 SGB III): three months before the end of
 * employment, or within three days of learning of it when less than three months remain.
 */
export function arbeitsuchendMeldung(kenntnis: CalendarDate, ende: CalendarDate): CalendarDate {
  const threeMonthsBefore = addMonths(ende, -valueAt(LEGAL.sgb3MeldungMonths, kenntnis));
  if (compareDates(kenntnis, threeMonthsBefore) <= 0) return threeMonthsBefore;
  return addDays(kenntnis, valueAt(LEGAL.sgb3MeldungDays, kenntnis));
}

/** Completed years between two dates. */
export function completedYears(from: CalendarDate, to: CalendarDate): number {
  let years = to.year - from.year;
  if (to.month < from.month || (to.month === from.month && to.day < from.day)) years--;
  return Math.max(0, years);
}

/**
 * Earliest lawful end of employment for an employer's ordinary notice given on `zugang`
 * (§622 BGB): with less than two years' service four weeks to the 15th or end of a month; else
 * 1–7 months to the end of a calendar month by the tenure completed when the notice is received
 * (the Zugang decides, not the end date it names: ErfK/Müller-Glöge § 622 BGB Rn. 11,
 * Prütting/Wegen/Weinreich § 622 Rn. 2); two weeks during probation.
 */
export function earliestEmploymentEnd(zugang: CalendarDate, eintritt: CalendarDate | null, probation = false): { ende: CalendarDate; rule: string } {
  if (probation) return { ende: addDays(zugang, 14), rule: 'zwei Wochen in der Probezeit (§622 Abs. 3 BGB)' };
  const base = addDays(zugang, 28);
  const fourWeeks = base.day <= 15 ? { ...base, day: 15 } : endOfMonth(base);
  if (!eintritt) return { ende: fourWeeks, rule: 'vier Wochen zum 15. oder Monatsende (§622 Abs. 1 BGB)' };
  const table = valueAt(LEGAL.bgb622Employer, zugang);
  // Tenure is counted at receipt; try the longest periods first.
  const tenure = completedYears(eintritt, zugang);
  for (const [years, months] of [...table].reverse()) {
    const ende = endOfMonth(addMonths(zugang, months));
    if (tenure >= years) return { ende, rule: `${months} Monat${months > 1 ? 'e' : ''} zum Monatsende bei mindestens ${years} Jahren Beschäftigung (§622 Abs. 2 BGB)` };
  }
  return { ende: fourWeeks, rule: 'vier Wochen zum 15. oder Monatsende (§622 Abs. 1 BGB)' };
}

/**
 * The third Werktag of a month for the Karenzzeit of §573c Abs. 1 BGB: Saturdays do not count
 * (BGH VIII ZR 206/04), nor Sundays and public holidays.
 */
function thirdWerktag(year: number, month: number): CalendarDate {
  let d: CalendarDate = { year, month, day: 1 };
  let count = 0;
  for (;;) {
    if (isWorkingDay(d)) count++;
    if (count === 3) return d;
    d = addDays(d, 1);
  }
}

/**
 * Earliest end of an allotment-garden lease terminated by the lessor (§9 Abs. 2 BKleingG): only
 * for 30 November, declared by the third Werktag of August for a breach of duties (Abs. 1 Nr. 1),
 * by the third Werktag of February for the other grounds. The later (August) day is taken: it
 * never calls a termination late that one of the grounds allows.
 */
export function earliestAllotmentEnd(zugang: CalendarDate): CalendarDate {
  const late = compareDates(zugang, thirdWerktag(zugang.year, 8)) > 0;
  return { year: zugang.year + (late ? 1 : 0), month: 11, day: 30 };
}

/**
 * Earliest end of a residential tenancy (§573c Abs. 1 BGB): notice received by the third
 * Werktag of a month ends the tenancy at the end of the month after next (3 months); the
 * landlord's period grows to 6 / 9 months after 5 / 8 years. A landlord terminating under §573a
 * BGB (own two-flat house, rooms in the own flat) adds three months to it (`ownHouse`).
 */
export function earliestTenancyEnd(zugang: CalendarDate, byLandlord: boolean, mietbeginn: CalendarDate | null, ownHouse = false): { ende: CalendarDate; months: number } {
  let months = valueAt(LEGAL.bgb573cTenantMonths, zugang);
  if (byLandlord && mietbeginn) {
    for (const [years, m] of valueAt(LEGAL.bgb573cLandlord, zugang)) if (completedYears(mietbeginn, zugang) >= years) months = m;
  }
  if (byLandlord && ownHouse) months += valueAt(LEGAL.bgb573aExtraMonths, zugang);
  const late = compareDates(zugang, thirdWerktag(zugang.year, zugang.month)) > 0;
  const ende = endOfMonth(addMonths({ ...zugang, day: 1 }, months - 1 + (late ? 1 : 0)));
  return { ende, months };
}

/** Gesetzliche Gebühr (1,0) of the RVG table for a value in cents; null above the table's range. */
export function rvgFee(valueCents: number, on: CalendarDate): number | null {
  const table = valueAt(LEGAL.rvgTable, on);
  let fee = table.base;
  let lower = 50_000; // 500 €
  if (valueCents <= lower) return fee;
  for (const [upTo, step, increase] of table.steps) {
    const span = Math.min(valueCents, upTo) - lower;
    if (span > 0) fee += Math.ceil(span / step) * increase;
    if (valueCents <= upTo) return fee;
    lower = upTo;
  }
  return null;
}

/**
 * Highest Inkasso costs a consumer can be asked to reimburse for an undisputed claim (§13e RDG):
 * a 0,9 Geschäftsgebühr (of a 1,0 fee of 30 € for claims up to 50 €), 20 % expenses (max 20 €), plus VAT. The
 * exceptional 1,3 (particularly extensive work) is reported alongside. Null when out of range.
 */
export function inkassoCap(hauptforderung: number, on: CalendarDate): { usual: number; exceptional: number } | null {
  const caps = valueAt(LEGAL.inkassoCaps, on);
  const fee = rvgFee(hauptforderung, on);
  if (fee === null) return null;
  // §13 Abs. 2 RVG: for undisputed claims up to 50 € the 1,0 fee is 30 € instead of the table's.
  const base = hauptforderung <= caps.smallClaimUpTo ? caps.smallClaimFee : fee;
  const total = (rate: number) => {
    const gebuehr = Math.round(base * rate);
    const expenses = Math.min(Math.round(gebuehr * caps.expensesShare), caps.expensesMax);
    return Math.round((gebuehr + expenses) * (1 + caps.vatPercent / 100));
  };
  return { usual: total(caps.usualRate), exceptional: total(caps.exceptionalRate) };
}

/** Highest statutory default-interest rate in percent on `on`: base rate + 5 (consumer) or + 9 points (business). */
export function maxVerzugszinssatz(on: CalendarDate, business: boolean): number {
  const base = valueAt(LEGAL.basiszinssatz, on);
  return Math.round((base + valueAt(business ? LEGAL.verzugBusinessPoints : LEGAL.verzugConsumerPoints, on)) * 100) / 100;
}

/**
 * Highest statutory default interest on `principal` cents from `from` (first day of default) to
 * `to`, day by day with the base rate of each half-year (act/365). Rounded to cents.
 */
export function maxVerzugszinsen(principal: number, from: CalendarDate, to: CalendarDate, business: boolean): number {
  let sum = 0;
  for (let d = from; compareDates(d, to) < 0; d = addDays(d, 1)) {
    const daysInYear = daysInMonth(d.year, 2) === 29 ? 366 : 365;
    sum += (principal * maxVerzugszinssatz(d, business)) / 100 / daysInYear;
  }
  return Math.round(sum);
}

/** End of the regular limitation period (§§195, 199 BGB): 31.12. of the third year after the year the claim arose. */
export function regelverjaehrung(entstehung: CalendarDate): CalendarDate {
  return { year: entstehung.year + valueAt(LEGAL.bgb195Years, entstehung), month: 12, day: 31 };
}

/** Minimum wage per hour in cents on a date; null before the statutory minimum wage (2015). */
export function mindestlohnAt(on: CalendarDate): number | null {
  return inForce(LEGAL.mindestlohn, on);
}

export interface ContributionCheck {
  branch: 'rv' | 'av' | 'kv' | 'pv';
  printed: number;
  expectedMin: number;
  expectedMax: number;
}

/**
 * Employee social-insurance shares expected for a monthly gross (cents) in a month, capped at
 * the contribution ceilings; null inside the Übergangsbereich / minijob range, where reduced
 * rates apply. Tolerance 1 % of the expected amount plus 0,05 € covers rounding and SV-Brutto
 * differing slightly from the printed gross.
 */
export function expectedContributions(gross: number, on: CalendarDate): Record<ContributionCheck['branch'], [min: number, max: number]> | null {
  const sv = inForce(LEGAL.sozialversicherung, on);
  if (!sv || gross <= sv.uebergangsbereichBis) return null;
  const kvBase = Math.min(gross, sv.bbgKv);
  const rvBase = Math.min(gross, sv.bbgRv);
  const band = (base: number, lo: number, hi: number): [number, number] => [
    Math.floor((base * lo) / 100 * 0.99) - 5,
    Math.ceil((base * hi) / 100 * 1.01) + 5,
  ];
  return { rv: band(rvBase, sv.rv, sv.rv), av: band(rvBase, sv.av, sv.av), kv: band(kvBase, sv.kvMin, sv.kvMax), pv: band(kvBase, sv.pvMin, sv.pvMax) };
}

export type Branch = ContributionCheck['branch'];

/**
 * The employee's legal share of one branch in percent ([min, max]: the KV Zusatzbeitrag and the
 * PV child rules vary by person) and the branch's monthly ceiling in cents; null before the
 * table starts.
 */
export function legalShare(branch: Branch, on: CalendarDate): { rate: [number, number]; ceiling: number; uebergangsbereichBis: number } | null {
  const sv = inForce(LEGAL.sozialversicherung, on);
  if (!sv) return null;
  const rate: [number, number] = branch === 'rv' ? [sv.rv, sv.rv] : branch === 'av' ? [sv.av, sv.av] : branch === 'kv' ? [sv.kvMin, sv.kvMax] : [sv.pvMin, sv.pvMax];
  return { rate, ceiling: branch === 'rv' || branch === 'av' ? sv.bbgRv : sv.bbgKv, uebergangsbereichBis: sv.uebergangsbereichBis };
}

/** Net check: gross minus the statutory deductions; the difference to the printed net in cents. */
export function netDifference(gross: number, deductions: readonly number[], net: number): number {
  return gross - deductions.reduce((a, b) => a + b, 0) - net;
}

