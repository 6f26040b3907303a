import type { Word } from '../model/lines.js';

/**
 * What of a line's words is text, as printed (SPEC §8 Buchungstext: "the posting's printed text").
 *
 * - A leader (`KARTENZAHLUNG ........ 84,00-`, `Saldo ______ 12,00`) guides the eye from a label to
 *   its figure; in no German print is a run of three or more dots or underscores a word. A word
 *   that is only such a run is no text, and a run glued to a word's end or start is cut off it.
 * - A middle dot or bullet standing alone between two fields (`Dauerauftrag · Miete Juni 2026`)
 *   separates them, as a column gap would; it is no text either.
 * - An amount rewritten into German notation by the layout (notation.ts: `GBP 248.42` on a Swiss
 *   bill) is text as printed: the rewrite serves the amount and name rules, which read German
 *   notation; the finished text is put back into the document's (`inPrintedNotation`).
 */
const LEADER_RUN = /[.…_]{3,}|…/u;
const ONLY_LEADER = /^[.…_·]{3,}$|^…+$/u;
const GLUED_LEADER = /^(?:[.…_]{3,}|…+)(?=\p{L})|(?<=[\p{L}\d)])(?:[.…_]{3,}|…+)$/gu;
const FIELD_SEPARATOR = /^[·∙]$/u;

/** The word's text without a leader glued to it; '' where the word is no text (a separator kept where asked). */
export function printedText(w: Word, keepSeparators = false): string {
  if (FIELD_SEPARATOR.test(w.text)) return keepSeparators ? w.text : '';
  if (ONLY_LEADER.test(w.text)) return '';
  return LEADER_RUN.test(w.text) ? w.text.replace(GLUED_LEADER, '') : w.text;
}

/**
 * `text` (made of the words' texts) with every word the layout rewrote into German notation in
 * its printed notation again. A word changed since (its digits differ) keeps the newer reading.
 */
export function inPrintedNotation(text: string, words: readonly Word[]): string {
  let out = ` ${text} `;
  for (const w of words) {
    if (w.asPrinted === undefined || w.asPrinted.replace(/\D/gu, '') !== w.text.replace(/\D/gu, '')) continue;
    out = out.replace(` ${w.text} `, ` ${w.asPrinted} `);
  }
  return out.trim();
}
