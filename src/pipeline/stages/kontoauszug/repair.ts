import { isValidDate, type PrintedDate } from '../../../domain/german-dates.js';
import type { Posting, SignedPosting } from './posting.js';
import type { AmountToken, Line, Sign } from '../../layout/lines.js';

/**
 * Balance-led repair of OCR misreadings in amounts. A statement checks itself twice: a printed
 * running balance pins every posting's amount (balance − previous balance), and opening + Σ
 * postings must give the closing balance. When a scan's amounts break that, and ONE plausible
 * misreading of ONE amount explains the difference exactly, that amount is corrected:
 *
 * - running balance: the amount differs from the change of two confirmed balances (each agrees
 *   with its neighbouring posting or with the closing balance) by one edit: a digit replaced by
 *   one OCR confuses it with, a digit dropped or doubled, or the sign — or the digits as read
 *   are the change's but for one edit (`153€`, parsed as 153,00, for `1,53 €`);
 * - totals: the gap closing − opening − Σ equals what replacing one digit by a confusable one
 *   (0 3 5 6 8 9 among each other, 1 4 7 among each other), flipping one sign, or taking the
 *   second look's other reading of the figure (`alternative`), in exactly one amount would
 *   change, or reading its digits with the decimal comma lost (`-155€`, 155,00 to the parser,
 *   for `-1,55 €`); a running balance's change takes the other reading the same way. When a second
 *   candidate explains it as well — another posting, or an OCR'd opening or closing balance —
 *   nothing is changed and the statement stays unreconciled; except that among postings, one
 *   the engine as good as rejected (confidence < 0.5) is the misread one when every rival was
 *   read at least 0.3 more confidently;
 * - unread amounts (`fillUnread`): a posting whose amount did not read at all takes the gap
 *   when it is the only one and the gap's digits are the digits read (by either reading),
 *   within one edit; several (up to four) take the one combination of their digits read as
 *   euros and cents, or with a last glyph (S, H, sign) dropped, that closes the gap.
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
  /** The digits of the amount's words as read (`153€` → "153", read as 153,00), if known. */
  read?: string;
  /** The amount (cents) by the second look's other reading of its figure, if any. */
  alternative?: number;
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
/** Below this the engine as good as rejected its own reading… */
const REJECTED_BELOW = 0.5;
/** …and a rival candidate read this much more confidently is taken as right. */
const CLEARLY_SURER = 0.3;

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
  const fixes: { confidence: number; apply: () => void }[] = [];
  let others = 0;
  items.forEach((it, i) => {
    if (!it.ocr || it.confidence >= UNSURE_BELOW || pinned.has(i)) return;
    const p = it.posting;
    for (const c of confusions(p.cents)) {
      if (p.sign * (c - p.cents) === gap) fixes.push({ confidence: it.confidence, apply: () => set(p, p.sign * c) });
    }
    // The figure's other reading: any amount, not only a confusable digit away.
    const alt = it.alternative;
    if (alt !== undefined && !confusions(p.cents).includes(alt) && p.sign * (alt - p.cents) === gap) fixes.push({ confidence: it.confidence, apply: () => set(p, p.sign * alt) });
    // The digits as read with their decimal comma lost: `-155€`, an app amount of 155,00 to the
    // parser, printed as `-1,55 €`.
    const lost = it.read !== undefined && it.read !== digits(p.cents) ? Number(it.read) : 0;
    if (lost > 0 && lost !== alt && p.sign * (lost - p.cents) === gap) fixes.push({ confidence: it.confidence, apply: () => set(p, p.sign * lost) });
    if (-2 * value(p) === gap) fixes.push({ confidence: it.confidence, apply: () => set(p, -value(p)) });
  });
  // A misread opening or closing balance explains the gap just as well: then nothing is sure.
  const explains = (balance: number, needed: number): boolean =>
    Math.sign(balance) === Math.sign(needed) && confusions(Math.abs(balance)).includes(Math.abs(needed));
  if (b.openingUnsure && explains(b.opening, b.opening + gap)) others++;
  if (b.closingUnsure && explains(b.closing, b.closing - gap)) others++;
  if (others > 0 || fixes.length === 0) return false;
  // Several amounts explain the gap: the engine's doubt may still single one out — a reading it
  // rejected (confidence below REJECTED_BELOW) among readings it was far surer of.
  fixes.sort((a, b) => a.confidence - b.confidence);
  const [first, second] = fixes;
  if (second && !(first!.confidence < REJECTED_BELOW && second.confidence - first!.confidence >= CLEARLY_SURER)) return false;
  first!.apply();
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
    // One edit from the amount as parsed, or from the digits as read: `153€` is 153,00 to the
    // parser, but the same three digits are 1,53 with the decimal comma lost.
    if (Math.abs(delta) === it.posting.cents || oneEdit(it.posting.cents).has(Math.abs(delta)) || (it.read !== undefined && it.read !== digits(it.posting.cents) && fitsUnread(it.read, Math.abs(delta))) || Math.abs(delta) === it.alternative) {
      set(it.posting, delta);
      pinned.add(i);
    }
  }
  return pinned;
}

