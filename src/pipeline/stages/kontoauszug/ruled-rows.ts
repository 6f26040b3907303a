import type { Line } from '../../layout/lines.js';
import { bandOf, rowBoundaries } from '../../layout/table/index.js';
import { statementPatterns as vocab } from '../../layout/vocabulary.js';
import type { Page } from '../../model/document.js';
import type { Event, Posting } from './posting.js';
import { dateHeading, isProse } from './posting-lines.js';

/**
 * Rows drawn with rules are rows (issue 21, class 2): where a page draws its posting table as
 * ruled rows — a rule between every two postings, or shaded alternate rows — the lines between
 * two boundaries are one posting's. A line the assembler (blocks.ts) read top to bottom into
 * the posting above, or left as a line of its own, but which stands below the boundary that
 * opens the next posting's row — the type line printed above the dates and amount —
 *
 *     ───────────────────────────────────────────────────────────────
 *     Dauerauftrag
 *     20.06.2025  Musikschule Klangvoll e.V.            -1.762,93 EUR
 *     Valuta 21.06.2025  Unterricht Juni 2025
 *     ───────────────────────────────────────────────────────────────
 *     Lastschrift                                  ← this row's type, not the posting's above
 *     19.06.2025  …
 *
 * belongs to the posting whose amount row the boundaries enclose. This holds whatever the
 * line's words are (no type list is asked), and for any number of postings.
 *
 * Used per page only where the rules are consistent with the amount rows: at least two
 * postings on the page, the boundaries across the postings' width (layout/table ruled rows),
 * and every band holds at most one posting's amount row. Elsewhere (no rules, rules under the
 * header only, a rule per day group) the events are returned as they were.
 *
 * Contract: events keep their order; only lines without amounts move: from the end of the
 * posting above on the same page (never its amount row) or from line events above the amount
 * row, to the front of the posting whose band they lie in — and only where that band above the
 * amount row holds nothing else (a column header, section heading, balance or prose in it: the
 * band is no posting's row, nothing moves). A day heading in the band bounds the row from above.
 * Runs after type-above.ts, which it never undoes: where both read a layout they agree, and where
 * the vote has too little evidence the rules decide.
 */
export function ruledRowLines(events: readonly Event[], pages: readonly Page[], headerLines: ReadonlySet<number>): Event[] {
  const byPage = new Map<number, { bounds: number[] }>();
  for (const page of pages) {
    if (!page.rules || page.rules.length === 0) continue;
    const firsts = events.flatMap((e) => (e.kind === 'posting' && e.posting.first.page === page.number ? [e.posting.first] : []));
    if (firsts.length < 2) continue;
    const span = { x0: Math.min(...firsts.map((l) => l.words[0]!.x0)), x1: Math.max(...firsts.map((l) => l.words[l.words.length - 1]!.x1)) };
    const bounds = rowBoundaries(page.rules, span);
    const bands = firsts.map((l) => bandOf(bounds, centre(l)));
    if (new Set(bands).size !== bands.length) continue; // two amount rows in one band: not row rules
    byPage.set(page.number, { bounds });
  }
  if (byPage.size === 0) return [...events];

  const out = events.map((e): Event => (e.kind === 'posting' ? { kind: 'posting', posting: copy(e.posting) } : e));
  const dropped = new Set<number>();
  out.forEach((e, k) => {
    if (e.kind !== 'posting') return;
    const target = e.posting;
    const ruled = byPage.get(target.first.page);
    if (!ruled) return;
    const band = bandOf(ruled.bounds, centre(target.first));
    // A row open to the top of the page (no boundary above it) is not enclosed: nothing moves.
    if (band === 0) return;
    const inBand = (l: Line): boolean => l.page === target.first.page && l.top < target.first.top && bandOf(ruled.bounds, centre(l)) === band;
    // The row above the amount row must hold nothing but the posting's own lines: every line
    // event in it a short line without amounts (no column header, section heading, balance or
    // prose — a band that holds those is no posting's row, and nothing moves).
    const moved: { line: Line; skip: Set<number> }[] = [];
    let i = k - 1;
    let clean = true;
    for (; i >= 0; i--) {
      const ev = out[i]!;
      if (ev.kind === 'posting') break;
      if (!inBand(ev.line)) break;
      // A day heading (`Sonntag, 06.07.2025`) heads the rows below it: the row's lines start under
      // it, and nothing above it (the posting before the heading) is this row's.
      if (ev.kind === 'line' && dateHeading(ev.line) !== null) break;
      const l = ev.line;
      if (ev.kind !== 'line' || l.amounts.length > 0 || headerLines.has(l.index) || sectionHeading(l) || isProse(l)) clean = false;
      else moved.unshift({ line: l, skip: new Set() });
    }
    if (!clean) return;
    for (let d = i + 1; d < k; d++) dropped.add(d);
    // The tail of the posting above (its lines after its amount row) that lies in this row.
    const above = out[i];
    if (above?.kind === 'posting' && above.posting.first.page === target.first.page) {
      const src = above.posting;
      let cut = src.lines.length;
      while (cut > 1 && src.lines[cut - 1] !== src.first && inBand(src.lines[cut - 1]!) && src.lines[cut - 1]!.amounts.length === 0) cut--;
      const tail = src.lines.slice(cut);
      for (const [n, line] of tail.entries()) moved.splice(n, 0, { line, skip: src.skip.get(line.index) ?? new Set() });
      src.lines = src.lines.slice(0, cut);
      for (const line of tail) src.skip.delete(line.index);
    }
    if (moved.length === 0) return;
    target.lines = [...moved.map((m) => m.line), ...target.lines];
    for (const m of moved) target.skip.set(m.line.index, m.skip);
  });
  return out.filter((_, k) => !dropped.has(k));
}

function centre(l: Line): number {
  return (l.top + l.bottom) / 2;
}

function copy(p: Posting): Posting {
  return { ...p, lines: [...p.lines], skip: new Map(p.skip) };
}

/** `Gebuchte Umsätze`, `Vorgemerkte Umsätze`: a section's heading, never a row's line. */
function sectionHeading(l: Line): boolean {
  const t = l.folded.trim();
  return vocab.pendingSection.test(t) || vocab.bookedSection.test(t);
}
