import type { Page, TextCell } from '../model/document.js';

/**
 * The document's number notation, decided once over all its words, and its amounts rewritten
 * into the German notation every later rule reads (SPEC §8 keeps German notation in the rows,
 * whatever the account's currency):
 *
 * - **Swiss notation** (`2'029.25`, `-1'250.00`, `29.25`): apostrophe (or ’) thousands and a
 *   decimal point. Chosen for the whole document when it prints at least one apostrophe-grouped
 *   amount and more point-decimal amounts than comma-decimal ones; then every `d'ddd.dd` and
 *   `d.dd` word becomes `d.ddd,dd` / `d,dd` (a date always has a second point or a year:
 *   `31.12.24`, so it is never taken for one). A German statement that quotes one Swiss
 *   amount in a purpose line keeps its notation.
 * - In German notation, an amount whose decimal comma was printed as a point after thousands
 *   groups (`+ 2.853.82`, a real bank's opening balance) can mean nothing else and is read as
 *   `2.853,82`.
 */
export type Notation = 'german' | 'swiss';

const SIGN = String.raw`[-+\u2212\u2013]?`;
const SWISS_GROUPED = new RegExp(`^(${SIGN})(\\d{1,3}(?:['’]\\d{3})+)\\.(\\d{2})([-+]?)$`, 'u');
const POINT_DECIMAL = new RegExp(`^(${SIGN})(\\d{1,3})\\.(\\d{2})([-+]?)$`, 'u');
const COMMA_DECIMAL = /^[-+\u2212\u2013]?\d{1,3}(?:\.\d{3})*,\d{2}[-+SH]?$|^[-+\u2212\u2013]?\d+,\d{2}[-+SH]?$/u;
const GROUPED_POINT_DECIMAL = /^([-+\u2212\u2013]?\d{1,3}(?:\.\d{3})+)\.(\d{2})$/u;

/** The notation the document's amounts are printed in. */
export function documentNotation(pages: readonly Page[]): Notation {
  let grouped = 0;
  let point = 0;
  let comma = 0;
  for (const page of pages) {
    for (const c of page.cells) {
      const t = c.text.trim();
      if (SWISS_GROUPED.test(t)) grouped++;
      else if (POINT_DECIMAL.test(t)) point++;
      else if (COMMA_DECIMAL.test(t)) comma++;
    }
  }
  return grouped > 0 && grouped + point > comma ? 'swiss' : 'german';
}

/** One word in German notation (unchanged when it is no amount of the given notation). */
export function germanNotation(text: string, notation: Notation): string {
  const t = text.trim();
  if (notation === 'swiss') {
    const m = SWISS_GROUPED.exec(t) ?? POINT_DECIMAL.exec(t);
    if (m) return `${m[1]}${m[2]!.replace(/['’]/gu, '.')},${m[3]}${m[4]}`;
    return text;
  }
  const g = GROUPED_POINT_DECIMAL.exec(t);
  return g ? `${g[1]},${g[2]}` : text;
}

/** The pages with their amounts in German notation; pages without a change are returned as they are. */
export function normaliseNotation(pages: readonly Page[]): Page[] {
  const notation = documentNotation(pages);
  return pages.map((page) => {
    let changed = false;
    const cells = page.cells.map((c): TextCell => {
      const text = germanNotation(c.text, notation);
      if (text === c.text) return c;
      changed = true;
      return { ...c, text };
    });
    return changed ? { ...page, cells } : page;
  });
}
