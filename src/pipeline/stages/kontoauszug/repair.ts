import { isValidDate, type PrintedDate } from '../../../domain/german-dates.js';
import type { Posting } from './blocks.js';
import type { AmountToken, Line, Sign } from './lines.js';
import type { SignedPosting } from './sign.js';

/**
 * Balance-led repair of OCR misreadings in amounts. A statement checks itself twice: a printed
 * running balance pins every posting's amount (balance − previous balance), and opening + Σ
 * postings must give the closing balance. When a scan's amounts break that, and ONE plausible
 * misreading of ONE amount explains the difference exactly, that amount is corrected:
 *
 * - running balance: the amount differs from the change of two confirmed balances (each agrees
 *   with its neighbouring posting or with the closing balance) by one edit: a digit replaced by
 *   one OCR confuses it with, a digit dropped or doubled, or the sign;
 * - totals: the gap closing − opening − Σ equals what replacing one digit by a confusable one
 *   (0 3 5 6 8 9 among each other, 1 4 7 among each other), or flipping one sign, in exactly one
 *   amount would change. When a second candidate explains it as well — another posting, or an
 *   OCR'd opening or closing balance — nothing is changed and the statement stays unreconciled.
 *
 * Only amounts read by OCR are ever changed: a text layer has no misreadings, and a gap there
 * means a posting was missed or the statement is incomplete, which a repair would only hide.
 */
const CONFUSABLE: Readonly<Record<string, string>> = {
  '0': '35689',
  '3': '05689',
  '5': '03689',
  '6': '03589',
  '8': '03569',
  '9': '03568',
  '1': '47',
  '4': '17',
  '7': '14',
};

/** Digits of an amount in cents as printed: at least `0,05` → "005". */
const digits = (cents: number): string => String(cents).padStart(3, '0');

const valid = (s: string): boolean => s.length >= 3 && (s.length === 3 || s[0] !== '0');

/** Amounts that one confusable-digit substitution turns `cents` into. */
export function confusions(cents: number): number[] {
  const s = digits(cents);
  const out = new Set<number>();
  for (let i = 0; i < s.length; i++) {
    for (const d of CONFUSABLE[s[i]!] ?? '') {
      const t = s.slice(0, i) + d + s.slice(i + 1);
      if (valid(t)) out.add(Number(t));
    }
  }
  out.delete(cents);
  return [...out];
}

/** Amounts one edit away from `cents`: a confusion, one digit dropped, or one digit added. */
function oneEdit(cents: number): Set<number> {
  const s = digits(cents);
  const out = new Set(confusions(cents));
  for (let i = 0; i <= s.length; i++) {
    if (i < s.length) out.add(Number(s.slice(0, i) + s.slice(i + 1)));
    for (let d = 0; d <= 9; d++) {
      const t = s.slice(0, i) + String(d) + s.slice(i);
      if (valid(t)) out.add(Number(t));
    }
  }
  out.delete(cents);
  return out;
}

export interface RepairItem {
  /** The posting's amount and sign as the engine settled them; corrected in place. */
  posting: SignedPosting;
  /** The amount was read by OCR. Only such amounts are ever changed. */
  ocr: boolean;
  /** The OCR engine's confidence in the amount's words (1 for a text layer). */
  confidence: number;
  /** Running balance printed with the posting (signed cents), if any. */
  balance: number | null;
}

export interface RepairBalances {
  opening: number | null;
  closing: number | null;
  /** The balance was read by OCR with less than full confidence (so it may be misread). */
  openingUnsure: boolean;
  closingUnsure: boolean;
}

/**
 * Below this OCR confidence an amount is a candidate for the totals check. Amounts read
 * confidently are taken as right: a round gap (60,00) is one confusion away from many amounts,
 * and only the engine's doubt singles out the misread one.
 */
export const UNSURE_BELOW = 0.9;

const value = (p: SignedPosting): number => p.sign * p.cents;

function set(p: SignedPosting, signed: number): void {
  p.cents = Math.abs(signed);
  p.sign = (signed < 0 ? -1 : 1) as Sign;
  p.certain = true;
}

/**
 * Corrects misread amounts in place as described above; true when opening + Σ = closing
 * afterwards.
 */
export function repairMisreads(items: readonly RepairItem[], b: RepairBalances): boolean {
  const pinned = repairByRunningBalance(items, b);
  if (b.opening === null || b.closing === null) return false;
  const gap = b.closing - b.opening - items.reduce((s, it) => s + value(it.posting), 0);
  if (gap === 0) return true;
  const fixes: (() => void)[] = [];
  let others = 0;
  items.forEach((it, i) => {
    if (!it.ocr || it.confidence >= UNSURE_BELOW || pinned.has(i)) return;
    const p = it.posting;
    for (const c of confusions(p.cents)) {
      if (p.sign * (c - p.cents) === gap) fixes.push(() => set(p, p.sign * c));
    }
    if (-2 * value(p) === gap) fixes.push(() => set(p, -value(p)));
  });
  // A misread opening or closing balance explains the gap just as well: then nothing is sure.
  const explains = (balance: number, needed: number): boolean =>
    Math.sign(balance) === Math.sign(needed) && confusions(Math.abs(balance)).includes(Math.abs(needed));
  if (b.openingUnsure && explains(b.opening, b.opening + gap)) others++;
  if (b.closingUnsure && explains(b.closing, b.closing - gap)) others++;
  if (fixes.length !== 1 || others > 0) return false;
  fixes[0]!();
  return true;
}

