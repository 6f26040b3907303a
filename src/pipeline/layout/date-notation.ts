import { isValidDate } from '../../domain/german-dates.js';
import type { Page, TextCell } from '../model/document.js';

/**
 * The document's date notation, decided once over all its words (as notation.ts decides the
 * number notation), and its dates rewritten into the German `DD.MM.YYYY` every later rule reads.
 *
 * German statements print `DD.MM.YYYY`, `DD.MM.YY` and `DD.MM.` — always read. Some print their
 * date column otherwise: `DD/MM/YYYY` (South Tyrol, Italian host systems), `DD-MM-YYYY`, or ISO
 * `YYYY-MM-DD` (exports, apps). Such a notation is adopted only by a document-level vote:
 *
 * - at least two words of the notation stand on a row with an amount (`1.234,56`): a date column,
 *   not a reference or a fragment in a purpose line;
 * - every word of that shape is a real calendar date read day first (ISO: year first). One word
 *   that is only a date month first (`06/25/2025`) means the document is not day-first: the
 *   notation is refused — a month-first (US) reading is never made;
 * - then every word of the notation that is a valid calendar date becomes `DD.MM.YYYY` (or
 *   `DD.MM.YY`); anything else (`06/2025`, `4318/78`, a time, an IBAN group) is left as printed.
 *
 * Month names (`3. Okt. 2025`, `03 OKT`, the English of apps) are read by lines.ts with
 * `monthFromName`; they need no vote.
 */
export type DateNotation = 'slash' | 'dash' | 'iso';

const SHAPES: Record<DateNotation, RegExp> = {
  slash: /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})$/u,
  dash: /^(\d{1,2})-(\d{1,2})-(\d{4}|\d{2})$/u,
  iso: /^(\d{4})-(\d{2})-(\d{2})$/u,
};

/** A row's amount: German notation, as notation.ts leaves it. */
const AMOUNT = /^[-+\u2212\u2013]?(?:€|EUR)?\d{1,3}(?:\.\d{3})*,\d{2}(?:[-+SH]|€)?$|^[-+\u2212\u2013]?\d+,\d{2}(?:[-+SH]|€)?$/iu;

/** Brackets and a trailing comma or colon around a date cell (`(15/11/2019)`, `30/06/2025:`). */
const bare = (t: string): string => t.trim().replace(/^[([]|[)\]]$/gu, '').replace(/[,;:]$/u, '');

interface Parts {
  day: number;
  month: number;
  year: number;
  short: boolean;
}

function parts(text: string, notation: DateNotation): Parts | null {
  const m = SHAPES[notation].exec(bare(text));
  if (!m) return null;
  if (notation === 'iso') return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]), short: false };
  const short = m[3]!.length === 2;
  return { day: Number(m[1]), month: Number(m[2]), year: short ? 2000 + Number(m[3]) : Number(m[3]), short };
}

/** The notations of the document besides the German dotted one (none, one or several). */
export function documentDateNotations(pages: readonly Page[]): DateNotation[] {
  const out: DateNotation[] = [];
  for (const notation of ['slash', 'dash', 'iso'] as const) {
    let inRows = 0;
    let monthFirst = false;
    for (const page of pages) {
      const amounts = page.cells.filter((c) => AMOUNT.test(c.text.trim()));
      for (const c of page.cells) {
        const p = parts(c.text, notation);
        if (!p) continue;
        if (!isValidDate(p)) {
          // Only a date month first (`06/25/2025`): not a day-first document.
          if (notation !== 'iso' && isValidDate({ ...p, day: p.month, month: p.day })) monthFirst = true;
          continue;
        }
        if (amounts.some((a) => sameRow(a, c))) inRows++;
      }
    }
    if (inRows >= 2 && !monthFirst) out.push(notation);
  }
  return out;
}

/** Two cells on one printed row: their vertical centres within half the smaller height. */
function sameRow(a: TextCell, b: TextCell): boolean {
  const mid = (c: TextCell): number => c.bbox.y + c.bbox.height / 2;
  return Math.abs(mid(a) - mid(b)) <= Math.min(a.bbox.height, b.bbox.height) / 2;
}

const d2 = (n: number): string => String(n).padStart(2, '0');

/** One word in German notation (unchanged when it is no valid date of the given notations). */
export function germanDate(text: string, notations: readonly DateNotation[]): string {
  for (const notation of notations) {
    const p = parts(text, notation);
    if (!p || !isValidDate(p)) continue;
    const t = text.trim();
    const core = bare(t);
    const at = t.indexOf(core);
    const year = p.short ? d2(p.year - 2000) : String(p.year);
    return `${t.slice(0, at)}${d2(p.day)}.${d2(p.month)}.${year}${t.slice(at + core.length)}`;
  }
  return text;
}

/** The pages with their dates in German notation; pages without a change are returned as they are. */
export function normaliseDateNotation(pages: readonly Page[]): Page[] {
  const notations = documentDateNotations(pages);
  if (notations.length === 0) return [...pages];
  return pages.map((page) => {
    let changed = false;
    const cells = page.cells.map((c): TextCell => {
      const text = germanDate(c.text, notations);
      if (text === c.text) return c;
      changed = true;
      return { ...c, text };
    });
    return changed ? { ...page, cells } : page;
  });
}
