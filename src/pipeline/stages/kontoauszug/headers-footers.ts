import { statementPatterns as vocab } from '../../layout/vocabulary.js';
import type { Line } from '../../layout/lines.js';

/**
 * Page headers and footers repeated on several pages (bank address, "Seite 1 von 3", the
 * account line) are not part of any posting. A line counts as repeated when, with its short numbers (page numbers)
 * masked and without amounts, it occurs in the top or bottom band of at least two pages and on at least half the
 * pages. Only the bands are considered: a posting line repeated in mid-page is still a posting. Page-number
 * lines count wherever they stand. Dates are not masked: a header prints the same date on every page, while
 * day headings (`Sonntag, 2. August 2026`, `Sonntag, 16. August 2026`) that happen to stand at the same
 * height on two pages differ only in their day. A line that stands between lines with amounts on its page is
 * table content wherever it stands.
 */
export function repeatedLines(lines: readonly Line[]): Set<number> {
  const pages = new Set(lines.map((l) => l.page));
  // A page-number line ("Seite 2 von 3", "Blatt 2/3") is page furniture wherever it stands,
  // on a one-page document too.
  const out = new Set<number>(lines.filter((l) => vocab.pageMark.test(l.text)).map((l) => l.index));
  if (pages.size < 2) return out;
  // Where each page's amounts start and end: a line between two lines with amounts is inside
  // the table (a posting's "Lastschrift" or "End-to-End-Ref.:" line that happens to stand at
  // the same height on two pages), never the page's header or footer.
  const span = new Map<number, { first: number; last: number }>();
  for (const l of lines) {
    if (l.amounts.length === 0) continue;
    const s = span.get(l.page);
    if (!s) span.set(l.page, { first: l.index, last: l.index });
    else s.last = l.index;
  }
  const byKey = new Map<string, { pages: Set<number>; lines: number[] }>();
  for (const l of lines) {
    if (l.amounts.length > 0) continue; // amounts make a line content (a posting or a balance)
    const mid = (l.top + l.bottom) / 2;
    if (mid > l.pageHeight * 0.2 && mid < l.pageHeight * 0.85) continue;
    const s = span.get(l.page);
    if (s && s.first < l.index && l.index < s.last) continue;
    // Headers and footers stand at the same height on every page; the bucket keeps a
    // posting's SEPA line that happens to sit near the bottom of two pages out of it.
    const key = `${Math.round(l.top / 4)}|${maskedText(l)}`;
    const e = byKey.get(key) ?? { pages: new Set<number>(), lines: [] };
    e.pages.add(l.page);
    e.lines.push(l.index);
    byKey.set(key, e);
  }
  for (const e of byKey.values()) {
    if (e.pages.size >= 2 && e.pages.size >= pages.size / 2) for (const i of e.lines) out.add(i);
  }
  return out;
}

/** The line's words, lower-cased, short numbers outside dates masked. */
function maskedText(l: Line): string {
  const inDate = new Set(l.dates.flatMap((d) => Array.from({ length: d.last - d.word + 1 }, (_, k) => d.word + k)));
  return l.words
    .map((w, i) => (inDate.has(i) ? w.text : w.text.replace(/(?<!\d)\d{1,3}(?!\d)/gu, '#')).toLowerCase())
    .join(' ')
    .replace(/\s+/gu, ' ');
}
