import { formatGermanDate } from '../../../domain/german-dates.js';
import { formatGermanAmount } from '../../../domain/money.js';
import type { Line, Sign } from '../../layout/lines.js';
import type { StatementInfo } from '../../model/result.js';
import { groupIban } from './accounts.js';
import { orderAmountAndBalance } from './amount-balance-order.js';
import { orderBalancesByDate } from './balance-order.js';
import type { PartyColumns } from './counterparty.js';
import type { PlaceColumns } from './place-cells.js';
import type { PartySlot } from './party-slot.js';
import type { Posting } from './posting.js';
import { postingDates, segmentPeriod } from './posting-dates.js';
import { reconcileAccount } from './reconcile.js';
import { balancesFromRunning, confirmedByRunning } from './running-balances.js';
import { repairDateOrder } from './repair.js';
import { accountRows, knownPostings, postingText, type PostingText, type Row } from './rows.js';
import type { Segment } from './sections.js';
import { postingSigns } from './sign.js';
import { judgeBalances } from './balance-readings.js';
import { postingsBeforeClosing } from './after-closing.js';
import type { FullDate, Period } from './year.js';

export interface AccountResult {
  iban: string | null;
  rows: Row[];
  info: StatementInfo;
  /** Per row, same order: what the posting's accounting record is built from (postings-record.ts). */
  postings: PostingFacts[];
  /** The printed balances with the lines that print them (line null: derived from a running balance). */
  opening: { cents: number; line: Line | null } | null;
  closing: { cents: number; line: Line | null } | null;
  /** The account's period as stated (null where guessed or absent). */
  period: Period | null;
  /** The other date printed with a posting is its value date (not a card receipt date). */
  valueDates: boolean;
  /** A card statement (counterparty.ts isCardStatement). */
  card: boolean;
}

/** One row's posting as read: its block, full dates, texts, settled amount and the running-balance proof. */
export interface PostingFacts {
  posting: Posting;
  date: FullDate | null;
  other: FullDate | null;
  text: PostingText;
  cents: number;
  confirmedByRunning: boolean;
}

/** What the whole document says that one account's rows depend on. */
export interface AccountContext {
  docPeriod: Period | null;
  bank: string | null;
  /** ISO 4217 code of the account's currency (currency.ts). */
  currency: string;
  /** A card statement: a posting without a type word is a merchant (counterparty.ts). */
  card: boolean;
  /** Where the document prints its counterparties (party-slot.ts). */
  partySlot: PartySlot;
  ocrPages: ReadonlySet<number>;
  /** Settlement results stated with their sign outside the postings (sign.ts). */
  settlements: ReadonlyMap<number, Sign>;
  /** The counterparty columns of the header governing a posting, if any. */
  partyFor: (p: Posting) => PartyColumns | null;
  /** The place columns (`Ort`, `Land`) of the header governing a posting, if any (place-cells.ts). */
  placesFor: (p: Posting) => PlaceColumns | null;
  /** Date ranges printed in the document ("vom … bis …"). */
  ranges: readonly Period[];
  /** The other leading date of a posting is its value date (value-date.ts). */
  valueDates: boolean;
}

/**
 * One account's section → its rows and statement facts, in four steps (after the amount and
 * running-balance cells are put the way the balances hold, amount-balance-order.ts): dates (the period, then
 * each posting's full dates), texts (Buchungstext and Empfänger), signs (all sign evidence,
 * sign.ts), the balances' reading as the document's arithmetic judges it (balance-readings.ts,
 * judge.ts), and repair and reconciliation (reconcile.ts). Mutates the segment: OCR'd booking
 * dates out of order are repaired first, and the balances take the reading the judge keeps.
 */
export function account(s: Segment, ctx: AccountContext): AccountResult {
  orderBalancesByDate(s);
  // Which of two amount cells is the amount and which the running balance: the balances decide.
  orderAmountAndBalance(s);
  const period = segmentPeriod(s, ctx.docPeriod, ctx.ranges);
  repairDateOrder(s.postings, ctx.ocrPages);
  let { dates, texts, signs, unread } = readPostings(s, period, ctx);
  // Rows after the closing balance that the balances show are no postings (a Zinsstaffel) go.
  const kept = postingsBeforeClosing(s, signs);
  if (kept < s.postings.length) {
    s.postings = s.postings.slice(0, kept);
    ({ dates, texts, signs, unread } = readPostings(s, period, ctx));
  }
  // Which balance opens, which closes and which side an unsigned one is on: the arithmetic decides (judge.ts).
  judgeBalances(s, signs, ctx.card);
  balancesFromRunning(s, signs);
  const reconciled = reconcileAccount(s, signs, unread, ctx.ocrPages);
  const confirmed = confirmedByRunning(s, signs);
  const known = knownPostings(signs, unread);
  const stated = period && !period.guessed ? period : null;
  return {
    iban: s.iban,
    rows: accountRows(dates, texts, signs, unread),
    postings: s.postings
      .map((posting, i) => ({ posting, date: dates[i]!.date, other: dates[i]!.other, text: texts[i]!, cents: signs[i]!.sign * signs[i]!.cents, confirmedByRunning: confirmed[i]! }))
      .filter((_, i) => known(i)),
    opening: s.opening !== null ? { cents: s.opening, line: s.openingLine } : null,
    closing: s.closing !== null ? { cents: s.closing, line: s.closingLine } : null,
    period: stated,
    valueDates: ctx.valueDates,
    card: ctx.card,
    info: {
      iban: s.iban ? groupIban(s.iban) : null,
      bank: ctx.bank,
      period_start: period && !period.guessed ? formatGermanDate(period.start) : null,
      period_end: period && !period.guessed ? formatGermanDate(period.end) : null,
      opening_balance: s.opening !== null ? formatGermanAmount(s.opening) : null,
      closing_balance: s.closing !== null ? formatGermanAmount(s.closing) : null,
      currency: ctx.currency,
      reconciled,
    },
  };
}

/** Each posting's full dates, texts and signs as the section's postings stand now. */
function readPostings(s: Segment, period: ReturnType<typeof segmentPeriod>, ctx: AccountContext): { dates: ReturnType<typeof postingDates>; texts: PostingText[] } & ReturnType<typeof postingSigns> {
  const dates = postingDates(s.postings, period);
  const texts = s.postings.map((p) => postingText(p, ctx.partyFor(p), ctx.card, ctx.partySlot, ctx.placesFor(p)));
  return { dates, texts, ...postingSigns(s.postings, texts, s.opening, ctx) };
}
