/**
 * What uniting the layout's two groupings and two folds would touch (docs/layout.md, "Still
 * two"): over text-layer statements (every layout, seeds 1–2) and letters (the five generators,
 * seeds 101–104, and the unseen-author letters), per set:
 * - lines by each grouping (statement lines of lines.ts, text lines of text-lines.ts) and the
 *   share of text lines whose words are exactly the words of one statement line on their page
 *   (where the two groupings agree; the rest is what a stage would see differently);
 * - the share of lines whose two folds differ (`fold` keeps umlauts and ß, `foldGerman`
 *   transliterates): where a rule written for one fold could read the other differently;
 * - CPU milliseconds of each layout part per document (median).
 *
 *   npx tsx bench/layout-unity.ts
 *
 * Numbers are printed, never asserted.
 */
import { fixtureFor, textLayerPdf } from '../scripts/fixtures/kontoauszug/generate.js';
import { LAYOUTS } from '../scripts/fixtures/kontoauszug/layouts.js';
import { ANALYSIS_TYPES, GENERATORS } from '../scripts/fixtures/analysis/index.js';
import { EARLIER_BLIND_LETTERS, UNSEEN_LETTERS } from '../scripts/fixtures/analysis/unseen/index.js';
import { renderLetter } from '../scripts/fixtures/analysis/unseen/render.js';
import { makeTextPdf } from '../scripts/fixtures/text-pdf.js';
import { documentLayout } from '../src/pipeline/layout/document-layout.js';
import { fold, foldGerman } from '../src/pipeline/layout/fold.js';
import type { LoadedDocument } from '../src/pipeline/model/document.js';
import type { LayoutPart } from '../src/pipeline/model/layout.js';
import { createDocumentReader, defaultReaderConfig } from '../src/pipeline/reading/read-document.js';

const reader = createDocumentReader({ ...defaultReaderConfig, workerPoolSize: 1, warmUp: false });
const read = (bytes: Uint8Array, kind: 'pdf' | 'jpeg' | 'png' = 'pdf') => reader.read(bytes, kind, { maxPages: 100, signal: new AbortController().signal });
const PARTS: LayoutPart[] = ['statementLines', 'text', 'textLines', 'letterLines'];

interface Tally {
  docs: number;
  statementLines: number;
  textLines: number;
  agreeing: number;
  foldedLines: number;
  foldsDiffer: number;
  cpu: Record<string, number[]>;
}

function cpuMs(f: () => unknown): number {
  const c = process.cpuUsage();
  f();
  const d = process.cpuUsage(c);
  return (d.user + d.system) / 1000;
}

function measure(t: Tally, document: LoadedDocument): void {
  t.docs++;
  // Each part timed on a fresh layout of its own (a part made once is not made again).
  for (const part of PARTS) (t.cpu[part] ??= []).push(cpuMs(() => documentLayout(document)[part]));
  const layout = documentLayout(document);
  const statement = layout.statementLines;
  const text = layout.textLines;
  t.statementLines += statement.length;
  t.textLines += text.length;
  const key = (page: number, words: readonly string[]) => `${page}|${[...words].sort().join(' ')}`;
  const statementKeys = new Set(statement.map((l) => key(l.page, l.words.map((w) => w.text))));
  t.agreeing += text.filter((l) => statementKeys.has(key(l.page, l.cells.map((c) => c.text)))).length;
  for (const l of text) {
    t.foldedLines++;
    if (foldGerman(l.text) !== fold(l.text)) t.foldsDiffer++;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const empty = (): Tally => ({ docs: 0, statementLines: 0, textLines: 0, agreeing: 0, foldedLines: 0, foldsDiffer: 0, cpu: {} });
const sets: [string, Tally][] = [];
try {
  const statements = empty();
  for (const layout of LAYOUTS) for (const seed of [1, 2]) measure(statements, await read(await textLayerPdf(fixtureFor(layout, seed))));
  sets.push(['statements (text layer)', statements]);
  const letters = empty();
  for (const type of ANALYSIS_TYPES) for (let seed = 101; seed <= 104; seed++) measure(letters, await read(await makeTextPdf(GENERATORS[type](seed).pages)));
  for (const letter of [...UNSEEN_LETTERS, ...EARLIER_BLIND_LETTERS]) {
    const r = await renderLetter(letter, 'text', 1);
    measure(letters, await read(r.bytes, r.kind));
  }
  sets.push(['letters (text layer)', letters]);
} finally {
  await reader.close();
}

console.log('| set | docs | statement lines | text lines | text lines = a statement line | lines whose folds differ | CPU ms per doc (median): ' + PARTS.join(' / ') + ' |');
console.log('|---|---|---|---|---|---|---|');
for (const [name, t] of sets) {
  const share = (a: number, b: number) => `${(a / b).toFixed(3)} (${a}/${b})`;
  console.log(`| ${name} | ${t.docs} | ${t.statementLines} | ${t.textLines} | ${share(t.agreeing, t.textLines)} | ${share(t.foldsDiffer, t.foldedLines)} | ${PARTS.map((p) => median(t.cpu[p]!).toFixed(2)).join(' / ')} |`);
}
