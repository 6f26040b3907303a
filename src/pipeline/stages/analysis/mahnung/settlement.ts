/**
 * A claim printed as a settlement table: per item what was owed, what was paid and what is still
 * open, in three amount columns (`SOLL | IST | RÜCKSTAND`, `Betrag | gezahlt | offen`,
 * `Forderung | Zahlungen | Restbetrag`), usually closed by a sum row. The columns' headers vary
 * with every cash office's program; their arithmetic does not: on every row the first column
 * minus the second is the third. A reminder claims what is open, so the Hauptforderung is the
 * open column's sum — never the owed column's, never the figure of a row that lists costs.
 */
import { figureAt, type Figure } from '../../../layout/figures.js';
import { foldGerman } from '../../../layout/fold.js';
import { letterPattern } from '../../../layout/letter-words.js';
import type { TextLine } from '../../../layout/text-lines.js';

/** A cost or interest row: its open amount is no part of the main claim (mahnung/key-numbers.ts). */
const COSTS = letterPattern('dunningCosts', '$W', '');
/** Column edges of one table agree to a few points (right-aligned amounts). */
const ALIGN = 4;

interface SettlementRow {
  line: TextLine;
  label: string;
  /** Owed, paid, open: the row's last three money figures, left to right. */
  owed: Figure;
  paid: Figure;
  open: Figure;
}

function moneyFigures(line: TextLine): Figure[] {
  const out: Figure[] = [];
  for (let i = 0; i < line.cells.length; ) {
    const f = figureAt(line, i);
    if (f) {
      if (f.kind === 'money' && f.cents !== null) out.push(f);
      i += f.used;
    } else i++;
  }
  return out;
}

/** The row as owed − paid = open, when its last three money figures say so. */
function settlementRow(line: TextLine): SettlementRow | null {
  const figures = moneyFigures(line);
  if (figures.length < 3) return null;
  const [owed, paid, open] = figures.slice(-3) as [Figure, Figure, Figure];
  if (owed.cents! - paid.cents! !== open.cents || owed.cents! <= 0) return null;
  const label = line.cells.slice(0, owed.index).map((c) => c.text).join(' ');
  return { line, label, owed, paid, open };
}

const aligned = (a: SettlementRow, b: SettlementRow) =>
  Math.abs(a.owed.x1 - b.owed.x1) <= ALIGN && Math.abs(a.paid.x1 - b.paid.x1) <= ALIGN && Math.abs(a.open.x1 - b.open.x1) <= ALIGN;

/**
 * The open sum of the first settlement table: consecutive rows of one page whose three columns
 * line up and each satisfy owed − paid = open, closed by a sum row whose every column is the sum
 * of the rows above it. Null without such a table, when it lists costs or interest, or when no
 * row prints the sum (the claim would be a figure the letter does not print).
 */
export function openClaim(lines: readonly TextLine[]): { value: string; page: number; line: TextLine } | null {
  for (let start = 0; start < lines.length; start++) {
    const first = settlementRow(lines[start]!);
    if (!first) continue;
    const rows = [first];
    for (let j = start + 1; j < lines.length && lines[j]!.page === first.line.page; j++) {
      const next = settlementRow(lines[j]!);
      if (!next || !aligned(rows[0]!, next)) break;
      rows.push(next);
    }
    for (let k = 2; k < rows.length; k++) {
      const items = rows.slice(0, k);
      const sum = rows[k]!;
      const column = (pick: (r: SettlementRow) => Figure) => items.reduce((a, r) => a + pick(r).cents!, 0) === pick(sum).cents;
      if (!column((r) => r.owed) || !column((r) => r.paid) || !column((r) => r.open)) continue;
      if (items.some((r) => COSTS.test(foldGerman(r.label)))) return null;
      return { value: sum.open.printed, page: sum.line.page, line: sum.line };
    }
    start += rows.length - 1;
  }
  return null;
}
