/**
 * Shows what the analysis makes of one real upload of ../shared/corpus/real (read at run time,
 * never copied): the lines as the reader groups them and the pipeline's answer.
 *
 *   KLARTEXT_SHARED_DIR=/work/shared npx tsx bench/debug-real-letter.ts bussgeldbescheid <file name substring> [type]
 *
 * LETTER_READ_CACHE=<dir> reuses the reads of an earlier run (bench/read-cache.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sharedCorpusDir } from '../test/support/corpus.js';
import { cachingReader } from './read-cache.js';
import type { DocumentType } from '../src/domain/document-types.js';
import { sniffFileKind } from '../src/domain/file-kind.js';
import { documentTextLines } from '../src/pipeline/layout/text-lines.js';
import { buildPipelineRegistry } from '../src/pipeline/pipelines.js';
import { createDocumentReader, defaultReaderConfig } from '../src/pipeline/reading/read-document.js';
import { runPipeline } from '../src/pipeline/run-pipeline.js';

const [folder = 'bussgeldbescheid', needle = '', type = folder] = process.argv.slice(2);
const dir = path.join(sharedCorpusDir() ?? path.resolve(import.meta.dirname, '../../shared/corpus/real'), folder);
const file = readdirSync(dir).find((f) => f.includes(needle));
if (!file) throw new Error(`no file in ${dir} matches ${needle}`);
const bytes = new Uint8Array(readFileSync(path.join(dir, file)));
const kind = sniffFileKind(bytes);
if (kind !== 'pdf' && kind !== 'jpeg' && kind !== 'png') throw new Error(`${file}: not a PDF or image`);
const reader = cachingReader(createDocumentReader({ ...defaultReaderConfig, workerPoolSize: 1, warmUp: false }), process.env.LETTER_READ_CACHE);
try {
  const loaded = await reader.read(bytes, kind, { maxPages: 20, signal: new AbortController().signal });
  for (const l of documentTextLines(loaded)) console.log(`p${l.page} ${String(l.index).padStart(2)} | ${l.cells.map((c) => `${c.text}@${Math.round(c.bbox.x)}`).join(' ')}`);
  const r = await runPipeline(buildPipelineRegistry()[type as DocumentType], { bytes, kind }, { reader, maxPages: 20, timeoutMs: 180_000 });
  console.log(JSON.stringify(r.status === 'success' && r.output.kind === 'analysis' ? r.output.analysis : r, null, 1));
} finally {
  await reader.close();
}
