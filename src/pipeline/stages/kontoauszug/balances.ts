import { fold, type Line } from './lines.js';

/**
 * Lines that state a balance or a running total are not postings (SPEC §8): the opening
 * balance (Alter Kontostand, Saldo alt, Anfangssaldo …), the closing balance (Neuer
 * Kontostand, Saldo neu, Endsaldo …) and carry-overs / subtotals (Übertrag, Zwischensumme,
 * Summe Soll/Haben), which only repeat what the postings already say.
 */
export type BalanceKind = 'opening' | 'closing' | 'either' | 'carry';

const OPENING = /\b(alt \(\d|alter? (kontostand|saldo|buchungssaldo)|(buchungs)?saldo alt|saldo vorher|saldo (der )?letzten? (abrechnung|auszug|kontoauszug)|saldo (aus )?vor(abrechnung|monat|periode)|vorheriger saldo|letzter saldo|anfangssaldo|anfangsbestand|startsaldo|vortrag|saldovortrag|kontostand (zu beginn|beginn|anfang))/u;
const CLOSING = /\b(neu \(\d|neuer? (kontostand|saldo|buchungssaldo)|(buchungs)?saldo neu|endsaldo|endbestand|schlusssaldo|schlussbestand|kontostand (zum ende|ende))/u;
const EITHER = /^(kontostand|saldo|kontosaldo)\b|\b(kontostand|saldo) (am|vom|per|zum)\b/u;
const CARRY = /(?<!\p{L})(valutarische[rn]? saldo|übertrag|uebertrag|zwischensumme|zwischensaldo|summe (soll|haben|der umsätze|umsätze|belastungen|gutschriften)|umsatzsumme|summe\b|gesamtumsatz|seitensumme)/u;

export function balanceKind(line: Line): BalanceKind | null {
  // A posting begins with its date; only undated lines (or lines where the keyword comes
  // before any date) can be balance lines. "03.03. Übertrag auf Sparkonto" is a posting.
  const t = fold(line.text);
  const firstDate = line.dates[0];
  if (firstDate && firstDate.word === 0 && line.dates.length >= 1) {
    const rest = fold(line.words.slice(firstDate.last + 1).map((w) => w.text).join(' '));
    // A dated "Übertrag" is a carry-over only as "Übertrag (von Seite 1)"; "Übertrag/Überweisung
    // Max Mustermann" and "Übertrag auf Sparkonto" are transfers.
    const carry = /^(übertrag|uebertrag)(\s+(von|aus|auf)\s+(der\s+)?(seite|blatt|vorseite|folgeseite)\b.*)?\s*[\d.,+\-SH€]*$/u.test(rest.replace(/\s*[\d.]+,\d{2}\s*[+\-SH]?\s*(eur|€)?\s*$/u, ''));
    if (!carry && !/^(\d{1,2}\.\d{1,2}\.\d{0,4} )?(alter?|neuer?|saldo|kontostand|anfangssaldo|endsaldo|zwischensumme)\b/u.test(rest)) return null;
  }
  if (OPENING.test(t)) return 'opening';
  if (CLOSING.test(t)) return 'closing';
  if (CARRY.test(t)) return 'carry';
  if (EITHER.test(t) || (firstDate?.word === 0 && EITHER.test(fold(line.words.slice(firstDate.last + 1).map((w) => w.text).join(' '))))) return 'either';
  return null;
}
