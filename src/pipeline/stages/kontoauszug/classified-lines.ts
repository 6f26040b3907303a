import type { AmountToken, Line } from '../../layout/lines.js';
import { statementPatterns as vocab } from '../../layout/vocabulary.js';
import { closePosting, type Assembly, type AssemblyRules } from './block-assembly.js';
import { balanceAmount } from './balances.js';

/**
 * A line the layout (block-layout.ts) classified as no posting's, in this order: a column header,
 * a pending or booked section heading, a balance, a repeated page header/footer, a day heading
 * (where headings date the postings), a summary row. Each closes the open posting; true when `l`
 * was one (and is placed: an event, or the day it sets), false to read it as posting text.
 */
export function takeClassifiedLine(rules: AssemblyRules, st: Assembly, l: Line): boolean {
  const { isHeader, kinds, repeated, headings, summary } = rules.layout;
  if (isHeader.has(l.index)) return takeAsLine(st, l);
  if (takeSectionHeading(st, l)) return true;
  const kind = kinds[l.index];
  // A balance line that names both balances (label-balances.ts) states both.
  if (kind && takeSummary(st, l, summary.get(l.index))) return true;
  if (kind) {
    st.pendingRows = false;
    if (kind !== 'carry') st.stray = true;
    closePosting(st);
    const amount = balanceAmount(l);
    st.events.push({ kind: 'balance', balance: kind, line: l, amount });
    return true;
  }
  if (repeated.has(l.index)) return takeAsLine(st, l);
  const heading = headings[l.index];
  if (heading && (rules.dayGrouped || (rules.headingDays && rules.dayHeadings[l.index]))) {
    closePosting(st);
    st.day = heading;
    return true;
  }
  return takeSummary(st, l, summary.get(l.index));
}

/** A summary row or a balance line that states both balances: opening here, closing at the end. */
function takeSummary(st: Assembly, l: Line, sum: { opening: AmountToken; closing: AmountToken } | undefined): boolean {
  if (!sum) return false;
  closePosting(st);
  st.events.push({ kind: 'balance', balance: 'opening', line: l, amount: sum.opening });
  st.deferred.push({ kind: 'balance', balance: 'closing', line: l, amount: sum.closing });
  return true;
}

/** `l` as a line of its own, outside any posting. */
function takeAsLine(st: Assembly, l: Line): true {
  closePosting(st);
  st.events.push({ kind: 'line', line: l });
  return true;
}

/**
 * A pending section runs from its heading to the booked rows' heading or a balance line; its
 * rows are read as postings (so their lines stay theirs) and left out. True when `l` is either
 * heading (a line without amounts).
 */
function takeSectionHeading(st: Assembly, l: Line): boolean {
  if (l.amounts.length !== 0) return false;
  const text = l.folded.trim();
  const pending = vocab.pendingSection.test(text);
  if (!pending && !vocab.bookedSection.test(text)) return false;
  closePosting(st);
  st.pendingRows = pending;
  st.stray = true;
  st.events.push({ kind: 'line', line: l });
  return true;
}
