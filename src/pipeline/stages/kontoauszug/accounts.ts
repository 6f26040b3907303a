import type { Line } from '../../layout/lines.js';

/**
 * Account IBANs printed outside postings. A posting's own text may quote the counterparty's
 * IBAN; those lines are never passed here. IBANs of the German-speaking countries (DE 22, AT
 * 20, CH and LI 21 characters) are taken as printed, grouped in fours or run together
 * (statements print anonymised or test numbers whose check digits need not hold); other
 * countries' IBANs must pass the ISO 13616 mod-97 check. The table name prints them grouped in
 * fours (SPEC §8).
 */
/** Groups apart by a space, or by one stray mark (`8044.07`: a speck read as a point on a scan). */
const DE_IBAN = /\b(DE\d{2})\s?((?:\d{4}[\s.,:']?){4}\d{2})\b/u;
const AT_IBAN = /\b(AT\d{2})\s?((?:\d{4}[\s.,:']?){3}\d{4})\b/u;
const CH_IBAN = /\b((?:CH|LI)\d{2})\s?(\d{4}[\s.,:']?\d[\dA-Z]{3}[\s.,:']?(?:[\dA-Z]{4}[\s.,:']?){2}[\dA-Z])\b/u;
const IBAN = /\b([A-Z]{2}\d{2})\s?((?:[A-Z0-9]{4}\s?){2,7}[A-Z0-9]{1,4})\b/gu;

function mod97(iban: string): boolean {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const v = /\d/u.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of v) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

export function ibanOf(line: Line): string | null {
  const de = DE_IBAN.exec(line.text);
  if (de) return de[1]! + de[2]!.replace(/\D/gu, '');
  const near = AT_IBAN.exec(line.text) ?? CH_IBAN.exec(line.text);
  if (near) return near[1]! + near[2]!.replace(/[^\dA-Z]/gu, '');
  for (const m of line.text.matchAll(IBAN)) {
    const iban = (m[1]! + m[2]!).replace(/\s+/gu, '');
    if (iban.length >= 15 && iban.length <= 34 && mod97(iban)) return iban;
  }
  return null;
}

export function groupIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/gu, '$1 ');
}
