import { fold, foldGerman } from '../fold.js';

/**
 * One entry of the lexicon: a word as documents print it and the meanings it carries there.
 * The lexicon is keyed by word and meaning: one word may have several entries, each for other
 * meanings (when a rule matches it with another pattern), but never two entries for one
 * word+meaning (lexicon.test.ts).
 *
 * Contract: `word` and `pattern` are written in printed spelling (umlauts, ß, the printed case
 * of a German noun); nobody writes a folded spelling by hand (`steur` for `Steuer`). The fold a
 * rule tests with is applied to them when its pattern is built (`compile.ts`). `pattern`, where
 * given, is a regular-expression source that matches `word` as written (case aside) — a pattern
 * that does not match its own printed word is refused, which is how a hand-folded spelling is
 * caught (`steur` does not match `Steuer`).
 */
export interface Entry<M extends string = string> {
  /** The word (or short phrase) as printed: `Saldo`, `Überweisung`, `Saldo der letzten Abrechnung`. */
  readonly word: string;
  /** A regular-expression source covering the word's printed variants; default: the word itself. */
  readonly pattern?: string;
  /** `en`: the English of banking apps (`Card transaction`); default German. */
  readonly lang?: 'en';
  /** The meanings (roles) the word carries, each a key of its domain's meaning table. */
  readonly means: readonly M[];
}

/**
 * The folds a pattern is built for:
 * - `statement`: `fold` (lower case, umlauts kept), the kontoauszug rules;
 * - `letter`: `foldGerman` (umlauts and ß folded), classify and analysis;
 * - `printed`: no fold — a pattern tested case-sensitively on the printed text (`EREF+`, `IBAN`).
 */
export type FoldKind = 'statement' | 'letter' | 'printed';

const FOLDS: Record<FoldKind, (text: string) => string> = {
  statement: fold,
  letter: foldGerman,
  printed: (text) => text.normalize('NFC'),
};

/** Folds running text the way patterns of `kind` are folded. */
export function foldText(text: string, kind: FoldKind): string {
  return FOLDS[kind](text);
}

/** A regular-expression escape: `\p{…}`, `\u{…}`, `\uXXXX`, `\xXX`, `\cX` or a backslash and one character. */
const ESCAPE = /\\(?:[pPu]\{[^}]*\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|c[A-Za-z]|[\s\S])/gu;

/**
 * A pattern source folded like the text it will run on: the fold applies to its literal text
 * only, never to an escape (`\S`, `\p{L}` and `\B` keep their case and meaning).
 */
export function foldSource(source: string, kind: FoldKind): string {
  if (kind === 'printed') return FOLDS.printed(source);
  let out = '';
  let at = 0;
  for (const m of source.matchAll(ESCAPE)) {
    out += FOLDS[kind](source.slice(at, m.index)) + m[0];
    at = m.index + m[0].length;
  }
  return out + FOLDS[kind](source.slice(at));
}

/** The entry's pattern as written (printed spelling, not yet folded). */
export function writtenSource(entry: Entry): string {
  return entry.pattern ?? entry.word.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}

/**
 * Why an entry is refused, or null: its pattern does not compile, or does not match its own
 * printed word as written (case aside) — a hand-folded spelling (`steur`, `gebuhr`).
 */
export function entryFault(entry: Entry): string | null {
  let written: RegExp;
  try {
    written = new RegExp(writtenSource(entry), 'iu');
  } catch (e) {
    return `${entry.word}: pattern does not compile (${(e as Error).message})`;
  }
  if (!written.test(entry.word.normalize('NFC'))) {
    return `${entry.word}: pattern /${writtenSource(entry)}/ does not match its printed word (hand-folded spelling?)`;
  }
  return null;
}
