import { typePhrase } from './counterparty.js';
import { fold } from '../../layout/fold.js';
import { statementPatterns as vocab } from '../../layout/vocabulary.js';
import type { Line, Sign } from '../../layout/lines.js';
import type { Posting, SignedPosting } from './posting.js';
import { fitsUnread } from './repair.js';
import { signed } from './sections.js';

/**
 * Sign resolution. Certain sources, in this order: the sign the amount prints (`-`, U+2212,
 * trailing `-`/`+`, `S`/`H`); the column it stands in (Soll/Haben, Belastung/Gutschrift); the
 * running balance's change. Where none applies (flattened text, one unsigned column) the
 * posting type decides — Gutschrift/Lohn/Gehalt/Zahlungseingang credit, Lastschrift/
 * Kartenzahlung/Überweisung/Dauerauftrag debit — and the balances confirm or correct it:
 * opening + Σ postings must equal closing (see `reconcileSigns`). The words of each kind are
 * roles of the statement vocabulary (`layout/vocabulary.ts`).
 */

/**
 * Sign suggested by the posting's words; null when they say nothing. In this order: a booking
 * side named after the type; interest by kind wherever it stands on the first line ("Ihre
 * Tagesgeldzinsen"); a settlement (Abschluss, Abrechnung), which goes either way by its own words
 * and is a debit without any; credit types; a bare transfer that names its direction; a fee
 * that names its refund; debit types; then credit and debit words anywhere in the text,
 * app-English ones too.
 */
export function signFromType(firstLine: string, allText: string): Sign | null {
  const type = fold(typePhrase(firstLine) || firstLine);
  const all = fold(allText);
  // "INTERNE UMBUCHUNG HABEN" / "… SOLL": the booking side named after the type.
  const side = vocab.bookedSide.exec(fold(firstLine));
  if (side) return side[2] === 'haben' ? 1 : -1;
  if (vocab.interestCharged.test(fold(firstLine))) return -1;
  if (vocab.interestEarned.test(fold(firstLine))) return 1;
  if (vocab.settlement.test(type)) {
    const credit = vocab.settlementCredit.test(all);
    const debit = vocab.settlementDebit.test(all);
    return credit === debit ? -1 : credit ? 1 : -1;
  }
  if (vocab.creditType.test(type) || vocab.creditTypeInside.test(type) || vocab.incoming.test(type)) return 1;
  // A bare "Überweisung" goes either way; words that name the direction settle it.
  if (vocab.transfer.test(type) && vocab.incoming.test(all)) return 1;
  // A fee whose text names its refund ("sonstige Entgelte … Erstattung Entg. Debitkarte") is the
  // fee paid back; a fee for a returned debit (Entgelt Rücklastschrift) names no refund.
  if (vocab.typeFee.test(type) && vocab.feeRefund.test(all)) return 1;
  if (vocab.debitType.test(type) || vocab.debitAnywhere.test(type)) return -1;
  if (vocab.creditAnywhere.test(all)) return 1;
  if (vocab.debitType.test(all) || vocab.debitAnywhere.test(all)) return -1;
  return null;
}

/** A settlement posting ("Abrechnung 30.06.2023", "Abschluss"): its sign may be stated elsewhere. */
export function isSettlement(firstLine: string): boolean {
  return vocab.settlement.test(fold(typePhrase(firstLine) || firstLine));
}

/**
 * Settlement results the document states with their sign outside the postings — the
 * Rechnungsabschluss annex prints "Abrechnung 30.06.2023 222,74+" while the posting list
 * shows "Abrechnung 30.06.2023 222,74" in a column flattened text no longer tells apart.
 * By amount in cents; an amount stated both ways says nothing and is left out.
 */
export function statedSettlements(lines: readonly Line[]): Map<number, Sign> {
  const out = new Map<number, Sign>();
  const clash = new Set<number>();
  for (const l of lines) {
    if (!vocab.settlementLine.test(fold(l.text))) continue;
    const a = l.amounts[l.amounts.length - 1];
    if (!a || a.sign === null || a.cents === 0) continue;
    if (out.has(a.cents) && out.get(a.cents) !== a.sign) clash.add(a.cents);
    out.set(a.cents, a.sign);
  }
  for (const c of clash) out.delete(c);
  return out;
}

/** Posting types that are debits whatever the layout says (card payment, direct debit, fee). */
export function onlyDebit(text: string): boolean {
  const t = fold(text);
  return vocab.onlyDebit.test(t) && !vocab.reversal.test(t);
}


/**
 * Flips guessed signs so that opening + Σ = closing when one flip, or two, make it so.
 * Returns true when the postings reconcile afterwards.
 */
