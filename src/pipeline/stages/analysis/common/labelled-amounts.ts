/**
 * Amounts a letter sets or demands that have no name in SPEC §9's list (issue 22 §6: SPEC's names
 * are a minimum): a cost row of a claim table that adds up (`Pauschale für Zustellungen`,
 * `Auslagenpauschale Inkasso`), a tax a notice sets (`Jahressteuer`, `für die Zeit ab … auf
 * jährlich`). Each becomes a key number named from the letter's own label by `labelKeyName`.
 *
 * Naming rule (docs/analysis.md, "Amounts without a SPEC name"): the label as printed, without
 * what is no part of its name — text in brackets, leading item and tariff numbers (`9002`,
 * `Nr. 2300`), dates and amounts, abbreviations in capitals (`VV RVG`, `JVEG`) —, in lower case with ä/ö/ü → ae/oe/ue and
 * ß → ss (as SPEC's own names: `mahngebuehren`), every other run of characters an underscore,
 * at most six words. A name that is one of the type's SPEC names, or already taken, is never
 * used for such an amount (a value is never reported under a SPEC name it was not read as) — save
 * a row whose label is that SPEC name itself while the key has no value: the row is read as that
 * key by its own label, and the sum it stands in confirms it; the
 * second of two equal names gets `_2`. An amount that already is the value of a key number is
 * not added again. A leading item letter (`c) Sonstige Auslagen`) is no part of the name either.
 *
 * Zero amounts (docs/analysis.md, "Zero rows"): a row the letter prints with 0,00 (`c) Sonstige
 * Auslagen 0,00 EUR`, `Auslagen der Polizei: 0,00 EUR`) is reported like any other — SPEC §9
 * asks for each amount the document prints, the user sees the cost list as the letter sets it,
 * and the callers pass only rows of a sum that holds or amounts set in the tenor. Two zero rows
 * are two rows: a zero is never taken for another figure restated.
 */
import type { KeyNumber } from '../../../model/result.js';
import { centsOf } from './values.js';

export interface LabelledAmount {
  label: string;
  value: string;
  page: number;
}

/** The key name a printed label gives, or null when nothing of a name is left. */
export function labelKeyName(label: string): string | null {
  const words = label
    .replace(/^\s*(?:[a-z]|[ivx]{1,4})[.)]\s+/iu, ' ')
    .replace(/\([^)]*\)?/g, ' ')
    .replace(/\b\d{1,2}\.\d{1,2}\.(?:\d{2,4})?/g, ' ')
    .replace(/\b(?:Nr|Abs|Ziff|KV|VV)\.?\s*\d[\d.,]*/gi, ' ')
    .replace(/[-+]?\d[\d.,]*\s*(?:%|€|EUR)?/g, ' ')
    .replace(/(?<![\p{L}])[\p{Lu}]{2,}(?![\p{L}])/gu, ' ')
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .split(/[^a-z]+/)
    .filter((w) => w.length > 0);
  if (words.length === 0 || words.join('').length < 3) return null;
  return words.slice(0, 6).join('_');
}

/** Adds `amounts` to `keyNumbers` under names from their labels (the rule above); returns the record. */
export function withLabelledAmounts(keyNumbers: Record<string, KeyNumber>, amounts: readonly LabelledAmount[], specNames: readonly string[]): Record<string, KeyNumber> {
  const out = { ...keyNumbers };
  const taken = new Set(Object.values(out).map((k) => centsOf(k.value)).filter((c): c is number => c !== null));
  for (const a of amounts) {
    const cents = centsOf(a.value);
    // A zero is a row of its own, never another row's figure restated.
    if (cents === null || (cents !== 0 && taken.has(cents))) continue;
    const base = labelKeyName(a.label);
    // A row labelled with a key's own name fills that key when nothing else was read for it (a
    // part dropped because it broke the sum); beside a key already read, it is no new name.
    if (!base || (specNames.includes(base) && base in out)) continue;
    let name = base;
    for (let i = 2; name in out; i++) name = `${base}_${i}`;
    out[name] = { value: a.value, page: a.page };
    if (cents !== 0) taken.add(cents);
  }
  return out;
}
