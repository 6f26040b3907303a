/** Small helpers the type analyzers share for turning found values into facts and wording flags. */
import { type CalendarDate, formatGermanDate } from '../../../../domain/german-dates.js';
import { formatEuro } from '../../../../domain/money.js';
import { foldGerman } from '../../../layout/fold.js';
import type { PageText } from './prose.js';

export const fmtDate = formatGermanDate;
export const fmtEuro = formatEuro;

/**
 * The first sentence (of any page) matching `re` and not refused by `skip`, trimmed to 200
 * characters, for quoting in a flag.
 */
export function sentenceMatching(texts: readonly PageText[], re: RegExp, skip?: (sentence: string) => boolean): string | null {
  for (const t of texts) {
    // Blocks apart by an empty line (letterhead, headings, table rows) are never one sentence:
    // without this, the first sentence of a page swallows the whole letterhead above it.
    const sentences = t.text.split(/\n\s*\n/).flatMap((block) => block.replace(/\s+/g, ' ').trim().split(/(?<=[.!?])\s+(?=[A-ZÄÖÜ])/u));
    const hit = sentences.find((s) => re.test(foldGerman(s)) && !skip?.(s));
    if (hit) return hit.length > 200 ? `${hit.slice(0, 197)}…` : hit;
  }
  return null;
}

/** Whether the folded text of any page matches. */
export function foldedHas(texts: readonly PageText[], re: RegExp): boolean {
  return texts.some((t) => re.test(foldGerman(t.text)));
}

/** A date that is only known when both inputs are. */
export function both<A, B, R>(a: A | null | undefined, b: B | null | undefined, f: (a: A, b: B) => R): R | null {
  return a === null || a === undefined || b === null || b === undefined ? null : f(a, b);
}

export type MaybeDate = CalendarDate | null;