export function reconcileSigns(postings: SignedPosting[], opening: number | null, closing: number | null): boolean {
  if (opening === null || closing === null) return false;
  const sum = (): number => postings.reduce((s, p) => s + p.sign * p.cents, 0);
  let diff = closing - opening - sum();
  if (diff === 0) return true;
  const open = postings.filter((p) => !p.certain);
  // Flipping p changes the sum by -2·sign·cents.
  for (const p of open) {
    if (-2 * p.sign * p.cents === diff) {
      p.sign = -p.sign as Sign;
      return true;
    }
  }
  if (open.length <= 400) {
    const byDelta = new Map<number, SignedPosting>();
    for (const p of open) {
      const need = diff + 2 * p.sign * p.cents;
      const q = byDelta.get(need);
      if (q && q !== p) {
        p.sign = -p.sign as Sign;
        q.sign = -q.sign as Sign;
        return true;
      }
      byDelta.set(-2 * p.sign * p.cents, p);
    }
  }
  // Larger corrections: greedy, biggest first, while each flip shrinks the gap; kept only when
  // they reconcile exactly (a misread digit must not send good guesses the wrong way).
  const before = open.map((p) => p.sign);
  const sorted = [...open].sort((a, b) => b.cents - a.cents);
  for (const p of sorted) {
    const delta = -2 * p.sign * p.cents;
    if (Math.abs(diff - delta) < Math.abs(diff)) {
      p.sign = -p.sign as Sign;
      diff -= delta;
      if (diff === 0) return true;
    }
  }
  open.forEach((p, i) => (p.sign = before[i]!));
  return false;
}

/** What the document says about signs outside a posting's own line. */
export interface SignEvidence {
  /** Pages read by OCR: there a posting type that can only be a debit overrides the convention. */
  ocrPages: ReadonlySet<number>;
  /** Settlement results stated with their sign outside the postings (`statedSettlements`). */
  settlements: ReadonlyMap<number, Sign>;
}

/**
 * Every posting's sign, and the cents of one that did not read where the running balance gives
 * them. Certain, in this order: the printed sign; the column (Soll/Haben …), except that a
 * settlement's sign stated with its sign in the annex outranks the column; the running
 * balance's change (which also fills an unread amount whose digits it matches, repair.ts
 * `fitsUnread`). Otherwise guesses that the balances may correct later (`reconcileSigns`): a
 * settlement's sign stated elsewhere; the column's convention where the statement prints one
 * side's sign and never the other ("Überweisung" or "Lastschrift-Einzug" alone do not say which
 * way the money went) — except on an OCR'd page, where a minus may have been lost and a type
 * that can only be a debit overrides it; else the type; else debit.
 *
 * @param texts per posting, its lines' texts without date and amount cells
 * @returns per posting its signed amount, and the digits of an amount still unknown (else null)
 */
export function postingSigns(
  postings: readonly Posting[],
  texts: readonly { lines: readonly string[] }[],
  opening: number | null,
  evidence: SignEvidence,
): { signs: SignedPosting[]; unread: (string[] | null)[] } {
  let prevBalance = opening;
  const signs: SignedPosting[] = [];
  const unread: (string[] | null)[] = [];
  // Sign convention of the amount column: when some amounts print '-' and none print '+',
  // an unsigned amount is a credit (and the other way round).
  const printed = new Set(postings.map((p) => p.amount.sign));
  const unsignedMeans: Sign | null = printed.has(-1) && !printed.has(1) ? 1 : printed.has(1) && !printed.has(-1) ? -1 : null;
  postings.forEach((p, i) => {
    const lines = texts[i]!.lines;
    let sign: Sign | null = p.amount.sign;
    let certain = sign !== null;
    let relative = false;
    if (!certain && (p.role === 'debit' || p.role === 'credit')) {
      // A settlement whose result the annex prints with its sign takes that sign: the printed
      // sign is the document's word, the column only where the amount's right edge fell, which
      // text with collapsed spacing (one posting under a two-column header) can put under the
      // wrong header.
      const stated = isSettlement(lines[0] ?? '') ? evidence.settlements.get(p.amount.cents) : undefined;
      sign = stated ?? (p.role === 'debit' ? -1 : 1);
      certain = true;
      relative = stated === undefined && p.sideInferred === true;
    }
    const bal = signed(p.balance);
    let cents = p.amount.cents;
    // An amount that did not read, next to a running balance: the balance's change is the
    // amount when its digits are those read.
    let read = p.unread ?? null;
    if (read !== null && bal !== null && prevBalance !== null && bal !== prevBalance && fitsUnread(read, Math.abs(bal - prevBalance)) && (!certain || Math.sign(bal - prevBalance) === sign)) {
      cents = Math.abs(bal - prevBalance);
      sign = bal > prevBalance ? 1 : -1;
      certain = true;
      relative = true;
      read = null;
    }
    unread.push(read);
    if (!certain && bal !== null && prevBalance !== null && Math.abs(bal - prevBalance) === p.amount.cents && p.amount.cents !== 0) {
      sign = bal > prevBalance ? 1 : -1;
      certain = true;
      relative = true;
    }
    if (bal !== null) prevBalance = bal;
    else if (prevBalance !== null && sign !== null) prevBalance += sign * cents;
    const stated = !certain && isSettlement(lines[0] ?? '') ? evidence.settlements.get(p.amount.cents) : undefined;
    if (stated !== undefined) sign = stated;
    else if (!certain) {
      const type = signFromType(lines[0] ?? '', lines.join(' '));
      const convention = p.role === 'amount' ? unsignedMeans : null;
      const lostMinus = evidence.ocrPages.has(p.first.page) && type === -1 && onlyDebit(lines.join(' '));
      sign = (convention !== null && !lostMinus ? convention : type) ?? convention ?? -1;
    }
    signs.push({ cents, sign: sign!, certain, ...(relative ? { relative } : {}) });
  });
  return { signs, unread };
}