/** True when `a` and `b` differ by at most one digit replaced, dropped or added. */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  let j = 0;
  while (j < a.length - i && j < b.length - i && a[a.length - 1 - j] === b[b.length - 1 - j]) j++;
  return a.length - i - j <= 1 && b.length - i - j <= 1;
}

/** True when `cents` may be the amount of an unreadable word whose digits were `read` (by either reading). */
export function fitsUnread(read: string | readonly string[], cents: number): boolean {
  const reads = typeof read === 'string' ? [read] : read;
  return cents !== 0 && reads.some((r) => withinOneEdit(r, digits(cents)));
}

/**
 * Postings whose amount did not read (blocks.ts `unread`: the digits the engine saw, in
 * `unread[i]`, the posting at 0 cents) take the amount the balances leave for them: when one
 * such posting is left, opening + Σ of the others must give the closing balance, so the gap is
 * its amount — taken only when the gap's digits are the digits read, but for one digit replaced,
 * dropped or added (`32.028` read for `32,02 S`: 3202; `5,1` for `5,11`: 511), and when its sign
 * agrees with a sign the layout states (Soll/Haben column). When the others reconcile without
 * it, the line was no posting and keeps 0 cents. Returns true when no posting is left without
 * an amount.
 */
export function fillUnread(postings: SignedPosting[], unread: readonly (readonly string[] | null)[], opening: number | null, closing: number | null): boolean {
  const open = unread.flatMap((u, i) => (u === null ? [] : [i]));
  if (open.length === 0) return true;
  if (opening === null || closing === null) return false;
  // Postings without an amount stand at 0 cents: the gap is what they add up to.
  const gap = closing - opening - postings.reduce((s, q) => s + value(q), 0);
  // The others reconcile on their own: the lines were no postings (a dated footer, a note), and
  // they stay at 0 cents, which the engine does not report.
  if (gap === 0) return true;
  if (open.length === 1) {
    const p = postings[open[0]!]!;
    if (!fitsUnread(unread[open[0]!]!, Math.abs(gap))) return false;
    if (p.certain && Math.sign(gap) !== p.sign) return false;
    set(p, gap);
    return true;
  }
  return fillSeveral(postings, open.map((i) => [i, unread[i]!] as const), gap);
}

/** At most this many postings without an amount are solved together (2ⁿ combinations and more). */
const MAX_UNREAD_TOGETHER = 4;

/**
 * The amounts an unreadable word may stand for, from the digits read (by each reading): all of
 * them as euros and cents (the decimal comma lost or read as another mark: `8505` for
 * `85,05`), or all but the last (a glued `S`, `H` or sign read as a digit: `8505` for
 * `8,50 S`).
 */
