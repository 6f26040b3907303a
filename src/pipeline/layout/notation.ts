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
 * - **Accounting parentheses** (`(84,00)`): a bare amount in parentheses is negative and is read
 *   as `-84,00` — but only where it stands in an amount column: its right edge aligned (within
 *   half its font size) with that of another amount word on a different line of its page. An
 *   amount in parentheses inside running text (`Rate (84,00) enthalten`) stays as printed.
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

const PARENTHESISED = /^\(([^()\s]+)\)$/u;
const BARE_AMOUNT = /^\d{1,3}(?:\.\d{3})*,\d{2}$|^\d+,\d{2}$/u;

/** The amount inside accounting parentheses (`(84,00)` → `84,00`, German notation), or null. */
function parenthesisedAmount(text: string): string | null {
  const m = PARENTHESISED.exec(text.trim());
  return m && BARE_AMOUNT.test(m[1]!) ? m[1]! : null;
}

const rightEdge = (c: TextCell): number => c.bbox.x + c.bbox.width;

/** Whether `cell` stands in an amount column: right-aligned with an amount word on another line of the page. */
function inAmountColumn(cell: TextCell, page: readonly TextCell[]): boolean {
  const tolerance = cell.fontSize / 2;
  return page.some(
    (o) =>
      o !== cell &&
      Math.abs(o.bbox.y - cell.bbox.y) > cell.bbox.height / 2 &&
      Math.abs(rightEdge(o) - rightEdge(cell)) <= tolerance &&
      (COMMA_DECIMAL.test(o.text.trim()) || parenthesisedAmount(o.text) !== null),
  );
}

/** The pages with their amounts in German notation; pages without a change are returned as they are. */
export function normaliseNotation(pages: readonly Page[]): Page[] {
  const notation = documentNotation(pages);
  return pages.map((page) => {
    let changed = false;
    const german = page.cells.map((c): TextCell => {
      const text = germanNotation(c.text, notation);
      return text === c.text ? c : { ...c, text, asPrinted: c.asPrinted ?? c.text.trim() };
    });
    const cells = german.map((c, i): TextCell => {
      const inner = parenthesisedAmount(c.text);
      const text = inner !== null && inAmountColumn(c, german) ? `-${inner}` : c.text;
      if (text === page.cells[i]!.text) return page.cells[i]!;
      changed = true;
      return text === c.text ? c : { ...c, text, asPrinted: c.asPrinted ?? page.cells[i]!.text.trim() };
    });
    return changed ? { ...page, cells } : page;
  });
}
