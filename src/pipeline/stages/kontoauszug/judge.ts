import type { Posting, SignedPosting } from './posting.js';
import { signed } from './sections.js';
import { reconcileSigns } from './sign.js';

/**
 * The balances as the judge (issue 21). A structural decision about an account's figures — which
 * printed balance opens and which closes, which side an unsigned balance or amount is on — is a
 * hypothesis the document's own arithmetic can check. Each hypothesis is a `Reading`; `judge`
 * scores every reading against the printed figures and keeps the best:
 *
 * 1. opening + Σ postings = closing as read (level 2), or once one or two guessed signs are
 *    flipped, or a larger flip of guesses that is exact (level 1; `reconcileSigns`), or not (0);
 * 2. then the printed running balances and page balances (Übertrag, Zwischensaldo) the reading
 *    reproduces, less the running balances it contradicts;
 * 3. ties go to the earlier reading: the first is always the reading as the layout rules made
 *    it, so where the figures cannot tell, nothing changes.
 *
 * A reading is never repaired here: OCR repair (repair.ts) runs afterwards on the reading kept,
 * so a misread amount leaves every reading unreconciled and the kept one says so
 * (`reconciled: false`) rather than passing.
 */
export interface Reading {
  /** What this reading decides, as a word for debugging (`as read`, `balances swapped` …). */
  name: string;
  opening: number | null;
  closing: number | null;
  /** Per posting, its amount with the sign this reading gives it (copies, never shared). */
  signs: SignedPosting[];
  /** The printed running balances that print no sign are owed (negative) in this reading (a loan's running `Restschuld`). */
  runningOwed?: boolean;
}

/** A page balance printed between postings: after the first `after` postings the balance is `value`. */
export interface PageBalance {
  after: number;
  value: number;
}

export interface Verdict {
  /** 2: opening + Σ = closing as read; 1: after flipping guessed signs; 0: not. */
  level: 0 | 1 | 2;
  /** Printed running and page balances reproduced less running balances contradicted. */
  agreement: number;
}

/** The figures a reading is checked against. */
export interface Figures {
  postings: readonly Posting[];
  /** Page balances (carry lines) with their place among the postings. */
  pageBalances: readonly PageBalance[];
}

/** Scores one reading (does not mutate it). */
export function verdict(r: Reading, figures: Figures): Verdict {
  const sum = r.signs.reduce((t, p) => t + p.sign * p.cents, 0);
  let level: Verdict['level'] = 0;
  if (r.opening !== null && r.closing !== null) {
    if (r.opening + sum === r.closing) level = 2;
    else if (reconcileSigns(r.signs.map((p) => ({ ...p })), r.opening, r.closing)) level = 1;
  }
  return { level, agreement: runningAgreement(r, figures) };
}

/**
 * Running balances: each printed one less the one before (the previous posting's, else the
 * reading's opening balance) is the posting's signed amount, or the reading contradicts it. Page
 * balances: the opening plus the postings before one is its value (a miss counts nothing, since
 * a `Summe` line may total one column only).
 */
function runningAgreement(r: Reading, { postings, pageBalances }: Figures): number {
  const { agree, contradict } = runningBalances(r.opening, r.signs, postings, r.runningOwed === true);
  let score = agree - contradict;
  if (r.opening !== null) {
    for (const b of pageBalances) {
      const total = r.signs.slice(0, b.after).reduce((t, p) => t + p.sign * p.cents, r.opening);
      if (b.after > 0 && total === b.value) score++;
    }
  }
  return score;
}

/**
 * The printed running balances a reading reproduces and those it contradicts: each printed one
 * less the one before it (the previous printed one carried forward by the postings between,
 * else the opening balance) is the sum of those postings, or the reading contradicts it.
 * `owed`: the running balances that print no sign are read as negative (`Reading.runningOwed`).
 */
export function runningBalances(opening: number | null, signs: readonly SignedPosting[], postings: readonly Posting[], owed = false): { agree: number; contradict: number } {
  let agree = 0;
  let contradict = 0;
  let before = opening;
  postings.forEach((p, i) => {
    const after = owed && p.balance?.sign === null ? -p.balance.cents : signed(p.balance);
    const s = signs[i]!;
    if (after !== null && before !== null && s.cents !== 0) {
      if (after - before === s.sign * s.cents) agree++;
      else contradict++;
    }
    before = after ?? (before !== null ? before + s.sign * s.cents : null);
  });
  return { agree, contradict };
}

/** The best reading by its verdict; the earliest among equals. `readings[0]` is the prior. */
export function judge(readings: readonly Reading[], figures: Figures): { reading: Reading; verdict: Verdict } {
  let best = { reading: readings[0]!, verdict: verdict(readings[0]!, figures) };
  for (const r of readings.slice(1)) {
    const v = verdict(r, figures);
    if (v.level > best.verdict.level || (v.level === best.verdict.level && v.agreement > best.verdict.agreement)) best = { reading: r, verdict: v };
  }
  return best;
}

/**
 * Steps of the printed running balance a list of postings explains, whichever way the list runs:
 * between two neighbours that both print a balance, the step is the later one's amount (oldest
 * first) or the earlier one's negated (newest first); the larger count of the two orders. A
 * reading that merges a posting into the one above loses the steps around it. Needs no opening
 * or closing balance, so it judges where those did not read.
 */
export function runningSteps(postings: readonly { cents: number; balance: number | null }[]): number {
  let oldest = 0;
  let newest = 0;
  for (let i = 1; i < postings.length; i++) {
    const a = postings[i - 1]!;
    const b = postings[i]!;
    if (a.balance === null || b.balance === null) continue;
    const step = b.balance - a.balance;
    if (step === b.cents) oldest++;
    if (step === -a.cents) newest++;
  }
  return Math.max(oldest, newest);
}
