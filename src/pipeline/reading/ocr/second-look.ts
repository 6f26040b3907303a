import type { GreyImage, OcrWord } from '../../../ports/ocr-engine.js';
import { denoiseGrey } from '../raster.js';

/**
 * A second look at the words a page reading was unsure of. On a grainy scan the engine's own
 * binarisation leaves ragged glyph edges, and the small glyphs suffer first: a decimal comma
 * read as a period or lost, a minus as `=`, a digit as its neighbour, a date's `.` as `:`. A
 * blurred and thresholded copy reads those better; it reads faint or unevenly lit pages (phone
 * photos) worse, so it never replaces the first reading wholesale. Only the text lines holding
 * unsure words are read again, from the cleaned copy, stacked into one small image (one engine
 * call per page); each cluster of overlapping words (on one text line) then keeps whichever
 * reading the engine is clearly surer of. Figures are what the cleaned copy reads better; on
 * prose it mostly trades one misreading for another, so only figures are replaced, by figures
 * (or junk by a figure). Where one figure was read two different ways, the reading not kept
 * goes along as the word's `alternative` (LookedWord).
 */
export interface SecondLookSettings {
  /** A word with a digit read with less confidence than this is looked at again. */
  digitsBelow: number;
  /** Any word read with less confidence than this is looked at again (a figure read as letters). */
  anyBelow: number;
  /** The second reading replaces the first only where it is at least this confident itself… */
  minConfidence: number;
  /** …and this much more confident than the first. */
  margin: number;
  /** Clusters of more words than this on either side are lines read differently, not words. */
  maxWords: number;
  /**
   * At most this share of the page's height is read again (the least sure lines first), so the
   * second look costs a fraction of the first reading even on a page full of doubt.
   */
  maxShare: number;
}

/**
 * A word of the page after the second look. Where one figure was read twice and the readings
 * differ, `alternative` holds the reading that was not kept: the engine's confidence decided
 * which one stands, but a later step with other evidence (a statement's balances) may know
 * better — the second reading is right surprisingly often even where the engine trusted it less.
 */
export interface LookedWord extends OcrWord {
  alternative?: string;
}

export const defaultSecondLook: SecondLookSettings = Object.freeze({
  digitsBelow: 0.9,
  anyBelow: 0.3,
  minConfidence: 0.6,
  margin: 0.15,
  maxWords: 3,
  maxShare: 0.4,
});

interface Strip {
  /** Rows [y0, y1) of the page image. */
  y0: number;
  y1: number;
  /** Top of the strip in the stacked image. */
  at: number;
  words: OcrWord[];
}

const mid = (w: OcrWord): number => w.y + w.height / 2;
const overlapsX = (a: OcrWord, b: OcrWord): boolean => a.x < b.x + b.width && a.x + a.width > b.x;
const overlapsY = (a: OcrWord, b: OcrWord): boolean => a.y < b.y + b.height && a.y + a.height > b.y;
/** The same place on the page: boxes that overlap both ways (one word on one text line). */
const overlaps = (a: OcrWord, b: OcrWord): boolean => overlapsX(a, b) && overlapsY(a, b);

export function isUnsure(w: OcrWord, s: SecondLookSettings): boolean {
  return w.confidence < s.anyBelow || (w.confidence < s.digitsBelow && /\d/u.test(w.text));
}

/**
 * The words of `img` after a second look: `words` (the first reading of `img`) with unsure
 * clusters replaced where the cleaned copy reads them more confidently. `recognize` reads an
 * image at the page's resolution.
 */
export async function secondLook(
  img: GreyImage,
  words: readonly OcrWord[],
  recognize: (image: GreyImage) => Promise<OcrWord[]>,
  settings: SecondLookSettings = defaultSecondLook,
): Promise<LookedWord[]> {
  const strips = unsureStrips(img, words, settings);
  if (strips.length === 0) return [...words];
  const heights = words.map((w) => w.height).sort((a, b) => a - b);
  const gap = Math.max(16, Math.round((heights[Math.floor(heights.length / 2)] ?? 20) * 1.5));
  const stacked = stack(img, strips, gap);
  const again = await recognize(await denoiseGrey(stacked, 'otsu'));
  return merge(words, strips, again, settings);
}

