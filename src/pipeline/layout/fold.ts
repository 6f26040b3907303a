/**
 * Two folds, kept apart because rules are tuned to each (one fold for every stage is a measured
 * change for later, issue 11):
 * - `fold`, the statement fold of the kontoauszug rules and `vocabulary.ts`;
 * - `foldGerman`, the letter fold of classify and analysis, whose patterns are folded the same way.
 */

/**
 * The statement fold: NFC, lower case, runs of white space to one space; umlauts and ß are kept
 * (so `übertrag` and `uebertrag` stay two spellings, each named in the vocabulary). Every
 * phrase of `vocabulary.ts` is written against text folded this way.
 */
export function fold(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/\s+/gu, ' ');
}

/**
 * Folds German text for matching that survives spelling and OCR variants: lower case,
 * umlauts and their transliterations (ä/ae → a, ß → ss), runs of white space to one space.
 * Apply the same fold to patterns and text.
 */
export function foldGerman(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/ß/g, 'ss')
    .replace(/ä|ae/g, 'a')
    .replace(/ö|oe/g, 'o')
    .replace(/ü|ue/g, 'u')
    .replace(/\s+/g, ' ');
}

/**
 * The OCR glyph fold, for matching a LABEL on OCR'd text (never for reading a figure): the
 * glyphs OCR confuses inside words fold to one, applied to a word already folded by
 * `foldGerman` and stripped to letters and digits, and to the label it is compared with.
 * - `l`, `I` (lower-cased `i`) and `1` → `l`: OCR reads the `l` of `StKl` as `StKI` or `StK1`;
 * - `0` → `o`: `L0hnsteuer`;
 * - `rn` → `m`: `Arbeitnehrner` for `Arbeitnehmer` (the glyphs touch at low resolution).
 * A word without a letter (`1`, `100`, `2024`) is a figure and is returned unchanged, so a label
 * never swallows the value printed after it (`StK 1` stays `stk` + `1`).
 */
export function foldOcrGlyphs(word: string): string {
  if (!/[a-z]/u.test(word)) return word;
  return word.replace(/[il1]/gu, 'l').replace(/0/gu, 'o').replace(/rn/gu, 'm');
}
