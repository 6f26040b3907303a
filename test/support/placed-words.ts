import type { TextCell } from '../../src/pipeline/model/document.js';

/** A word and where it starts on the page (points). */
export type PlacedWord = [text: string, x: number, y: number];

/** A text-layer cell for a placed word: 6 points per character, 10 points high. */
export const cell = ([text, x, y]: PlacedWord): TextCell => ({ text, bbox: { x, y, width: text.length * 6, height: 10 }, fontSize: 10, source: 'pdf', confidence: 1 });

/** The words of `text` on one line at `y`, from `x`, spaced as `cell` sizes them. */
export const words = (y: number, x: number, text: string): PlacedWord[] => {
  let at = x;
  return text.split(' ').map((t) => {
    const w: PlacedWord = [t, at, y];
    at += t.length * 6 + 4;
    return w;
  });
};
