import { evidenceOf, pageGeometry } from '../../../layout/evidence-box.js';
import type { Word } from '../../../layout/lines.js';
import type { TextLine } from '../../../layout/text-lines.js';
import type { LoadedDocument, TextCell } from '../../../model/document.js';
import type { KeyNumber } from '../../../model/result.js';

/**
 * Where a letter's key number is printed (SPEC §8a: analysis key numbers carry the same
 * `evidence` as postings, without `verified`): the box of the shortest run of words on the key
 * number's page, within one line, whose text holds the value as reported (white space aside);
 * the first such run from the top. Confidence is that of those words (1 on a text layer).
 *
 * Contract: a key number whose value is not printed as such on its page (a count written as a
 * word and reported as a figure, a value put together from several places) gets no evidence
 * rather than a box over something else — `evidence` is absent only there.
 */
const compact = (s: string): string => s.normalize('NFKC').replace(/\s+/gu, '').toLowerCase();

const wordOf = (c: TextCell): Word => ({ text: c.text, x0: c.bbox.x, x1: c.bbox.x + c.bbox.width, top: c.bbox.y, bottom: c.bbox.y + c.bbox.height, confidence: c.confidence });

/** The shortest run of a line's cells whose joined text holds `value`, or null. */
function runHolding(line: TextLine, value: string): TextCell[] | null {
  const want = compact(value);
  if (want === '' || !compact(line.text).includes(want)) return null;
  let best: TextCell[] | null = null;
  for (let i = 0; i < line.cells.length; i++) {
    let text = '';
    for (let j = i; j < line.cells.length; j++) {
      text += compact(line.cells[j]!.text);
      if (text.includes(want)) {
        if (!best || j - i + 1 < best.length) best = line.cells.slice(i, j + 1);
        break;
      }
    }
  }
  return best;
}

export function withKeyNumberEvidence(keyNumbers: Record<string, KeyNumber>, lines: readonly TextLine[], document: LoadedDocument): Record<string, KeyNumber> {
  const pages = pageGeometry(document);
  const out: Record<string, KeyNumber> = {};
  for (const [name, k] of Object.entries(keyNumbers)) {
    let evidence: KeyNumber['evidence'];
    for (const line of lines) {
      if (line.page !== k.page) continue;
      const run = runHolding(line, k.value);
      if (!run) continue;
      const words = run.map(wordOf);
      evidence = evidenceOf(k.page, words, words, pages) ?? undefined;
      if (evidence) break;
    }
    out[name] = evidence ? { ...k, evidence } : k;
  }
  return out;
}
