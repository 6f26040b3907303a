/**
 * The statement fold: NFC, lower case, runs of white space to one space; umlauts and ß are kept
 * (so `übertrag` and `uebertrag` stay two spellings, each named in the vocabulary). Every
 * phrase of `vocabulary.ts` is written against text folded this way.
 */
export function fold(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/\s+/gu, ' ');
}
