/**
 * The text of each page, made of its text lines (text-lines.ts) for the rules that read prose
 * and for the AI refinement: patterns run over it with white space (incl. line breaks) matched
 * by \s.
 */
import type { PageText, TextLine } from '../model/lines.js';

/**
 * Lines are joined with a line break; a blank line's worth of space between two lines (more
 * than 0.8 of the line height) becomes an empty line ("\n\n"), so that blocks (letterhead,
 * address, headings, paragraphs) stay apart when sentences are cut for quoting.
 */
export function pageTexts(lines: readonly TextLine[]): PageText[] {
  const byPage = new Map<number, string[]>();
  const last = new Map<number, TextLine>();
  for (const l of lines) {
    const list = byPage.get(l.page) ?? [];
    const prev = last.get(l.page);
    if (prev && l.top - prev.bottom > 0.8 * Math.max(prev.size, l.size)) list.push('');
    list.push(l.text);
    byPage.set(l.page, list);
    last.set(l.page, l);
  }
  return [...byPage.entries()].sort((a, b) => a[0] - b[0]).map(([page, list]) => ({ page, text: list.join('\n') }));
}

/** All text, pages joined (for rules that look for wording anywhere). */
export function allText(texts: readonly PageText[]): string {
  return texts.map((t) => t.text).join('\n');
}

