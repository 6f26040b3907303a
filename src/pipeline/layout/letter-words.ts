import type { Entry, FoldKind } from './lexicon/entry.js';
import { alternation, forms } from './lexicon/compile.js';
import { LETTER_LEXICON, type LetterMeaning } from './lexicon/letter.js';
import { STATEMENT_LEXICON, type StatementMeaning } from './lexicon/statement.js';

/**
 * The letter side of the lexicon as classify and analysis ask for it: a meaning's words as one
 * alternation (no group), compiled through the letter fold (`foldGerman`), which is the fold
 * of the text those stages test. The statement words are included — classify weighs them as
 * evidence of a Kontoauszug — folded the letter way here.
 */
export type LetterWordMeaning = LetterMeaning | StatementMeaning;

const WORDS: readonly Entry<LetterWordMeaning>[] = [...LETTER_LEXICON, ...STATEMENT_LEXICON];

/** The meanings' words, folded like letter text, as one alternation (no group). */
export function letterWords(...meanings: LetterWordMeaning[]): string {
  return alternation(WORDS, meanings, 'letter');
}

/**
 * The meaning's words one by one, folded like letter text, for rules that compare plain
 * strings (a set of words, heading prefixes): a word that needs a pattern is refused.
 */
export function letterForms(meaning: LetterWordMeaning): string[] {
  const out = forms(WORDS, meaning, 'letter');
  const patterned = out.filter((f) => /[\\[\](){}|?*+^$.]/u.test(f));
  if (patterned.length > 0) throw new Error(`lexicon: ${meaning} is compared as plain words, but has patterns: ${patterned.join(', ')}`);
  return out;
}

/**
 * The same for a pattern tested on the printed text: `statement` folds case only (for a
 * case-insensitive pattern, umlauts kept), `printed` nothing (case-sensitive).
 */
export function printedWords(kind: Exclude<FoldKind, 'letter'>, ...meanings: LetterWordMeaning[]): string {
  return alternation(WORDS, meanings, kind);
}

/**
 * A pattern over folded letter text: the meanings' alternation inside `template` at `$W`
 * (default: as is). Flags as the rule had them (`''` where it had none).
 */
export function letterPattern(meanings: LetterWordMeaning | readonly LetterWordMeaning[], template = '$W', flags = 'u'): RegExp {
  const words = letterWords(...(typeof meanings === 'string' ? [meanings] : meanings));
  return new RegExp(template.replace('$W', () => words), flags);
}
