import { isValidBIC } from 'ibantools';
import type { Line } from '../../layout/lines.js';
import { ibanOf } from './accounts.js';

/**
 * The account's BIC as the statement prints it outside its postings (`BIC COBADEFFXXX`,
 * `BIC: GENODEM1GLS`): on the line that prints the account's IBAN where it does, else the first
 * labelled BIC of the document (the letterhead's). Checked with ibantools; null where none is printed.
 */
const BIC = /\bBIC\b\s*:?\s*([A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)(?![A-Z0-9])/u;

export function accountBic(lines: readonly Line[], iban: string | null): string | null {
  const bic = (l: Line): string | null => {
    const b = BIC.exec(l.text)?.[1];
    return b && isValidBIC(b) ? b : null;
  };
  const own = iban ? lines.find((l) => ibanOf(l) === iban && bic(l) !== null) : undefined;
  if (own) return bic(own);
  for (const l of lines) {
    const b = bic(l);
    if (b) return b;
  }
  return null;
}