/**
 * Running balances: where a posting's amount disagrees with the change between two confirmed
 * balances by one edit, the balances win. Returns the indices whose amount the balances confirm
 * (those are not candidates for the totals check).
 */
function repairByRunningBalance(items: readonly RepairItem[], b: RepairBalances): Set<number> {
  const pinned = new Set<number>();
  // A balance is confirmed when the step before it (or after it) agrees with its posting.
  const agrees = (i: number): boolean => {
    const it = items[i];
    const prev = i === 0 ? b.opening : items[i - 1]!.balance;
    return it !== undefined && it.balance !== null && prev !== null && it.balance - prev === value(it.posting);
  };
  const confirmedAfter = (i: number): boolean => {
    const it = items[i]!;
    if (i + 1 < items.length) return agrees(i + 1);
    return b.closing !== null && it.balance === b.closing;
  };
  for (let i = 0; i < items.length; i++) {
    const it = items[i]!;
    const prev = i === 0 ? b.opening : items[i - 1]!.balance;
    if (it.balance === null || prev === null) continue;
    if (agrees(i)) {
      pinned.add(i);
      continue;
    }
    // The previous balance must be confirmed by its own step (the opening balance is not: it
    // may be the misread figure) and this one by the next step or the closing balance.
    if (!it.ocr || i === 0 || !agrees(i - 1) || !confirmedAfter(i)) continue;
    const delta = it.balance - prev;
    if (delta === 0) continue;
    if (Math.abs(delta) === it.posting.cents || oneEdit(it.posting.cents).has(Math.abs(delta))) {
      set(it.posting, delta);
      pinned.add(i);
    }
  }
  return pinned;
}

/** Lowest confidence of the words of `token`, found on whichever of `lines` holds it. */
function confidenceOf(token: AmountToken | null, lines: readonly Line[]): number {
  if (!token) return 1;
  const line = lines.find((l) => l.amounts.includes(token));
  if (!line) return 1;
  return Math.min(...line.words.slice(token.first, token.last + 1).map((w) => w.confidence ?? 1));
}

/** The engine's view: postings with their settled signs, the segment's balances, OCR'd pages. */
export function repairSegment(
  postings: readonly Posting[],
  signs: SignedPosting[],
  opening: { value: number | null; line: Line | null },
  closing: { value: number | null; line: Line | null },
  ocrPages: ReadonlySet<number>,
): boolean {
  if (ocrPages.size === 0) return false;
  const items: RepairItem[] = postings.map((p, i) => ({
    posting: signs[i]!,
    ocr: p.lines.every((l) => ocrPages.has(l.page)),
    confidence: confidenceOf(p.amount, p.lines),
    balance: p.balance ? p.balance.cents * (p.balance.sign ?? 1) : null,
  }));
  // A balance line's amounts (one, or opening and closing on a summary row): the least sure.
  const unsure = (b: { line: Line | null }): boolean =>
    b.line !== null && ocrPages.has(b.line.page) && b.line.amounts.some((t) => confidenceOf(t, [b.line!]) < UNSURE_BELOW);
  return repairMisreads(items, { opening: opening.value, closing: closing.value, openingUnsure: unsure(opening), closingUnsure: unsure(closing) });
}

/**
 * Booking dates ascend through a statement. A posting read by OCR whose date falls outside the
 * dates of its neighbours (which are in order themselves) takes the one date between them that
 * a single confusable digit of its day or month gives (`21.12.` between `25.12.` and `28.12.`
 * is `27.12.`: 1 ↔ 7); with none or several such dates it stays as read.
 */
export function repairDateOrder(postings: readonly Posting[], ocrPages: ReadonlySet<number>): void {
  if (ocrPages.size === 0) return;
  const dated = postings.filter((p) => p.date !== null);
  for (let i = 1; i + 1 < dated.length; i++) {
    const p = dated[i]!;
    if (!ocrPages.has(p.first.page)) continue;
    const prev = dated[i - 1]!.date!;
    const next = dated[i + 1]!.date!;
    // Day numbers within the statement; a January after a December counts as month 13.
    const wrap = prev.month === 12 && next.month === 1;
    const at = (d: PrintedDate): number => (wrap && d.month <= 6 ? d.month + 12 : d.month) * 32 + d.day;
    if (at(prev) > at(next)) continue;
    const inRange = (d: PrintedDate): boolean => at(d) >= at(prev) && at(d) <= at(next);
    const d = p.date!;
    if (inRange(d)) continue;
    const found: PrintedDate[] = [];
    const two = (n: number): string => String(n).padStart(2, '0');
    for (const part of ['day', 'month'] as const) {
      const text = two(d[part]);
      for (let k = 0; k < 2; k++) {
        for (const c of CONFUSABLE[text[k]!] ?? '') {
          const n = Number(text.slice(0, k) + c + text.slice(k + 1));
          const cand = { ...d, [part]: n };
          if (isValidDate({ year: cand.year ?? 2000, month: cand.month, day: cand.day }) && inRange(cand)) found.push(cand);
        }
      }
    }
    if (found.length === 1) p.date = found[0]!;
  }
}
