import type { LoadedDocument } from '../model/document.js';
import type { DocumentLayout, LayoutPart } from '../model/layout.js';
import { readLetterLines } from './letter-lines.js';
import { documentLines } from './lines.js';
import { pageTexts } from './page-texts.js';
import { documentText, documentTextLines } from './text-lines.js';

/**
 * The layout of one document (model/layout.ts): each part made at most once, the parts named in
 * `make` now (the runner's layout step), any other when first read. Nothing is cached across
 * documents: the layout lives as long as the run's context.
 */
export function documentLayout(document: LoadedDocument, make: readonly LayoutPart[] = []): DocumentLayout {
  const made = new Map<LayoutPart, unknown>();
  const once = <T>(part: LayoutPart, build: () => T): T => {
    if (!made.has(part)) made.set(part, build());
    return made.get(part) as T;
  };
  const layout: DocumentLayout = {
    get statementLines() {
      return once('statementLines', () => documentLines(document));
    },
    get text() {
      return once('text', () => documentText(document));
    },
    get textLines() {
      return once('textLines', () => documentTextLines(document));
    },
    get textPages() {
      return once('textPages', () => pageTexts(layout.textLines));
    },
    get letterLines() {
      return once('letterLines', () => readLetterLines(document));
    },
    get letterPages() {
      return once('letterPages', () => pageTexts(layout.letterLines));
    },
  };
  for (const part of make) void layout[part];
  return layout;
}
