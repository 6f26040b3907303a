import type { Entry, FoldKind } from './entry.js';
import { LETTER_LEXICON, LETTER_MEANINGS } from './letter.js';
import { STATEMENT_LEXICON, STATEMENT_MEANINGS, STATEMENT_PRINTED } from './statement.js';

/**
 * Every domain of the lexicon with its meaning table and the folds its patterns are compiled
 * for — what lexicon.test.ts checks (no duplicate word+meaning, every pattern compiles, every
 * printed word matches its own pattern after folding).
 */
export interface LexiconDomain {
  name: string;
  entries: readonly Entry[];
  meanings: Readonly<Record<string, string>>;
  folds: readonly FoldKind[];
  /** Meanings compiled without a fold (case-sensitive on the printed text). */
  printed: ReadonlySet<string>;
}

export const LEXICON_DOMAINS: readonly LexiconDomain[] = [
  // Statement words are compiled for statement text and, as classify's evidence, for letter text.
  { name: 'statement', entries: STATEMENT_LEXICON, meanings: STATEMENT_MEANINGS, folds: ['statement', 'letter'], printed: STATEMENT_PRINTED },
  { name: 'letter', entries: LETTER_LEXICON, meanings: LETTER_MEANINGS, folds: ['letter'], printed: new Set() },
];
