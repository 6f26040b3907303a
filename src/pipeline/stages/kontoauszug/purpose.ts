import { statementPatterns as vocab } from '../../layout/vocabulary.js';

/**
 * A posting's remittance text where it prints no `SVWZ+` field (SPEC §8a `purpose`): its
 * Buchungstext (SPEC §8: text without the counterparty, dates and amounts) without the printed
 * type words and without the reference and account fields (tagged `EREF+ …`, spelled-out
 * `Mandatsref: …`, `IBAN …` — an IBAN printed in groups of four whole, `IBAN: DE31 2656 …` —,
 * `BIC …`), which have fields of their own. Null where nothing is left.
 */
/** A tagged field other than SVWZ, up to the next tag or the end (its value may have wrapped over lines). */
const TAGGED = /(?<![A-Za-z])(?:EREF|MREF|CRED|KREF|ABWA|ABWE|PURP|IBAN|BIC|COAM|OAMT|SQTP|DEBT)\+.*?(?=(?<![A-Za-z])(?:EREF|MREF|CRED|KREF|SVWZ|ABWA|ABWE|PURP|IBAN|BIC|COAM|OAMT|SQTP|DEBT)\+|$)/gu;
const FIELD =
  /(?:\bIBAN\s*:?\s*[A-Z]{2}\d{2}(?: [A-Z0-9]{4}){2,7}(?: [A-Z0-9]{1,4})?(?=\s|$)|\b(?:End-?to-?End-?(?:Ref(?:erenz)?|ID)\.?|EREF|Mandatsref(?:erenz)?\.?|Mand(?:ats?)?-?ID|Mandat|Gl(?:ä|ae)ubiger-?ID|Creditor-?ID|Einreicher-?ID|Kundenreferenz|IBAN|BIC)\s*:?\s*[A-Z0-9][\w./-]*\d[\w./-]*|\b(?:IBAN|BIC)\s*:?\s*[A-Z0-9]{8,34})/gu;

export function postingPurpose(text: string, typeText: string | null): string | null {
  let t = text.trim();
  if (typeText && t.startsWith(typeText)) t = t.slice(typeText.length);
  // A conversion rate right after the type (`Auslandszahlungseingang 1,0839 …`: a `Kurs` column's
  // cell, four decimals or more, no currency amount has them) is the terms, not the remittance text.
  t = t.replace(/^\s*\d{1,3},\d{4,}(?=\s|$)/u, '');
  t = t
    .replace(TAGGED, ' ')
    .replace(FIELD, ' ')
    .replace(vocab.purposeLabel, ' ')
    .replace(/\s+/gu, ' ')
    .replace(/^[\s·:,.\-/]+|[\s·:,\-/]+$/gu, '')
    .trim();
  return t === '' ? null : t;
}
