/**
 * Values printed in running text rather than beside a label ("kündigen wir … zum 30.06.2026",
 * "bis zum 24.04.2026 zu überweisen", "1 Punkt"). Each page's lines are joined into one text;
 * patterns run over it with white space (incl. line breaks) matched by \s.
 */
import type { PageText } from '../../../model/lines.js';

/** The page texts are made by the layout step (layout/page-texts.ts); re-exported for the letter rules. */
export { allText, pageTexts } from '../../../layout/page-texts.js';
export type { PageText } from '../../../model/lines.js';

/**
 * First match of `re` (document order); the value is capture group `group` as printed, with
 * its white space collapsed to single spaces. `re` must not be global.
 */
export function findInProse(texts: readonly PageText[], re: RegExp, group = 1): { value: string; page: number; match: RegExpExecArray } | null {
  for (const t of texts) {
    const m = re.exec(t.text);
    if (m && m[group]) return { value: m[group]!.replace(/\s+/g, ' ').trim(), page: t.page, match: m };
  }
  return null;
}

/** Every match of `re` in document order (`re` is used with the global flag added). */
export function findAllInProse(texts: readonly PageText[], re: RegExp, group = 1): { value: string; page: number; match: RegExpExecArray }[] {
  const out: { value: string; page: number; match: RegExpExecArray }[] = [];
  const global = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
  for (const t of texts) {
    for (const m of t.text.matchAll(global)) if (m[group]) out.push({ value: m[group]!.replace(/\s+/g, ' ').trim(), page: t.page, match: m as RegExpExecArray });
  }
  return out;
}

/** Whether any page matches. */
export function proseHas(texts: readonly PageText[], re: RegExp): boolean {
  return texts.some((t) => re.test(t.text));
}

/** A printed German date (numeric or with month name), as a regex source for building patterns. */
export const DATE_SRC = String.raw`(?:\d{1,2}\.\s?\d{1,2}\.\s?(?:\d{4}|\d{2})(?!\d)|\d{1,2}\.\s+(?:Januar|Februar|M(?:ä|ae|a)rz|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember)\s+\d{4})`;
/** A printed German amount with optional currency, as a regex source. */
export const MONEY_SRC = String.raw`(?:(?:€|EUR)\s?)?\d{1,3}(?:[.\s]\d{3})*,\d{2}(?:\s?(?:€|EUR|Euro))?`;
