/**
 * The arithmetic identities of a letter (SPEC §9 `analysis.checks`): gross − deductions = net,
 * Hauptforderung + Zinsen + Kosten = Gesamtforderung, Geldbuße + Gebühren + Auslagen =
 * Gesamtbetrag, festgesetzt − anzurechnen = Nachzahlung / Erstattung. A check is reported only
 * when every value it sums was read; it holds when the signed sum equals the total to the cent.
 * Checks also choose between candidate readings (`bestReading`), the way the statement engine
 * lets the balances choose: a reading that makes the letter's own numbers add up wins.
 */
import type { Check } from '../../../model/result.js';
import { centsOf } from './values.js';

export interface Term {
  /** Key-number name, or the row's label as printed for rows that are no key number. */
  name: string;
  printed: string;
  sign: 1 | -1;
}

/** Σ sign × term = total, compared in cents (amounts printed negative count by their size). */
export function sumCheck(rule: string, terms: readonly Term[], total: { name: string; printed: string }, totalSign: 1 | -1 = 1): Check | null {
  const totalCents = centsOf(total.printed);
  if (totalCents === null || terms.length === 0) return null;
  let sum = 0;
  const values: Record<string, string> = {};
  for (const t of terms) {
    const c = centsOf(t.printed);
    if (c === null) return null;
    sum += t.sign * Math.abs(c);
    values[uniqueName(values, t.name)] = t.printed;
  }
  values[uniqueName(values, total.name)] = total.printed;
  return { rule, holds: Math.abs(sum - totalSign * Math.abs(totalCents)) <= 1, values };
}

function uniqueName(values: Record<string, string>, name: string): string {
  if (!(name in values)) return name;
  for (let i = 2; ; i++) if (!(`${name} (${i})` in values)) return `${name} (${i})`;
}

/**
 * Picks one reading per name so that `holds` is true: the first readings as they are, else one
 * name changed to a later candidate, else two. Null when no combination holds (the caller keeps
 * the first readings and reports the failed check).
 */
export function bestReading<T>(candidates: Record<string, readonly T[]>, holds: (pick: Record<string, T>) => boolean): Record<string, T> | null {
  const names = Object.keys(candidates).filter((n) => candidates[n]!.length > 0);
  const first: Record<string, T> = Object.fromEntries(names.map((n) => [n, candidates[n]![0]!]));
  if (holds(first)) return first;
  for (const a of names) {
    for (const va of candidates[a]!.slice(1)) {
      const pick = { ...first, [a]: va };
      if (holds(pick)) return pick;
    }
  }
  for (const [i, a] of names.entries()) {
    for (const b of names.slice(i + 1)) {
      for (const va of candidates[a]!.slice(1)) {
        for (const vb of candidates[b]!.slice(1)) {
          const pick = { ...first, [a]: va, [b]: vb };
          if (holds(pick)) return pick;
        }
      }
    }
  }
  return null;
}
