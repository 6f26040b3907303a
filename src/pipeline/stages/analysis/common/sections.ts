/**
 * Splits a document into sections by headings, in document order. A heading is a short line
 * (≤ 8 words, no amount) that either uses the vocabulary German documents of the type head
 * their parts with, or is printed clearly larger than the page's body text. The lines before
 * the first heading form the letterhead section; a subject line right before the salutation
 * ("Sehr geehrte …") is the Betreff. Works on OCR pages too (word heights stand in for font size).
 */
import type { Section } from '../../../model/result.js';
import { foldGerman } from '../../../layout/fold.js';
import type { TextLine } from '../../../layout/text-lines.js';
import { letterPattern } from '../../../layout/letter-words.js';

const MONEY = /\d,\d{2}\b/;
const SALUTATION = letterPattern('sectionSalutation', '^($W)', '');

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
}

export interface SectionOptions {
  /** Folded heading starts typical of the document type (e.g. "festsetzung", "rechtsbehelfsbelehrung"). */
  headings: readonly string[];
  /** Title of the block before the first heading. */
  firstTitle?: string;
}

export function splitSections(lines: readonly TextLine[], options: SectionOptions): Section[] {
  const bodySize = new Map<number, number>();
  for (const page of new Set(lines.map((l) => l.page))) bodySize.set(page, median(lines.filter((l) => l.page === page).map((l) => l.size)));
  const headingAt = new Map<TextLine, string>();
  lines.forEach((line, i) => {
    const folded = line.folded.trim();
    const words = line.cells.length;
    const next = lines[i + 1];
    // The subject line right above the salutation; subjects run longer than headings.
    const beforeSalutation =
      next && next.page === line.page && SALUTATION.test(foldGerman(next.text)) && words >= 2 && words <= 20 && !/,\s*$/.test(line.text);
    if (beforeSalutation) {
      headingAt.set(line, 'Betreff');
      return;
    }
    // The letter's running text starts with the salutation.
    if (SALUTATION.test(folded) && headingAt.size > 0 && [...headingAt.values()].at(-1) === 'Betreff') {
      headingAt.set(line, 'Brieftext');
      return;
    }
    if (words > 8 || MONEY.test(line.text)) return;
    const vocab = options.headings.some((h) => folded.startsWith(h) || folded.replace(/^[\divx]+[.)]\s*/, '').startsWith(h));
    const large = line.size >= (bodySize.get(line.page) ?? 0) * 1.25 && words >= 1 && /[a-zäöü]{3}/i.test(line.text);
    if (vocab || large) headingAt.set(line, line.text.replace(/:$/, '').trim());
  });
  const sections: Section[] = [];
  let current: { title: string; page: number; text: string[] } | null = null;
  for (const line of lines) {
    const heading = headingAt.get(line);
    if (heading !== undefined) {
      if (current) sections.push(done(current));
      current = { title: heading, page: line.page, text: heading === 'Betreff' || heading === 'Brieftext' ? [line.text] : [] };
      continue;
    }
    current ??= { title: options.firstTitle ?? 'Briefkopf', page: line.page, text: [] };
    current.text.push(line.text);
  }
  if (current) sections.push(done(current));
  return withText(sections.filter((s) => s.text.length > 0 || s.title !== (options.firstTitle ?? 'Briefkopf')));
}

/**
 * Every section has text (SPEC §9): a heading with nothing under it before the next heading
 * (a title over a subtitle, a closing line set in bold) is text of the section that follows,
 * or of the one before when it is the last; a lone heading is its own text.
 */
function withText(sections: Section[]): Section[] {
  const out: Section[] = [];
  let carried: string[] = [];
  for (const s of sections) {
    if (!s.text.trim()) {
      carried.push(s.title);
      continue;
    }
    out.push(carried.length ? { ...s, text: [...carried, s.text].join('\n') } : s);
    carried = [];
  }
  if (carried.length) {
    const last = out.at(-1);
    if (last) out[out.length - 1] = { ...last, text: [last.text, ...carried].join('\n') };
    else out.push({ title: carried[0]!.slice(0, 120), page: sections[0]!.page, text: carried.join('\n') });
  }
  return out;
}

function done(s: { title: string; page: number; text: string[] }): Section {
  return { title: s.title.slice(0, 120), page: s.page, text: s.text.join('\n') };
}
