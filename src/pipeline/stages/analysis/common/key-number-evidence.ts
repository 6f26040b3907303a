import { foldGerman } from '../../../layout/fold.js';
import { evidenceOf, pageGeometry } from '../../../layout/evidence-box.js';
import type { Word } from '../../../layout/lines.js';
import type { TextLine } from '../../../layout/text-lines.js';
import type { LoadedDocument, TextCell } from '../../../model/document.js';
import type { KeyNumber } from '../../../model/result.js';

/**
 * Where a letter's key number is printed (SPEC §8a: analysis key numbers carry the same
 * `evidence` as postings, without `verified`): the box of a run of whole words, within one line
 * of the key number's page, that prints exactly the value as reported (white space aside) —
 * never part of a longer figure (`0,00 €` is not in `3.500,00 €`, `1` not in `70173`).
 * Where the value is printed more than once on the page, the one on a line that names the key
 * (`Auszahlungsbetrag 2.288,00 €`, not `Nettoverdienst 2.288,00 €`) is taken; where that does
 * not single one out, none. Confidence is that of those words (1 on a text layer).
 *
 * Contract: a key number whose place cannot be told for sure (not printed as such on its page,
 * put together from several places, printed several times under no label of its own) gets no
 * evidence rather than a box over something else — `evidence` is absent only there.
 */
const compact = (s: string): string => s.normalize('NFKC').replace(/\s+/gu, '').toLowerCase();

const wordOf = (c: TextCell): Word => ({ text: c.text, x0: c.bbox.x, x1: c.bbox.x + c.bbox.width, top: c.bbox.y, bottom: c.bbox.y + c.bbox.height, confidence: c.confidence });

/**
 * Runs of whole cells of a line whose joined text is the value (white space and case aside;
 * the punctuation of the sentence around it too: `bis 14.05.2026.`, `Tatzeit: 03.06.2026, 14:32`).
 */
function runsPrinting(line: TextLine, value: string): TextCell[][] {
  const want = bare(compact(value));
  if (want === '' || !compact(line.text).includes(want)) return [];
  const runs: TextCell[][] = [];
  for (let i = 0; i < line.cells.length; i++) {
    let text = '';
    for (let j = i; j < line.cells.length && bare(text).length < want.length; j++) {
      text += compact(line.cells[j]!.text);
      if (bare(text) === want) runs.push(line.cells.slice(i, j + 1));
    }
  }
  return runs;
}

/** Without the punctuation a sentence puts before or after a value. */
const bare = (text: string): string => text.replace(/^[("„'“]+|[.,;:!?)"“'”]+$/gu, '');

/** The key's name as words a label would print (`solidaritaetszuschlag` → `solidaritatszuschlag`), folded. */
function labelWords(name: string): string[] {
  return name
    .split(/[_-]+/u)
    .map((part) => letters(part))
    .filter((part) => part.length >= 4);
}

const letters = (text: string): string => foldGerman(text).replace(/[^a-z]/gu, '');

function namesKey(line: TextLine, words: readonly string[]): boolean {
  const text = letters(line.text);
  return words.length > 0 && words.every((w) => text.includes(w));
}

export function withKeyNumberEvidence(keyNumbers: Record<string, KeyNumber>, lines: readonly TextLine[], document: LoadedDocument): Record<string, KeyNumber> {
  const pages = pageGeometry(document);
  const out: Record<string, KeyNumber> = {};
  for (const [name, k] of Object.entries(keyNumbers)) {
    const candidates = lines.filter((l) => l.page === k.page).flatMap((line) => runsPrinting(line, k.value).map((run) => ({ line, run })));
    let chosen = candidates.length === 1 ? candidates[0] : undefined;
    if (candidates.length > 1) {
      const label = labelWords(name);
      const labelled = candidates.filter((c) => namesKey(c.line, label));
      if (labelled.length === 1) chosen = labelled[0];
    }
    const words = chosen?.run.map(wordOf);
    const evidence = words ? (evidenceOf(k.page, words, words, pages) ?? undefined) : undefined;
    out[name] = evidence ? { ...k, evidence } : k;
  }
  return out;
}
