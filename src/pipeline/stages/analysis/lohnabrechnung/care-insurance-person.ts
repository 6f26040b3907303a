/**
 * What a payslip prints about the person that fixes the exact Pflegeversicherung rate (§§ 55, 58
 * SGB XI; issue 22, batch J's J-L3): the number of children under 25 and whether the place of
 * employment is in Saxony, where employees pay 0,5 points more. Saxony is decided only where the
 * slip prints its `Beschäftigungsort` and a postcode with that same place (the letterhead's
 * `01099 Dresden` beside `Beschäftigungsort: Dresden`): the employer's seat alone does not say
 * where the employee works. Unknown stays null: the rate is then judged against both the Saxon
 * and the other Länder's rate (review-flags.ts). Payroll programs print the children counted for
 * the PV as `Kinder unter 25: 1`, `Kinder PV 1` or `PV-Kinder 2`, and the parent status itself as
 * `Elterneigenschaft nachgewiesen: ja` (§ 55 Abs. 3 SGB XI: the childless surcharge is waived
 * only once it is proven).
 */
import { findInProse, type PageText } from '../common/prose.js';

export interface CareInsurancePerson {
  /** The place of employment is in Saxony (true), elsewhere (false), or not printed (null). */
  saxony: boolean | null;
  place: string | null;
  childrenUnder25: number | null;
  /** The slip states the parent status as proven (true), as not proven (false), or not at all (null). */
  parent: boolean | null;
}

/** Saxon postcode areas (Deutsche Post Leitregionen 01, 02, 04, 08, 09 within Saxony's border). */
const SAXONY: readonly [number, number][] = [
  [1001, 1936],
  [2601, 2999],
  [4001, 4579],
  [4600, 4899],
  [8001, 9669],
];

const PLACE = /Beschäftigungsort:?[ \t]+(\p{Lu}[\p{L}-]+(?:[ \t]\(?\p{L}+\.?\)?)?)/u;
const CHILDREN = /(?:Kinder[ \t]+unter[ \t]+25(?:[ \t]+Jahren)?|Kinder[ \t]*\(?PV\)?|PV-Kinder(?:zahl)?|Kinderzahl[ \t]+PV):?[ \t]+(\d)\b/u;
const PARENT = /Elterneigenschaft(?:[ \t]+nachgewiesen)?:?[ \t]+(ja|nein)\b/iu;

export function careInsurancePerson(texts: readonly PageText[]): CareInsurancePerson {
  const children = findInProse(texts, CHILDREN);
  const place = findInProse(texts, PLACE)?.value.split(/[ \t]/u)[0] ?? null;
  let saxony: boolean | null = null;
  if (place) {
    const postcode = findInProse(texts, new RegExp(String.raw`\b(\d{5})[ \t]+${place.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}\b`, 'u'));
    const n = postcode ? Number(postcode.value) : null;
    if (n !== null) saxony = SAXONY.some(([lo, hi]) => n >= lo && n <= hi);
  }
  const parent = findInProse(texts, PARENT)?.value.toLowerCase();
  return { saxony, place, childrenUnder25: children ? Number(children.value) : null, parent: parent === undefined ? null : parent === 'ja' };
}
