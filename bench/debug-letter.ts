/**
 * Shows what the analysis makes of one unseen-author letter: the lines as the reader groups them
 * and the analysis JSON (key numbers, flags, checks, sections).
 *
 *   npx tsx bench/debug-letter.ts <letter id substring> [text|scan|photo|lowres]
 */
import { cachingReader } from './read-cache.js';
import { EARLIER_BLIND_LETTERS, FIRST_CONTACT_C, FIRST_CONTACT_D, FIRST_CONTACT_E, FIRST_CONTACT_F, FIRST_CONTACT_G, FIRST_CONTACT_H, FIRST_CONTACT_I, FIRST_CONTACT_J, FIRST_CONTACT_K, FIRST_CONTACT_L, FIRST_CONTACT_M, UNSEEN_LETTERS } from '../scripts/fixtures/analysis/unseen/index.js';
import { renderLetter, seedOf, type Variant } from '../scripts/fixtures/analysis/unseen/render.js';
import { scoreLetter } from '../scripts/fixtures/analysis/unseen/score.js';
import { documentTextLines } from '../src/pipeline/layout/text-lines.js';
import { buildPipelineRegistry } from '../src/pipeline/pipelines.js';
import { createDocumentReader, defaultReaderConfig } from '../src/pipeline/reading/read-document.js';
import { runPipeline } from '../src/pipeline/run-pipeline.js';

const [id, variant = 'text'] = process.argv.slice(2);
const list = [UNSEEN_LETTERS, FIRST_CONTACT_C, FIRST_CONTACT_D, FIRST_CONTACT_E, FIRST_CONTACT_F, FIRST_CONTACT_G, FIRST_CONTACT_H, FIRST_CONTACT_I, FIRST_CONTACT_J, FIRST_CONTACT_K, FIRST_CONTACT_L, FIRST_CONTACT_M, EARLIER_BLIND_LETTERS].find((ls) => ls.some((l) => id && l.id.includes(id))) ?? EARLIER_BLIND_LETTERS;
const letter = list.find((l) => id && l.id.includes(id));
if (!letter) throw new Error(`no letter matches ${id}`);
const upload = await renderLetter(letter, variant as Variant, seedOf(list, letter));
const reader = cachingReader(createDocumentReader({ ...defaultReaderConfig, workerPoolSize: 1, warmUp: false }), process.env.LETTER_READ_CACHE);
try {
  const loaded = await reader.read(upload.bytes, upload.kind, { maxPages: 20, signal: new AbortController().signal });
  for (const l of documentTextLines(loaded)) console.log(`p${l.page} ${String(l.index).padStart(2)} | ${l.cells.map((c) => `${c.text}@${Math.round(c.bbox.x)}`).join(' ')}`);
  const r = await runPipeline(buildPipelineRegistry()[letter.type], upload, { reader, maxPages: 20, timeoutMs: 120_000 });
  const a = r.status === 'success' && r.output.kind === 'analysis' ? r.output.analysis : null;
  console.log(JSON.stringify(a ?? r, null, 1));
  console.log(scoreLetter(letter, a, letter.pages.length).problems.join('\n'));
} finally {
  await reader.close();
}