/** The text lines of unsure words as horizontal strips of the page, padded, not overlapping. */
function unsureStrips(img: GreyImage, words: readonly OcrWord[], s: SecondLookSettings): Strip[] {
  const strips: Strip[] = [];
  for (const u of words) {
    if (!isUnsure(u, s) || strips.some((r) => r.words.includes(u))) continue;
    const line = words.filter((w) => Math.abs(mid(w) - mid(u)) < Math.min(w.height, u.height) * 0.6);
    const pad = Math.round(u.height * 0.6);
    const y0 = Math.max(0, Math.min(...line.map((w) => w.y)) - pad);
    const y1 = Math.min(img.height, Math.max(...line.map((w) => w.y + w.height)) + pad);
    if (y1 <= y0) continue;
    strips.push({ y0, y1, at: 0, words: line });
  }
  strips.sort((a, b) => a.y0 - b.y0);
  // Overlapping strips become one, so every word of the second reading belongs to one strip.
  const merged: Strip[] = [];
  for (const r of strips) {
    const last = merged[merged.length - 1];
    if (last && r.y0 < last.y1) {
      last.y1 = Math.max(last.y1, r.y1);
      for (const w of r.words) if (!last.words.includes(w)) last.words.push(w);
    } else {
      merged.push({ ...r, words: [...r.words] });
    }
  }
  // Within the budget, the strips of the least sure words.
  const doubt = (r: Strip): number => Math.min(...r.words.filter((w) => isUnsure(w, s)).map((w) => w.confidence));
  let budget = img.height * s.maxShare;
  const kept = new Set<Strip>();
  for (const r of [...merged].sort((a, b) => doubt(a) - doubt(b))) {
    if (r.y1 - r.y0 > budget) continue;
    budget -= r.y1 - r.y0;
    kept.add(r);
  }
  return merged.filter((r) => kept.has(r));
}

/** The strips one under the other on white, `gap` rows apart, at full page width. */
function stack(img: GreyImage, strips: Strip[], gap: number): GreyImage {
  const width = img.width;
  const height = strips.reduce((h, r) => h + (r.y1 - r.y0) + gap, gap);
  const data = new Uint8Array(width * height).fill(255);
  let at = gap;
  for (const r of strips) {
    r.at = at;
    data.set(img.data.subarray(r.y0 * width, r.y1 * width), at * width);
    at += r.y1 - r.y0 + gap;
  }
  return { data, width, height };
}

function merge(words: readonly OcrWord[], strips: Strip[], again: readonly OcrWord[], s: SecondLookSettings): LookedWord[] {
  const drop = new Set<OcrWord>();
  const add: LookedWord[] = [];
  /** Words of the first reading that keep their place, with the other reading of their figure. */
  const other = new Map<OcrWord, string>();
  for (const r of strips) {
    // The second reading's words of this strip, in page coordinates, on the strip's text
    // lines (the padding may hold a sliver of the lines above and below).
    const fresh = again
      .filter((w) => mid(w) >= r.at && mid(w) < r.at + (r.y1 - r.y0))
      .map((w) => ({ ...w, y: w.y - r.at + r.y0 }))
      .filter((w) => r.words.some((o) => Math.abs(mid(o) - mid(w)) < Math.max(o.height, w.height) * 0.5));
    const seenOld = new Set<OcrWord>();
    const seenNew = new Set<OcrWord>();
    for (const start of r.words) {
      if (seenOld.has(start)) continue;
      // A cluster: old and new words connected by horizontal overlap (a word split or merged
      // differently by the two readings stays one decision).
      const olds = [start];
      const news: OcrWord[] = [];
      seenOld.add(start);
      for (let grew = true; grew; ) {
        grew = false;
        for (const n of fresh) {
          if (!seenNew.has(n) && olds.some((o) => overlaps(o, n))) {
            seenNew.add(n);
            news.push(n);
            grew = true;
          }
        }
        for (const o of r.words) {
          if (!seenOld.has(o) && news.some((n) => overlaps(o, n))) {
            seenOld.add(o);
            olds.push(o);
            grew = true;
          }
        }
      }
      if (news.length === 0 || !olds.some((o) => isUnsure(o, s))) continue;
      if (olds.length > s.maxWords || news.length > s.maxWords) continue;
      // Figures are what the second look is for: a figure stays a figure, and words without
      // digits are replaced only where the first reading was junk and the second a figure.
      const oldDigits = olds.some((o) => /\d/u.test(o.text));
      const newDigits = news.some((n) => /\d/u.test(n.text));
      if (oldDigits ? !newDigits : !newDigits || olds.some((o) => o.confidence >= s.anyBelow)) continue;
      const before = Math.min(...olds.map((o) => o.confidence));
      const after = Math.min(...news.map((n) => n.confidence));
      const better = after >= before + s.margin && after >= s.minConfidence;
      // One figure read twice, two different ways (the second reading perhaps in pieces:
      // `75,77` `-` for `19,11.=`): the reading not kept goes along with the one kept.
      const [o1] = olds;
      const [n1] = news;
      const reread = [...news].sort((a, b) => a.x - b.x).map((n) => n.text.trim()).join('');
      const pair = olds.length === 1 && oldDigits && newDigits && o1!.text.trim() !== reread;
      if (better) {
        for (const o of olds) drop.add(o);
        add.push(...(pair && news.length === 1 ? [{ ...n1!, alternative: o1!.text }] : news));
      } else if (pair) {
        other.set(o1!, reread);
      }
    }
  }
  if (drop.size === 0 && other.size === 0) return [...words];
  return [...words.filter((w) => !drop.has(w)).map((w) => (other.has(w) ? { ...w, alternative: other.get(w)! } : w)), ...add];
}
