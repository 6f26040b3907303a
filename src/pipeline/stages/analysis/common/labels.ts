/**
 * Finding a printed label on a line of words, tolerant of OCR noise and of words split, merged
 * or hyphenated: the unit the label–value finder (values.ts) works with. Lines come from the
 * layout layer (layout/text-lines.ts).
 */
import { foldGerman, foldOcrGlyphs } from '../../../layout/fold.js';
import type { TextLine } from '../../../layout/text-lines.js';

/** A word folded for comparison: German fold (ä→a, ß→ss, ae→a …), letters and digits only. */
export function foldWord(text: string): string {
  return foldGerman(text).replace(/[^a-z0-9]/g, '');
}

/**
 * A word of an OCR'd line folded for label comparison: as `foldWord`, a stroke `|` touching a
 * letter read as the `l` it stands for, then the glyphs OCR confuses folded to one
 * (`foldOcrGlyphs`). For labels only: values are read from the printed cell text.
 */
export function foldOcrWord(text: string): string {
  return foldOcrGlyphs(foldWord(text.replace(/(?<=\p{L})\||\|(?=\p{L})/gu, 'l')));
}

/** Levenshtein distance, stopping early once it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

/** Edits tolerated for OCR noise: none for short labels, one per seven letters beyond that. */
export function tolerance(folded: string): number {
  return folded.length <= 4 ? 0 : Math.min(3, Math.floor(folded.length / 7));
}

export interface LabelHit {
  line: TextLine;
  /** First and last word index of the label within the line. */
  first: number;
  last: number;
  x0: number;
  x1: number;
}

/**
 * Finds a label in a line: the folded label must equal (within OCR tolerance) the concatenation
 * of 1–4 consecutive words, so that split, merged and hyphenated words match too
 * ("Solidaritäts- zuschlag", "Gesamt-Brutto", "Kirchen steuer"). With `prefix`, the words may
 * continue past the label ("Kirchensteuer rk" for "kirchensteuer" is a separate word anyway;
 * "Lohnsteuer:" folds to "lohnsteuer").
 */
export function findLabel(line: TextLine, label: string, prefix = false): LabelHit | null {
  // On an OCR'd line the label and the words are compared with OCR's glyph confusions folded
  // (`StKI` is `StKl`); a text-layer line prints its glyphs surely and is compared as printed.
  // Label and words are folded word by word alike, so a figure word of a label (`Nr. 2300`)
  // stays a figure on both sides.
  const ocr = line.cells.some((c) => c.source === 'ocr');
  const fold = ocr ? foldOcrWord : foldWord;
  const words = line.cells.map((c) => fold(ocr ? labelHead(c.text) : c.text));
  for (const spelling of ocr ? ocrSpellings(label) : [label]) {
    const hit = findFolded(line, words, spelling.split(/\s+/u).map(fold).join(''), prefix, ocr, ocr && !ABBREVIATED_HEAD.test(spelling));
    if (hit) return hit;
  }
  return null;
}

/**
 * OCR confidence below which a word counts as read unsurely: tesseract's own doubt about the
 * glyphs, as on bold labels behind dotted leaders (`Gesamibetragw` at 0.07). Surely read words
 * (about 0.9 and more) keep the plain tolerance, so a plural or a neighbouring compound read
 * cleanly (`Vorauszahlungen` for `Vorauszahlung`) gains no match from OCR.
 */
const UNSURE = 0.5;
/** Folded length from which a label is a word whose initial OCR may misread (never one led by an abbreviation: ABBREVIATED_HEAD). */
const WORD_MIN_LENGTH = 8;
/** A label led by an abbreviation (`KV-Beitrag`, `PV-AN`, `St.-Kl.`): its initial tells it from its neighbours, so it stays exact. */
const ABBREVIATED_HEAD = /^\p{L}{1,3}(?:[-./\s]|$)/u;

/** Folded length from which a label is long enough that one more edit leaves it unambiguous. */
const UNSURE_MIN_LENGTH = 10;

/**
 * The spellings of a label OCR gives: as printed, and where it has a `ß`, with the `ß` read as `B`
 * (the glyphs share their stem and bowl: `Geldbuße` comes back as `GEIdBÜBE`). A word OCR read as
 * `ß` still meets the first spelling, and the `ss` of a label written with `ss` is never folded.
 */
function ocrSpellings(label: string): string[] {
  return /ß/u.test(label) ? [label, label.replace(/ß/gu, 'B')] : [label];
}

/**
 * An OCR'd word up to a colon glued to what follows it: OCR drops the space after a label's colon
 * (`Gebühr:gem;;8:107.AbS..1:.OWIG` for `Gebühr: gem. § 107 Abs. 1 OWiG`), and the label is the
 * letters before it. Only a word that starts with at least three letters before the colon.
 */
function labelHead(text: string): string {
  return /^(\p{L}{3,}[\p{L}.\-]*)[:;](?=\S)/u.exec(text)?.[1] ?? text;
}

function findFolded(line: TextLine, words: readonly string[], target: string, prefix: boolean, ocr: boolean, initialMayDiffer: boolean): LabelHit | null {
  if (!target) return null;
  const plain = tolerance(target);
  // One edit more where OCR itself doubts a word of the candidate, for labels long enough.
  const unsureExtra = ocr && target.length >= UNSURE_MIN_LENGTH ? 1 : 0;
  for (let i = 0; i < words.length; i++) {
    let joined = '';
    for (let j = i; j < Math.min(words.length, i + 4); j++) {
      joined += words[j];
      if (joined.length > target.length + plain + unsureExtra + (prefix ? 40 : 0)) break;
      const cells = line.cells.slice(i, j + 1);
      const max = plain + (unsureExtra && cells.some((c) => c.confidence < UNSURE) ? 1 : 0);
      const candidate = prefix ? joined.slice(0, target.length) : joined;
      // The first two letters must be exact: abbreviations differ there ("KV-Beitrag" / "PV-Beitrag").
      // An OCR'd label of eight folded letters and more is no abbreviation; there its capital
      // initial may be misread (`EOHNStEUER` for `Lohnsteuer`, L's foot read as E's bars) within
      // the edit tolerance, the second letter still exact.
      const head = initialMayDiffer && target.length >= WORD_MIN_LENGTH ? candidate[1] === target[1] : candidate.slice(0, 2) === target.slice(0, 2);
      if (joined.length + max >= target.length && head && editDistance(candidate, target, max) <= max) {
        return {
          line,
          first: i,
          last: j,
          x0: cells[0]!.bbox.x,
          x1: Math.max(...cells.map((c) => c.bbox.x + c.bbox.width)),
        };
      }
    }
  }
  return null;
}