function structuralReadings(read: readonly string[]): number[] {
  const out = new Set<number>();
  for (const d of read) {
    out.add(Number(d));
    if (d.length >= 3) out.add(Number(d.slice(0, -1)));
  }
  out.delete(0);
  return [...out];
}

/**
 * Several postings without an amount: each takes one of its structural readings with the sign
 * the engine settled for it, and exactly one combination may close the gap (one edit per
 * amount, as for a single one, would let too many combinations fit by chance).
 */
function fillSeveral(postings: SignedPosting[], open: readonly (readonly [number, readonly string[]])[], gap: number): boolean {
  if (open.length > MAX_UNREAD_TOGETHER) return false;
  const options = open.map(([i, read]) => structuralReadings(read).map((c) => postings[i]!.sign * c));
  let fits = 0;
  let found: number[] = [];
  const walk = (k: number, sum: number, pick: number[]): void => {
    if (fits > 1) return;
    if (k === options.length) {
      if (sum === gap) {
        fits++;
        found = [...pick];
      }
      return;
    }
    for (const v of options[k]!) walk(k + 1, sum + v, [...pick, v]);
  };
  walk(0, 0, []);
  if (fits !== 1) return false;
  open.forEach(([i], k) => set(postings[i]!, found[k]!));
  return true;
}

/** Lowest confidence of the words of `token`, found on whichever of `lines` holds it. */
function confidenceOf(token: AmountToken | null, lines: readonly Line[]): number {
  if (!token) return 1;
  const line = lines.find((l) => l.amounts.includes(token));
  if (!line) return 1;
  return Math.min(...line.words.slice(token.first, token.last + 1).map((w) => w.confidence ?? 1));
}

/** The digits of the words of `token` as read, found on whichever of `lines` holds it. */
function digitsRead(token: AmountToken, lines: readonly Line[]): string | undefined {
  const line = lines.find((l) => l.amounts.includes(token));
  return line?.words.slice(token.first, token.last + 1).map((w) => w.text.replace(/\D/gu, '')).join('');
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
    read: digitsRead(p.amount, p.lines),
    ...(p.amount.alternative !== undefined ? { alternative: p.amount.alternative } : {}),
  }));
  // A balance line's amounts (one, or opening and closing on a summary row): the least sure.
  const unsure = (b: { line: Line | null }): boolean =>
    b.line !== null && ocrPages.has(b.line.page) && b.line.amounts.some((t) => confidenceOf(t, [b.line!]) < UNSURE_BELOW);
  return repairMisreads(items, { opening: opening.value, closing: closing.value, openingUnsure: unsure(opening), closingUnsure: unsure(closing) });
}

/** OCR confidence of the words of a posting's booking date (1 where it cannot be told). */
function dateConfidence(p: Posting): number {
  const t = p.first.dates.find((d) => d.date === p.date);
  if (!t) return 1;
  return Math.min(...p.first.words.slice(t.word, t.last + 1).map((w) => w.confidence ?? 1));
}

/**
 * Booking dates ascend through a statement. A posting read by OCR whose date falls outside the
 * dates of its neighbours (which are in order themselves) takes the one date between them that
 * a single confusable digit of its day or month gives (`21.12.` between `25.12.` and `28.12.`
 * is `27.12.`: 1 ↔ 7); with none or several such dates it stays as read. Only a date the engine
 * was unsure of (confidence < 0.9) is changed: in `21.12. 24.12. 21.12. 27.12.`, where the
 * second `21.12.` is the misread `27.12.`, the `24.12.` read confidently stays.
 */
export function repairDateOrder(postings: readonly Posting[], ocrPages: ReadonlySet<number>): void {
  if (ocrPages.size === 0) return;
  const dated = postings.filter((p) => p.date !== null);
  for (let i = 1; i + 1 < dated.length; i++) {
    const p = dated[i]!;
    if (!ocrPages.has(p.first.page) || dateConfidence(p) >= UNSURE_BELOW) continue;
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
