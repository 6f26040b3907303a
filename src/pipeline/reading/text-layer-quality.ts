/**
 * Decides per page whether a PDF text layer can be used as it is or the page must be OCR'd.
 * A page is sent to OCR when it has (almost) no text — a scan, perhaps with a printed page
 * number — or when its text is garbage: fonts without a usable ToUnicode map extract as
 * replacement characters, private-use code points, control characters or strings of symbols
 * that form no words. Thresholds are deliberately loose: a real text layer with an odd table
 * still passes; only text that a reader could not use fails.
 */
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
}

export const defaultTextLayerThresholds: TextLayerThresholds = Object.freeze({
  minChars: 20,
  maxBadCharShare: 0.1,
  minWordShare: 0.5,
  scanMaxChars: 200,
  scanCoverage: 0.5,
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
  return { usable: true, reason: 'ok', chars };
}
