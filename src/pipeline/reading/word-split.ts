/**
 * Splits a text run (one pdfjs text item: a string with an advance width) into words with their
 * own horizontal extent. pdfjs reports only the run's total width, so each character's share is
 * estimated from Helvetica's advance widths (the metrics of most sans fonts in German office
 * documents), then scaled so the shares add up to the measured width exactly. For monospaced or
 * serif fonts the split points are off by a fraction of a character, never more than a word.
 */

/** Helvetica advance widths (1/1000 em) for U+0020..U+007E. */
const ASCII_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // space../
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, // 0..?
  1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // @..O
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, // P.._
  333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, // `..o
  556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, // p..~
];

const OTHER_WIDTHS: Record<string, number> = {
  Ä: 667, Ö: 778, Ü: 722, ä: 556, ö: 556, ü: 556, ß: 611, '€': 556, '§': 556,
  '\u2212': 584, '–': 556, '—': 1000, '°': 400, '„': 333, '“': 333, '”': 333, '‚': 222, '‘': 222,
  '’': 222, '…': 1000, '\u00a0': 278,
};

export function charWidth(ch: string): number {
  const code = ch.codePointAt(0) ?? 0;
  if (code >= 0x20 && code <= 0x7e) return ASCII_WIDTHS[code - 0x20] ?? 556;
  return OTHER_WIDTHS[ch] ?? 556;
}

export interface WordSpan {
  text: string;
  /** Offset from the run's start and width, in the run's units. */
  offset: number;
  width: number;
}

/** Words of `text` (split on whitespace) with offsets within a run of total advance `runWidth`. */
export function splitRun(text: string, runWidth: number): WordSpan[] {
  const chars = Array.from(text);
  const widths = chars.map(charWidth);
  const total = widths.reduce((a, b) => a + b, 0);
  const scale = total > 0 ? runWidth / total : 0;
  const words: WordSpan[] = [];
  let pos = 0;
  let current: { text: string; start: number; width: number } | null = null;
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    const w = widths[i]! * scale;
    if (/\s/u.test(ch)) {
      if (current) words.push({ text: current.text, offset: current.start, width: current.width });
      current = null;
    } else if (current) {
      current.text += ch;
      current.width += w;
    } else {
      current = { text: ch, start: pos, width: w };
    }
    pos += w;
  }
  if (current) words.push({ text: current.text, offset: current.start, width: current.width });
  return words;
}
