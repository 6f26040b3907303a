import type { Line } from '../../layout/lines.js';
import { statementPatterns as vocab } from '../../layout/vocabulary.js';

/**
 * The account's currency (ISO 4217) for `statement.currency` (SPEC §8): the currency most often
 * named on the lines outside the postings — balances, column headers, the letterhead and the
 * account details (`Saldo CHF`, `Kontowährung: CHF`, `Betrag in EUR`, `€`). Posting lines are
 * left out: a euro account's card payment in dollars names USD. Euro when none is named.
 */
const CODES = vocab.currencyCode;
const ISO: Record<string, string> = { EUR: 'EUR', '€': 'EUR', Euro: 'EUR', CHF: 'CHF', SFr: 'CHF', Fr: 'CHF', USD: 'USD', GBP: 'GBP' };

export function statementCurrency(lines: readonly Line[]): string {
  const counts = new Map<string, number>();
  for (const l of lines) {
    for (const w of l.words) {
      // `CHF`, `(CHF)`, `CHF:`, `Fr.`: the code with its punctuation off; `Fr` only with its point (a weekday is `Fr` too).
      const bare = w.text.replace(/^[([]+|[)\]:,;]+$/gu, '');
      const code = bare === 'Fr.' || bare === 'SFr.' ? bare.slice(0, -1) : bare === 'Fr' ? '' : bare;
      if (CODES.test(code)) counts.set(ISO[code]!, (counts.get(ISO[code]!) ?? 0) + 1);
    }
  }
  let best = 'EUR';
  let most = counts.get('EUR') ?? 0;
  for (const [iso, n] of counts) if (n > most) [best, most] = [iso, n];
  return best;
}
