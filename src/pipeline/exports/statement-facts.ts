import { createHash } from 'node:crypto';
import { formatGermanAmount } from '../../domain/money.js';
import type { AccountRecord } from '../model/result.js';
import { decimalToCents } from './decimal-amount.js';

/**
 * What every export says of one account beyond its postings: the balances in cents with their
 * dates, whether a balance was printed or worked out from the other, and the notes that tell
 * an importer the statement does not reconcile. camt.053 and MT940 require both balances; a
 * missing one is derived (opening = closing − Σ, closing = opening + Σ) — the statement's own
 * arithmetic, not a guess — and the export says so. With neither printed, the opening is 0 and
 * the export says that too.
 */
export interface StatementFacts {
  account: AccountRecord;
  openingCents: number;
  closingCents: number;
  /** opening + Σ postings: what the closing balance must be for the statement to add up. */
  computedClosingCents: number;
  openingDate: string;
  closingDate: string;
  /** `printed` — on the statement; `derived` — from the other balance and the postings; `assumed` — neither printed, 0. */
  openingFrom: 'printed' | 'derived' | 'assumed';
  closingFrom: 'printed' | 'derived' | 'assumed';
  reconciled: boolean;
  /** German notes in the SWIFT character set (no umlauts, no `=`) for the statement-level text of each format; empty when nothing to say. */
  notes: string[];
}

export function statementFacts(account: AccountRecord, fallbackDate: string): StatementFacts {
  const sum = account.postings.reduce((s, p) => s + decimalToCents(p.amount), 0);
  const printedOpening = account.opening_balance ? decimalToCents(account.opening_balance.amount) : null;
  const printedClosing = account.closing_balance ? decimalToCents(account.closing_balance.amount) : null;
  const openingCents = printedOpening ?? (printedClosing !== null ? printedClosing - sum : 0);
  const closingCents = printedClosing ?? openingCents + sum;
  const bookingDates = account.postings.map((p) => p.booking_date).sort();
  const openingDate = account.opening_balance?.date ?? account.period.start ?? bookingDates[0] ?? account.closing_balance?.date ?? fallbackDate;
  const closingDate = account.closing_balance?.date ?? account.period.end ?? bookingDates.at(-1) ?? openingDate;
  const openingFrom = printedOpening !== null ? 'printed' : printedClosing !== null ? 'derived' : 'assumed';
  const closingFrom = printedClosing !== null ? 'printed' : printedOpening !== null ? 'derived' : 'assumed';
  const computedClosingCents = openingCents + sum;
  const notes: string[] = [];
  if (!account.reconciled) {
    notes.push(
      printedOpening !== null && printedClosing !== null
        ? `NICHT ABGESTIMMT: Anfangssaldo ${formatGermanAmount(openingCents)} plus Umsaetze ${formatGermanAmount(sum)} ergibt ${formatGermanAmount(computedClosingCents)}, gedruckter Endsaldo ${formatGermanAmount(printedClosing)}.`
        : 'NICHT ABGESTIMMT: dass Anfangssaldo plus Umsaetze den Endsaldo ergibt, ist nicht belegt.',
    );
  }
  if (openingFrom === 'derived') notes.push('Anfangssaldo nicht gedruckt, aus Endsaldo und Umsaetzen berechnet.');
  if (closingFrom === 'derived') notes.push('Endsaldo nicht gedruckt, aus Anfangssaldo und Umsaetzen berechnet.');
  if (openingFrom === 'assumed') notes.push('Keine Salden gedruckt: Anfangssaldo 0,00 angenommen, Endsaldo ist die Summe der Umsaetze.');
  return {
    account,
    openingCents,
    closingCents,
    computedClosingCents,
    openingDate,
    closingDate,
    openingFrom,
    closingFrom,
    reconciled: account.reconciled,
    notes,
  };
}

/**
 * A reference derived from the content, so that the same statement exported twice carries the
 * same identifiers (an importer recognises a file it has already read), of at most `length`
 * characters: `prefix` + hex of SHA-256.
 */
export function contentReference(prefix: string, content: unknown, length: number): string {
  const hex = createHash('sha256').update(JSON.stringify(content)).digest('hex');
  return (prefix + hex).slice(0, length).toUpperCase();
}
