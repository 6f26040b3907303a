import type { Line } from '../../layout/lines.js';
import { labelValuePairs } from '../../layout/table/index.js';
import { statementPatterns as vocab } from '../../layout/vocabulary.js';
import type { Event } from './posting.js';

/**
 * Balances printed at the FOOT of each sheet (issue 21, blind batch 7): some savings banks print
 * no balance row in the list; each sheet ends, after a rule, with that sheet's old and new balance
 *
 *     Alter Kontostand vom 31.10.2026  1.371,23 EUR   Neuer Kontostand vom 14.11.2026  1.129,40 EUR
 *
 * so the old balance stands BELOW the postings it precedes. Structure, not words, decides:
 *
 * 1. A balance line that prints two labelled values, one naming the opening and one the closing,
 *    states both (`pairedBalances`): two balance events, old then new.
 * 2. A sheet is footed where, below its last posting, it prints an opening and a closing balance
 *    and above its first posting none. Its old balance is the balance before its postings, so it
 *    moves above them; the first footed sheet's old balance opens the statement, the others are
 *    page balances (old of sheet n = new of sheet n-1); the last footed sheet's new balance
 *    closes it, the others' are page balances — figures the judge checks readings against.
 *    Where an opening (closing) balance is printed elsewhere before (after), the footer's is a
 *    page balance too.
 *
 * Contract: events keep their order except that a footed sheet's old balance moves to just above
 * the sheet's first posting; without footed sheets the events are returned as they came (with
 * paired balance lines split).
 */
export function sheetFooterBalances(events: readonly Event[]): Event[] {
  const split = events.flatMap(pairedBalances);
  const sheets = footedSheets(split);
  if (sheets.length === 0) return split;
  const role = (e: Event): 'opening' | 'closing' | null => (e.kind === 'balance' && (e.balance === 'opening' || e.balance === 'closing') ? e.balance : null);
  const firstSheet = sheets[0]!;
  const lastSheet = sheets[sheets.length - 1]!;
  const openedBefore = split.slice(0, firstSheet.firstPosting).some((e) => role(e) !== null);
  const closedAfter = split.slice(lastSheet.closing + 1).some((e) => role(e) !== null && e.kind === 'balance' && e.line.page !== lastSheet.page);
  const moved = new Map<number, Event>();
  const recast = new Map<number, Event>();
  for (const sh of sheets) {
    const old = split[sh.opening] as Extract<Event, { kind: 'balance' }>;
    const opens = sh === firstSheet && !openedBefore;
    moved.set(sh.firstPosting, { ...old, balance: opens ? 'opening' : 'carry' });
    const neu = split[sh.closing] as Extract<Event, { kind: 'balance' }>;
    if (sh !== lastSheet || closedAfter) recast.set(sh.closing, { ...neu, balance: 'carry' });
  }
  const skip = new Set(sheets.map((s) => s.opening));
  const out: Event[] = [];
  split.forEach((e, i) => {
    const before = moved.get(i);
    if (before) out.push(before);
    if (!skip.has(i)) out.push(recast.get(i) ?? e);
  });
  return out;
}

/** A balance line with an opening-labelled and a closing-labelled value: two events, old then new. */
function pairedBalances(e: Event): Event[] {
  if (e.kind !== 'balance' || e.balance === 'carry' || e.balance === 'projected') return [e];
  const pairs = labelValuePairs(e.line);
  if (pairs.length !== 2) return [e];
  const [a, b] = pairs as [(typeof pairs)[0], (typeof pairs)[0]];
  // The second label starts after the first value: a currency word there belongs to that value.
  const label2 = b.folded.replace(/^(eur|€)\s+/u, '');
  const opens = vocab.opening.test(a.folded) && !vocab.closing.test(a.folded);
  const closes = vocab.closing.test(label2) && !vocab.opening.test(label2);
  if (!opens || !closes) return [e];
  // Each half keeps the dates of its own label (the period is read from the balances' dates).
  const cut = a.value.last;
  const half = (keep: (word: number) => boolean): Line => ({ ...e.line, dates: e.line.dates.filter((d) => keep(d.word)) });
  return [
    { ...e, balance: 'opening', amount: a.value, line: half((w) => w <= cut) },
    { ...e, balance: 'closing', amount: b.value, line: half((w) => w > cut) },
  ];
}

interface Sheet {
  page: number;
  /** Event indices: the sheet's first posting, its footer's opening and closing balance. */
  firstPosting: number;
  opening: number;
  closing: number;
}

/** Sheets (pages) whose opening and closing balance both stand below their postings, none above. */
function footedSheets(events: readonly Event[]): Sheet[] {
  const pageOf = (e: Event): number => (e.kind === 'posting' ? e.posting.first.page : e.line.page);
  const sheets: Sheet[] = [];
  const pages = [...new Set(events.map(pageOf))];
  for (const page of pages) {
    const idx = events.map((e, i) => (pageOf(e) === page ? i : -1)).filter((i) => i >= 0);
    const postings = idx.filter((i) => events[i]!.kind === 'posting');
    if (postings.length === 0) continue;
    const first = postings[0]!;
    const last = postings[postings.length - 1]!;
    const kindAt = (i: number): string | null => {
      const e = events[i]!;
      return e.kind === 'balance' ? e.balance : null;
    };
    const above = idx.filter((i) => i < first && (kindAt(i) === 'opening' || kindAt(i) === 'closing' || kindAt(i) === 'either'));
    const below = idx.filter((i) => i > last);
    const opening = below.filter((i) => kindAt(i) === 'opening');
    const closing = below.filter((i) => kindAt(i) === 'closing');
    if (above.length > 0 || opening.length !== 1 || closing.length !== 1 || opening[0]! > closing[0]!) continue;
    sheets.push({ page, firstPosting: first, opening: opening[0]!, closing: closing[0]! });
  }
  return sheets;
}
