/**
 * The clauses of a letter that declare a termination ("Kündigung Ihres …", "kündigen wir Ihren
 * …"): where the letter names the relationship it ends. Other clauses may name a lease or a job
 * as context (the sender's own "Mietvertrag für das Studio"); they are not what is terminated.
 */
import { foldGerman } from './fold.js';
import { SALUTATION } from './letter-head.js';
import { letterPattern } from './letter-words.js';

const TERMINATES = letterPattern('terminates');

/**
 * The terminating clauses, folded and joined by " | ": above the salutation each line on its own
 * (the Betreff; address and data-box lines stay out), below it each sentence. Empty when none.
 */
export function terminationClauses(text: string): string {
  const lines = text.split(/\r?\n/).map(foldGerman);
  const at = lines.findIndex((l) => SALUTATION.test(l));
  const head = at < 0 ? [] : lines.slice(0, at);
  const body = (at < 0 ? lines : lines.slice(at + 1)).join(' ').split(/(?<=[.!?;])\s+/u);
  return [...head, ...body].filter((c) => TERMINATES.test(c)).join(' | ');
}
