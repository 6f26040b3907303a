import { type Entry, type FoldKind, entryFault, foldSource, writtenSource } from './entry.js';

/**
 * The one way a word pattern is built: the entries carrying a meaning, in lexicon order, each
 * written source folded the way the text it runs on is folded. An entry whose pattern does not
 * match its own printed word (a hand-folded spelling) is refused at load time.
 */
export function forms<M extends string>(lexicon: readonly Entry<M>[], meaning: M, kind: FoldKind): string[] {
  const out: string[] = [];
  for (const entry of lexicon) {
    if (!entry.means.includes(meaning)) continue;
    const fault = entryFault(entry);
    if (fault) throw new Error(`lexicon: ${fault}`);
    out.push(foldSource(writtenSource(entry), kind));
  }
  if (out.length === 0) throw new Error(`lexicon: no entry means ${meaning}`);
  return out;
}

/** The meanings' forms as one alternation (no group), meaning after meaning. */
export function alternation<M extends string>(lexicon: readonly Entry<M>[], meanings: readonly M[], kind: FoldKind): string {
  return meanings.flatMap((m) => forms(lexicon, m, kind)).join('|');
}
