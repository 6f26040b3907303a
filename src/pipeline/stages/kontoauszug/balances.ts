import { fold } from '../../layout/fold.js';
import { statementPatterns as vocab } from '../../layout/vocabulary.js';
import type { Line } from '../../layout/lines.js';

/**
 * Lines that state a balance or a running total are not postings (SPEC §8): the opening
 * balance (Alter Kontostand, Saldo alt, Anfangssaldo …), the closing balance (Neuer
 * Kontostand, Saldo neu, Endsaldo …) and carry-overs / subtotals (Übertrag, Zwischensumme,
 * Summe Soll/Haben), which only repeat what the postings already say.
 */
export type BalanceKind = 'opening' | 'closing' | 'either' | 'carry';

export function balanceKind(line: Line): BalanceKind | null {
  // A posting begins with its date; only undated lines (or lines where the keyword comes
  // before any date) can be balance lines. "03.03. Übertrag auf Sparkonto" is a posting.
  const t = line.folded;
  const firstDate = line.dates[0];
  if (firstDate && firstDate.word === 0 && line.dates.length >= 1) {
    const rest = fold(line.words.slice(firstDate.last + 1).map((w) => w.text).join(' '));
    // A dated "Übertrag" is a carry-over only as "Übertrag (von Seite 1)"; "Übertrag/Überweisung
    // Max Mustermann" and "Übertrag auf Sparkonto" are transfers.
    const carry = vocab.datedCarry.test(rest.replace(/\s*[\d.]+,\d{2}\s*[+\-SH]?\s*(eur|€)?\s*$/u, ''));
    if (!carry && !vocab.datedBalance.test(rest)) return null;
  }
  if (vocab.opening.test(t)) return 'opening';
  if (vocab.closing.test(t)) return 'closing';
  if (vocab.carry.test(t)) return 'carry';
  if (vocab.balanceAt.test(t) || (firstDate?.word === 0 && vocab.balanceAt.test(fold(line.words.slice(firstDate.last + 1).map((w) => w.text).join(' '))))) return 'either';
  return null;
}
