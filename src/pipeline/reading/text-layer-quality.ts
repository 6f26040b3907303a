/**
 * Decides per page whether a PDF text layer can be used as it is or the page must be OCR'd.
 * A page is sent to OCR when it has (almost) no text — a scan, perhaps with a printed page
 * number — or when its text is garbage: fonts without a usable ToUnicode map extract as
 * replacement characters, private-use code points, control characters or strings of symbols
 * that form no words, or letters that form no German or English words (a re-encoded font whose
 * ToUnicode map names the wrong letters: `hontoauszugW mostbank` for `Kontoauszug Postbank`).
 * Thresholds are deliberately loose: a real text layer with an odd table, names and SEPA codes
 * still passes; only text that a reader could not use fails.
 */
import { LETTER_TRIGRAMS } from './letter-trigrams.js';

export interface TextLayerVerdict {
  usable: boolean;
  reason: 'ok' | 'no_text' | 'garbage' | 'scan_with_text';
  /** Non-space characters on the page. */
  chars: number;
}

export interface TextLayerThresholds {
  /** Fewer non-space characters than this means the page is an image (default 20). */
  minChars: number;
  /** Share of unreadable characters above which the layer is garbage (default 0.1). */
  maxBadCharShare: number;
  /** Share of word-like tokens below which the layer is garbage (default 0.5). */
  minWordShare: number;
  /**
   * A page with fewer non-space characters than this whose largest image covers at least
   * `scanCoverage` of the page is a scan with a little printed text (stamp, page number,
   * Bates number) and is OCR'd (default 200 and 0.5).
   */
  scanMaxChars: number;
  scanCoverage: number;
  /**
   * Share of letter words (four letters or more) that read as German or English — every letter
   * trigram, word start and end included, occurs in the word lists, and the case is a word's
   * (`Wort`, `wort`, `WORT`) — below which the layer is garbage (default 0.35), judged once a
   * page has `lexicalMinWords` such words (default 12). Real pages score 0.65 and more (names,
   * places and SEPA codes are most of the misses; anonymised samples with random strings 0.44); a
   * font with letters swapped scores 0.2 and less.
   */
  minLexicalShare: number;
  lexicalMinWords: number;
  /**
   * Share of letter words that start with a capital below which the layer is garbage (default
   * 0.1, judged from 20 such words): German capitalises its nouns, and real pages print 0.37
   * and more; a font whose capitals map to other characters (`hontoauszug`, `dutschrift`) has
   * almost none.
   */
  minCapitalShare: number;
}

export const defaultTextLayerThresholds: TextLayerThresholds = Object.freeze({
  minChars: 20,
  maxBadCharShare: 0.1,
  minWordShare: 0.5,
  scanMaxChars: 200,
  scanCoverage: 0.5,
  minLexicalShare: 0.35,
  lexicalMinWords: 12,
  minCapitalShare: 0.1,
});

// Replacement char, private use area, C0/C1 controls other than whitespace.
const BAD_CHAR = /[\uFFFD\uE000-\uF8FF\u0000-\u0008\u000E-\u001F\u007F-\u009F]/u;
// Letters of Latin script, or "Common" script (digits, punctuation, symbols like € §).
const EXPECTED_CHAR = /[\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u;
const VOWEL = /[aeiouyäöüAEIOUYÄÖÜéèáàó]/u;

/** A token a reader would accept: a word with a vowel, a number or amount, or a short token. */
function isWordLike(token: string): boolean {
  const core = token.replace(/^[("„“‚'«»[]+|[)"“”'«»\].,:;!?]+$/gu, '');
  if (core.length === 0) return false;
  if (/^[\d.,\u2212+\-/%€$:]+$/u.test(core)) return /\d/u.test(core);
  const letters = core.replace(/[^\p{L}]/gu, '');
  if (core.length <= 3) return letters.length > 0 || /^[-–§&+*]$/u.test(core);
  if (letters.length < core.length * 0.6) return false;
  return VOWEL.test(core);
}

const TRIGRAMS = new Set(LETTER_TRIGRAMS.split('|'));
/** A word's case: capitalised, lower, upper, or a brand's inner capital (`PayPal`, `eBay`); `GmbH`. */
const WORD_CASE = /^(\p{Lu}?[\p{Ll}ß]+|\p{Lu}+|\p{Lu}?\p{Ll}+\p{Lu}\p{Ll}+|G?mbH)$/u;

/**
 * The letter words of a text (four letters or more, only letters once edge punctuation is off).
 * A word with `^`, `_` or `` ` `` between its letters counts too (and reads as no word): they are
 * what a font whose capitals map 29 code points up makes of `A`, `B`, `C` (`RAIFFEISENBANK` →
 * `o^fccbfpbk_^kh`), so on a page printed in capitals most of its garbled words hold one.
 */
function letterWords(text: string): string[] {
  return text
    .split(/[\s/\-–]+/u)
    .map((t) => t.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''))
    .filter((t) => t.length >= 4 && /^\p{L}(?:[\p{L}^_`]*\p{L})?$/u.test(t));
}

/** A word that could be German or English: known trigrams only, and a word's case. */
function readsAsWord(word: string): boolean {
  if (!WORD_CASE.test(word)) return false;
  const s = `^${word.toLowerCase()}$`;
  for (let i = 0; i + 3 <= s.length; i++) if (!TRIGRAMS.has(s.slice(i, i + 3))) return false;
  return true;
}

/**
 * Share of a text's letter words that read as German or English words, share of them that start
 * with a capital, and their count.
 */
export function lexicalShare(text: string): { share: number; capitals: number; words: number } {
  const words = letterWords(text);
  if (words.length === 0) return { share: 1, capitals: 1, words: 0 };
  return { share: words.filter(readsAsWord).length / words.length, capitals: words.filter((w) => /^\p{Lu}/u.test(w)).length / words.length, words: words.length };
}

export function judgeTextLayer(
  text: string,
  thresholds: TextLayerThresholds = defaultTextLayerThresholds,
): TextLayerVerdict {
  let chars = 0;
  let bad = 0;
  for (const ch of text) {
    if (/\s/u.test(ch)) continue;
    chars++;
    if (BAD_CHAR.test(ch) || !EXPECTED_CHAR.test(ch)) bad++;
  }
  if (chars < thresholds.minChars) return { usable: false, reason: 'no_text', chars };
  if (bad / chars > thresholds.maxBadCharShare) return { usable: false, reason: 'garbage', chars };
  const tokens = text.split(/\s+/u).filter((t) => t.length > 0);
  const wordLike = tokens.filter(isWordLike).length;
  if (wordLike / tokens.length < thresholds.minWordShare) return { usable: false, reason: 'garbage', chars };
  const lexical = lexicalShare(text);
  if (lexical.words >= thresholds.lexicalMinWords && lexical.share < thresholds.minLexicalShare) return { usable: false, reason: 'garbage', chars };
  if (lexical.words >= 20 && lexical.capitals < thresholds.minCapitalShare) return { usable: false, reason: 'garbage', chars };
  return { usable: true, reason: 'ok', chars };
}
