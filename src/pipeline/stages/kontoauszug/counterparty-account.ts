import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

/**
 * The counterparty's account as the posting text prints it (SPEC §8a `counterparty.iban`,
 * `counterparty.bic`): `IBAN DE12 3456 …`, `IBAN: DE12…`, `(DE12…)`, `BIC: COBADEFFXXX`.
 *
 * Contracts:
 * - An IBAN is reported only when it passes its country's length and the ISO 13616 check
 *   (ibantools); a number that does not (an anonymised or misread one) is null, never repaired.
 *   It is reported in electronic format (no spaces). The account's own IBAN is never the
 *   counterparty's.
 * - A BIC is taken only after a `BIC` label (eight or eleven characters that ibantools accepts
 *   as a BIC): a bare word of capitals is too often a name.
 */
/** Up to 9 groups of 1–4 letters/digits after a country code and check digits, spaced or not. */
const IBAN_START = /(?<![A-Z0-9])([A-Z]{2}\d{2})((?:\s?[A-Z0-9]{1,4}){1,8})/gu;
const BIC = /\bBIC\b\s*:?\s*([A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)(?![A-Z0-9])/u;

export interface CounterpartyAccount {
  iban: string | null;
  bic: string | null;
}

/** The first checksum-valid IBAN of `text` other than `own`: the longest run of its groups that is one. */
export function printedIban(text: string, own: string | null): string | null {
  for (const m of text.matchAll(IBAN_START)) {
    const groups = m[2]!.trim().split(/\s/u);
    // The run may take in the next word (`DE12 … 00 BIC`): try it whole, then shorter.
    for (let n = groups.length; n > 0; n--) {
      const candidate = electronicFormatIBAN(m[1]! + groups.slice(0, n).join(''));
      if (candidate && isValidIBAN(candidate) && candidate !== own) return candidate;
    }
  }
  return null;
}

export function counterpartyAccount(text: string, own: string | null): CounterpartyAccount {
  const bic = BIC.exec(text)?.[1] ?? null;
  return { iban: printedIban(text, own), bic: bic && isValidBIC(bic) ? bic : null };
}
