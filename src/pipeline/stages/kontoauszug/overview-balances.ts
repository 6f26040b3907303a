import type { AmountToken, Line } from '../../layout/lines.js';
import type { OverviewAccount } from './account-column.js';
import type { Segment } from './sections.js';

/**
 * Balances of several accounts printed ONLY in an overview table (issue 21, blind batch 8): a
 * main account and its sub-accounts, each with its own IBAN, one overview row per account under
 * balance labels (`Konto | IBAN | Anfangssaldo 01.06.2026 | Endsaldo 30.06.2026`), then one
 * section per account (its IBAN in the section's heading) that prints no balance of its own.
 *
 * Each such section takes both balances from the overview row of its IBAN. A section keeps the
 * balances it printed itself; a balance "read" from an overview row (the summary-row reading
 * takes a row of the box as one account's opening and closing, block-layout.ts) is no balance of
 * that section and is replaced by its own row's. Only where the box names at least two accounts,
 * each once, and every section with postings is one of them: otherwise the sections are
 * returned as read. Whether the postings reproduce the balances is judged per account by
 * account.ts (`reconciled`), as for balances printed in the section.
 */
export function balancesFromOverview(sections: Segment[], rows: readonly OverviewAccount[]): Segment[] {
  // A row read as a balance line as well stands twice among the lines outside postings: once here.
  const overview = rows.filter((o, i) => rows.findIndex((r) => r.line.index === o.line.index) === i);
  const ibans = new Set(overview.map((o) => o.iban));
  if (ibans.size < 2 || ibans.size !== overview.length) return sections;
  const withPostings = sections.filter((s) => s.postings.length > 0);
  if (withPostings.length < 2 || withPostings.some((s) => s.iban === null || !ibans.has(s.iban))) return sections;
  const rowLines = new Set(overview.map((o) => o.line.index));
  const fromBox = (l: Line | null): boolean => l === null || rowLines.has(l.index);
  for (const s of sections) {
    const row = overview.find((o) => o.iban === s.iban);
    if (!row?.opening || !row.closing || !fromBox(s.openingLine) || !fromBox(s.closingLine)) continue;
    setBalances(s, row.line, row.opening, row.closing);
  }
  return sections;
}

function setBalances(s: Segment, line: Line, opening: AmountToken, closing: AmountToken): void {
  s.opening = opening.cents * (opening.sign ?? 1);
  s.openingLine = line;
  s.openingUnsigned = opening.sign === null;
  s.openingSign = opening.sign;
  s.closing = closing.cents * (closing.sign ?? 1);
  s.closingLine = line;
  s.closingUnsigned = closing.sign === null;
  s.closingSign = closing.sign;
}
