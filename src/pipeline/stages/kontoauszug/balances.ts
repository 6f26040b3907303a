import { fold } from '../../layout/fold.js';
import { statementPatterns as vocab } from '../../layout/vocabulary.js';
import { labelValuePairs } from '../../layout/table/index.js';
import type { AmountToken, Line } from '../../layout/lines.js';

/**
 * Lines that state a balance or a running total are not postings (SPEC §8): the opening
 * balance (Alter Kontostand, Saldo alt, Anfangssaldo …), the closing balance (Neuer
 * Kontostand, Saldo neu, Endsaldo …) and carry-overs / subtotals (Übertrag, Zwischensumme,
 * Summe Soll/Haben), which only repeat what the postings already say. A projected balance
 * (`Voraussichtlicher Kontostand am …`, after a preview of orders due later) is a balance line
 * too, but the statement's arithmetic never uses it: it includes rows that are not booked.
 */
export type BalanceKind = 'opening' | 'closing' | 'either' | 'carry' | 'projected';

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
  // "Übertrag auf Tagesgeld …8018" under a transfer's type line names the other account: a
  // purpose line. A carry-over names a page ("Übertrag von Seite 1") or nothing, and states an
  // amount on its line or right below; only lines without an amount are read this way.
  if (!firstDate && line.amounts.length === 0 && vocab.carryTransfer.test(t)) return null;
  if (vocab.projectedBalance.test(t)) return 'projected';
  if (vocab.opening.test(t)) return 'opening';
  if (vocab.closing.test(t)) return 'closing';
  // "Sparen Übertrag" under a transfer's type line names what the transfer is: a purpose line.
  if (!firstDate && line.amounts.length === 0 && vocab.carryAsPurpose.test(t.trim())) return null;
  if (vocab.carry.test(t)) return 'carry';
  if (vocab.balanceAt.test(t) || (firstDate?.word === 0 && vocab.balanceAt.test(fold(line.words.slice(firstDate.last + 1).map((w) => w.text).join(' '))))) return 'either';
  return null;
}

/**
 * The amount a balance line states: where the line prints several labels each beside its value
 * (`Saldo der letzten Abrechnung 1.529,64   Kreditrahmen 3.000,00`), the value of the label that
 * names the balance; else its last amount (the balance column).
 */
export function balanceAmount(line: Line): AmountToken | null {
  const pairs = labelValuePairs(line);
  if (pairs.length >= 2 && pairs.every((p) => p.folded !== '')) {
    const named = pairs.find((p) => vocab.opening.test(p.folded) || vocab.closing.test(p.folded) || vocab.balanceAt.test(p.folded) || vocab.carry.test(p.folded));
    if (named && named !== pairs[pairs.length - 1]) return named.value;
  }
  return line.amounts[line.amounts.length - 1] ?? null;
}
