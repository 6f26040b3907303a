import type { Line } from '../../layout/lines.js';
import { typePhrase } from './counterparty.js';
import type { Event, Posting } from './posting.js';

/**
 * Online-banking printouts (issue 21, class 2) print each row's posting type on a small line
 * ABOVE the line that holds its dates and amount:
 *
 *     Dauerauftrag
 *     20.06.2025  Musikschule Klangvoll e.V.            -1.762,93 EUR
 *     Valuta 21.06.2025  Unterricht Juni 2025
 *     Lastschrift                                  ← the next row's type
 *     19.06.2025  …
 *
 * Read top to bottom, that line joins the posting above it, so every posting took the next
 * posting's type and counterparty. Whether a layout does this is decided once per document from
 * its own structure, never per word list: right above most posting lines (at least MIN_SHARE of
 * them, at least MIN_POSTINGS) stands a line that is only a type the vocabulary knows, closer to
 * the posting line below than to the line above it, while the posting lines themselves do not
 * start with a type. Then every such type line — any short line without figures in that place,
 * whatever its words — is moved to the posting below, where it is the posting's first text line.
 *
 * Contract: events keep their order; only lines move between a posting and the one below it
 * (or from a stray line event into the posting below). Where the evidence is missing the events
 * are returned unchanged.
 */
const MIN_POSTINGS = 3;
const MIN_SHARE = 0.6;

/** A line's text without figures that is short enough to be a type cell (`Lohn, Gehalt, Rente`). */
function shortTextLine(l: Line): boolean {
  return l.amounts.length === 0 && l.dates.length === 0 && !/\d/u.test(l.text) && l.words.length <= 4;
}

/** Only a known type: `Dauerauftrag`, `Lastschrift`, `Lohn, Gehalt, Rente`. */
function typeOnly(text: string): boolean {
  const t = text.trim();
  const phrase = typePhrase(t);
  return phrase !== '' && t.slice(phrase.length).replace(/[\s,;:/·-]+/gu, '') === '';
}

/** The posting line's own text after its leading dates: does it start with a type? */
function startsWithType(p: Posting): boolean {
  const skip = p.skip.get(p.first.index) ?? new Set<number>();
  const text = p.first.words
    .filter((_, i) => !skip.has(i))
    .map((w) => w.text)
    .join(' ');
  return typePhrase(text) !== '';
}

interface Candidate {
  /** Event index of the posting below. */
  at: number;
  line: Line;
  /** Where the line is now: the posting above (event index) or a line event (event index). */
  from: { kind: 'posting' | 'line'; at: number };
}

export function typeLinesAbove(events: readonly Event[]): Event[] {
  const candidates: Candidate[] = [];
  let postings = 0;
  let evidence = 0;
  events.forEach((e, k) => {
    if (e.kind !== 'posting') return;
    postings++;
    const p = e.posting;
    const before = events[k - 1];
    let line: Line | null = null;
    let from: Candidate['from'] | null = null;
    if (before?.kind === 'posting') {
      const lines = before.posting.lines;
      // Never the posting line itself: a posting keeps its own first line.
      if (lines.length > 1) {
        line = lines[lines.length - 1]!;
        from = { kind: 'posting', at: k - 1 };
      }
    } else if (before?.kind === 'line') {
      line = before.line;
      from = { kind: 'line', at: k - 1 };
    }
    if (!line || !from || line.index !== p.first.index - 1 || line.page !== p.first.page || !shortTextLine(line)) return;
    // Closer to the posting line below than to the line above it.
    const above = before?.kind === 'posting' ? before.posting.lines.at(-2) : undefined;
    if (above && line.top - above.bottom <= p.first.top - line.bottom) return;
    candidates.push({ at: k, line, from });
    if (typeOnly(line.text) && !startsWithType(p)) evidence++;
  });
  if (evidence < MIN_POSTINGS || evidence < postings * MIN_SHARE) return [...events];
  const out = events.map((e): Event => (e.kind === 'posting' ? { kind: 'posting', posting: { ...e.posting, lines: [...e.posting.lines], skip: new Map(e.posting.skip) } } : e));
  const dropped = new Set<number>();
  for (const c of candidates) {
    const target = (out[c.at] as { posting: Posting }).posting;
    if (c.from.kind === 'posting') {
      const src = (out[c.from.at] as { posting: Posting }).posting;
      src.lines = src.lines.filter((l) => l !== c.line);
      src.skip.delete(c.line.index);
    } else dropped.add(c.from.at);
    target.lines = [c.line, ...target.lines];
    target.skip.set(c.line.index, new Set());
  }
  return out.filter((_, k) => !dropped.has(k));
}
