import type { Word } from '../model/lines.js';

/**
 * An amount cell whose trailing sign a text extraction glued to the word after it
 * (`. 6,60-Lotto24 AG`: a stacked posting's amount, printed below its dates and type, run
 * into the counterparty's name). Only at the start of a line (after a stray mark): there a
 * signed amount followed by a capitalised word is the amount and a name. Inside a line the
 * same glyphs are a note of the purpose (`EUR 8,46-KapSt per 29.12.2023`) and stay one word.
 * The word is cut after the sign; the two parts share its box by their share of characters.
 */
const GLUED = /^(\d{1,3}(?:\.\d{3})*,\d{2}[-+])(\p{Lu}\p{Ll}\S*)$/u;
const STRAY = /^[.,:;·•*-]$/u;

export function splitAmountGluedToName(words: Word[]): Word[] {
  const at = STRAY.test(words[0]?.text ?? '') ? 1 : 0;
  const w = words[at];
  const m = w ? GLUED.exec(w.text) : null;
  if (!w || !m) return words;
  const cut = w.x0 + ((w.x1 - w.x0) * m[1]!.length) / w.text.length;
  return [...words.slice(0, at), { ...w, text: m[1]!, x1: cut }, { ...w, text: m[2]!, x0: cut }, ...words.slice(at + 1)];
}
