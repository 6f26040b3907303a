/**
 * The head of a letter: where it names itself and its addressee, before the running text. The
 * classifier weighs words there fully (classify.ts), the subtype is looked for there first
 * (classify/subtypes.ts), and a reminder's addressee is read there (analysis/mahnung).
 */
import { foldGerman } from './fold.js';
import { letterPattern } from './letter-words.js';

/** Where a letter's running text starts: the salutation. Text before it is letterhead, date and Betreff. */
export const SALUTATION = letterPattern('salutation', String.raw`\b($W)`, '');

/** The text before the salutation (or the first lines of a form): where a document names itself. */
export function headOf(text: string): string {
  const lines = text.split(/\r?\n/);
  const at = lines.findIndex((l) => SALUTATION.test(foldGerman(l)));
  return (at < 0 ? lines.slice(0, 8) : lines.slice(0, at + 1)).join('\n');
}
