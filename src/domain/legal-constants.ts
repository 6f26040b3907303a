/**
 * German-law constants the review flags use, in one dated table. Every entry names its legal
 * source; values that change over time are lists of { from, value } in ascending order and are
 * read with `valueAt`. Amounts in cents, rates in percent. Reviewed 2026-11-21: extend the
 * lists when a new half-year base rate, minimum wage or contribution rate is published.
 */
import { type CalendarDate, compareDates, fromIso } from './german-dates.js';

export interface Dated<T> {
  /** First day the value applies (ISO date). */
  from: string;
  value: T;
}

export interface LegalConstant<T> {
  values: readonly Dated<T>[];
  source: string;
}

export const LEGAL_CONSTANTS_REVIEWED = '2026-11-21';

export const LEGAL = {
  /** Days after posting a letter from the tax office is deemed notified (Bekanntgabefiktion). */
  aoBekanntgabeDays: {
    values: [
      { from: '1977-01-01', value: 3 },
      { from: '2025-01-01', value: 4 }, // letters posted after 31.12.2024 (PostModG, Art. 97 §1 EGAO)
    ],
    source: '§122 Abs. 2 Nr. 1 AO i.d.F. des Postrechtsmodernisierungsgesetzes vom 15.07.2024 (BGBl. 2024 I Nr. 236); Fristende nach §108 Abs. 3 AO (BFH IX R 68/98)',
  } as LegalConstant<number>,
  /** Einspruchsfrist against a tax assessment, in months after Bekanntgabe. */
  aoEinspruchMonths: { values: [{ from: '1977-01-01', value: 1 }], source: '§355 Abs. 1 AO; Fristende §108 Abs. 1, 3 AO i.V.m. §188 Abs. 2 BGB' } as LegalConstant<number>,
  /** Einspruch against a Bußgeldbescheid, in days after Zustellung. */
  owigEinspruchDays: { values: [{ from: '1968-10-01', value: 14 }], source: '§67 Abs. 1 OWiG; Fristende §46 OWiG i.V.m. §43 Abs. 2 StPO' } as LegalConstant<number>,
  /** Verfolgungsverjährung of traffic offences (§24 StVG) until a Bußgeldbescheid is issued, in months. */
  stvgVerjaehrungMonths: { values: [{ from: '1998-01-01', value: 3 }], source: '§26 Abs. 3 StVG (danach sechs Monate); Unterbrechung §33 OWiG' } as LegalConstant<number>,
  /** Kündigungsschutzklage, in days after Zugang of the written termination. */
  kschgKlageDays: { values: [{ from: '2004-01-01', value: 21 }], source: '§4 Satz 1 KSchG; Fristende §222 ZPO i.V.m. §46 Abs. 2 ArbGG' } as LegalConstant<number>,
  /** Arbeitsuchend-Meldung: months before the end, or days after learning of it when less time remains. */
  sgb3MeldungMonths: { values: [{ from: '2006-01-01', value: 3 }], source: '§38 Abs. 1 SGB III' } as LegalConstant<number>,
  sgb3MeldungDays: { values: [{ from: '2006-01-01', value: 3 }], source: '§38 Abs. 1 Satz 2 SGB III' } as LegalConstant<number>,
  /**
   * Employer's notice period by completed years of employment: [years, months to the end of a
   * calendar month]; below two years four weeks to the 15th or the end of a month; during an
   * agreed probation (max. six months) two weeks.
   */
  bgb622Employer: {
    values: [
      {
        from: '1993-10-15',
        value: [
          [2, 1],
          [5, 2],
          [8, 3],
          [10, 4],
          [12, 5],
          [15, 6],
          [20, 7],
        ] as readonly (readonly [number, number])[],
      },
    ],
    source: '§622 Abs. 1–3 BGB',
  } as LegalConstant<readonly (readonly [number, number])[]>,
  /** Landlord's notice for residential tenancies in months: [years of tenancy, months]. */
  bgb573cLandlord: {
    values: [{ from: '2001-09-01', value: [[0, 3], [5, 6], [8, 9]] as readonly (readonly [number, number])[] }],
    source: '§573c Abs. 1 BGB (Zugang spätestens am dritten Werktag eines Monats, zum Ablauf des übernächsten Monats)',
  } as LegalConstant<readonly (readonly [number, number])[]>,
  /** Months § 573a BGB adds to the landlord's period of §573c when terminating a flat in a two-flat house the landlord lives in (or rooms in the landlord's own flat). */
  bgb573aExtraMonths: { values: [{ from: '2001-09-01', value: 3 }], source: '§573a Abs. 1 Satz 2, Abs. 2 BGB' } as LegalConstant<number>,
  bgb573cTenantMonths: { values: [{ from: '2001-09-01', value: 3 }], source: '§573c Abs. 1 Satz 1 BGB' } as LegalConstant<number>,
  /** Statutory base rate (Basiszinssatz) in percent, by half-year. */
  basiszinssatz: {
    values: [
      { from: '2016-07-01', value: -0.88 },
      { from: '2023-01-01', value: 1.62 },
      { from: '2023-07-01', value: 3.12 },
      { from: '2024-01-01', value: 3.62 },
      { from: '2024-07-01', value: 3.37 },
      { from: '2025-01-01', value: 2.27 },
      { from: '2025-07-01', value: 1.27 },
      { from: '2026-01-01', value: 1.27 },
    ],
    source: '§247 BGB; Bekanntmachungen der Deutschen Bundesbank im Bundesanzeiger (zuletzt 24.12.2025: 1,27 % ab 01.01.2026)',
  } as LegalConstant<number>,
  /** Verzugszinsen above the base rate in percentage points: consumers / business-to-business. */
  verzugConsumerPoints: { values: [{ from: '2002-01-01', value: 5 }], source: '§288 Abs. 1 BGB' } as LegalConstant<number>,
  verzugBusinessPoints: { values: [{ from: '2014-07-29', value: 9 }], source: '§288 Abs. 2 BGB' } as LegalConstant<number>,
  /** Regular limitation period of claims in years, running from the end of the year the claim arose. */
  bgb195Years: { values: [{ from: '2002-01-01', value: 3 }], source: '§§195, 199 Abs. 1 BGB' } as LegalConstant<number>,
  /**
   * RVG fee table (§13 Abs. 1 RVG): fee for a value up to 500 €, then [value up to, step, increase]
   * in euros. Values above 50.000 € are not checked.
   */
  rvgTable: {
    values: [
      { from: '2021-01-01', value: { base: 4900, steps: [[200_000, 50_000, 3900], [1_000_000, 100_000, 5600], [2_500_000, 300_000, 5200], [5_000_000, 500_000, 8100]] } },
      { from: '2025-06-01', value: { base: 5150, steps: [[200_000, 50_000, 4150], [1_000_000, 100_000, 5950], [2_500_000, 300_000, 5500], [5_000_000, 500_000, 8600]] } },
    ],
    source: '§13 Abs. 1 RVG mit Anlage 2 (KostRÄG 2021; ab 01.06.2025 i.d.F. KostBRÄG 2025, BGBl. 2025 I Nr. 109); Beträge in Cent',
  } as LegalConstant<{ base: number; steps: readonly (readonly [upToCents: number, stepCents: number, increaseCents: number])[] }>,
  /** Inkasso of an undisputed claim: fee rate caps and the small-claim fee. */
  inkassoCaps: {
    values: [
      {
        from: '2021-10-01',
        value: { usualRate: 0.9, exceptionalRate: 1.3, smallClaimUpTo: 5_000, smallClaimFee: 3_000, expensesShare: 0.2, expensesMax: 2_000, vatPercent: 19 },
      },
    ],
    source: '§13e Abs. 1 RDG i.V.m. §13 Abs. 2 RVG und Nr. 2300 Anm. Abs. 2 VV RVG (0,9; besonders umfangreich/schwierig 1,3); Auslagen Nr. 7002 VV RVG; USt Nr. 7008 VV RVG',
  } as LegalConstant<{ usualRate: number; exceptionalRate: number; smallClaimUpTo: number; smallClaimFee: number; expensesShare: number; expensesMax: number; vatPercent: number }>,
  /** Statutory minimum wage per hour, in cents. */
  mindestlohn: {
    values: [
      { from: '2015-01-01', value: 850 },
      { from: '2017-01-01', value: 884 },
      { from: '2019-01-01', value: 919 },
      { from: '2020-01-01', value: 935 },
      { from: '2021-01-01', value: 950 },
      { from: '2021-07-01', value: 960 },
      { from: '2022-01-01', value: 982 },
      { from: '2022-07-01', value: 1045 },
      { from: '2022-10-01', value: 1200 },
      { from: '2024-01-01', value: 1241 },
      { from: '2025-01-01', value: 1282 },
      { from: '2026-01-01', value: 1390 },
      { from: '2027-01-01', value: 1460 },
    ],
    source: '§1 MiLoG (2015: 8,50 €); Mindestlohnanpassungsverordnungen; Mindestlohnerhöhungsgesetz 2022 (12,00 € ab 01.10.2022); (2023: 12,41/12,82 €; Beschluss der Mindestlohnkommission vom 27.06.2025: 13,90 € ab 2026, 14,60 € ab 2027)',
  } as LegalConstant<number>,
  /**
   * Employee shares of social insurance contributions in percent (general rates; the KV
   * Zusatzbeitrag and the PV child rules vary by person, so the ranges are wide), and the
   * monthly contribution ceilings in cents.
   */
  /**
   * The employee's Pflegeversicherung rate of a parent in percent (§55 SGB XI, §58 Abs. 3 SGB XI):
   * half the general rate; in Saxony 0,5 points more (the Buß- und Bettag was kept as a holiday);
   * minus 0,25 points for the second to fifth child under 25.
   */
  pflegeversicherungEltern: {
    values: [
      { from: '2023-07-01', value: { parent: 1.7, saxonyExtra: 0.5, perChild: 0.25, maxChildren: 5 } },
      { from: '2025-01-01', value: { parent: 1.8, saxonyExtra: 0.5, perChild: 0.25, maxChildren: 5 } },
    ],
    source: '§55 Abs. 1, 3 SGB XI (3,4 % ab 07/2023, 3,6 % ab 2025; Abschlag 0,25 Punkte je Kind ab dem zweiten bis zum fünften Kind unter 25), §58 Abs. 3 SGB XI (Sachsen: Arbeitnehmer 0,5 Punkte mehr)',
  } as LegalConstant<{ parent: number; saxonyExtra: number; perChild: number; maxChildren: number }>,
  sozialversicherung: {
    values: [
      { from: '2024-01-01', value: { rv: 9.3, av: 1.3, kvMin: 7.3, kvMax: 7.3 + 2.2, pvMin: 0.7, pvMax: 2.9, bbgKv: 517_500, bbgRv: 755_000, uebergangsbereichBis: 200_000 } },
      { from: '2025-01-01', value: { rv: 9.3, av: 1.3, kvMin: 7.3, kvMax: 7.3 + 2.5, pvMin: 0.8, pvMax: 2.9, bbgKv: 551_250, bbgRv: 805_000, uebergangsbereichBis: 200_000 } },
      { from: '2026-01-01', value: { rv: 9.3, av: 1.3, kvMin: 7.3, kvMax: 7.3 + 2.8, pvMin: 0.8, pvMax: 2.9, bbgKv: 581_250, bbgRv: 845_000, uebergangsbereichBis: 200_000 } },
    ],
    source: '§158 SGB VI (RV 18,6 %), §341 SGB III (AV 2,6 %), §§241, 242 SGB V (KV 14,6 % + Zusatzbeitrag), §55 SGB XI (PV 3,6 %, Kinderlosenzuschlag, Abschläge ab 2 Kindern, Sachsen); SV-Rechengrößenverordnungen 2024–2026; Übergangsbereich §20 Abs. 2 SGB IV',
  } as LegalConstant<{ rv: number; av: number; kvMin: number; kvMax: number; pvMin: number; pvMax: number; bbgKv: number; bbgRv: number; uebergangsbereichBis: number }>,
} as const;

/** The value in force on `date`, or null before the table's first entry (a rule then has no basis and stays silent). */
export function inForce<T>(constant: LegalConstant<T>, date: CalendarDate): T | null {
  return compareDates(fromIso(constant.values[0]!.from), date) > 0 ? null : valueAt(constant, date);
}

/** The value that applies on `date` (the last entry whose `from` is not after it); the first entry before the table starts. */
export function valueAt<T>(constant: LegalConstant<T>, date: CalendarDate): T {
  let current = constant.values[0]!.value;
  for (const entry of constant.values) {
    if (compareDates(fromIso(entry.from), date) <= 0) current = entry.value;
  }
  return current;
}
