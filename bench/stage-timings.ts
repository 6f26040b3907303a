/**
 * The runner's own timings (run-pipeline.ts StageTiming) of text-layer documents, in-process:
 * what each step after reading costs, without HTTP (a colleague's bench measures that). Prints,
 * per document, the median milliseconds of every step over the runs and the CPU seconds of the
 * steps after reading summed over the runs (process CPU between the read's end and the run's
 * end is not separable in-process, so CPU is measured around whole runs of an already-read
 * document: the reader is replaced by one that hands back the document it read once).
 *
 *   npm run bench:stages                 # 3-page and 50-page statement, a payslip, 15 runs each
 *   npm run bench:stages -- --runs 30
 *
 * Numbers are printed, never asserted.
 */
import { parseArgs } from 'node:util';
import { fixtureFor, textLayerPdf } from '../scripts/fixtures/kontoauszug/generate.js';
import { LAYOUTS } from '../scripts/fixtures/kontoauszug/layouts.js';
import { GENERATORS } from '../scripts/fixtures/analysis/index.js';
import { makeTextPdf } from '../scripts/fixtures/text-pdf.js';
import type { DocumentType } from '../src/domain/document-types.js';
import type { LoadedDocument } from '../src/pipeline/model/document.js';
import type { DocumentReader } from '../src/pipeline/model/reader.js';
import { buildPipelineRegistry } from '../src/pipeline/pipelines.js';
import { createDocumentReader, defaultReaderConfig } from '../src/pipeline/reading/read-document.js';
import { runPipeline } from '../src/pipeline/run-pipeline.js';

const { values: args } = parseArgs({ options: { runs: { type: 'string' } } });
const RUNS = Number(args.runs ?? 15);

const reader = createDocumentReader({ ...defaultReaderConfig, workerPoolSize: 1, warmUp: false });
const registry = buildPipelineRegistry();

/** A reader that answers with a document read before: the runs time the steps after reading only. */
function replay(document: LoadedDocument): DocumentReader {
  return { read: async () => document, close: async () => undefined };
}

async function measure(label: string, type: DocumentType, pdf: Uint8Array): Promise<void> {
  const document = await reader.read(pdf, 'pdf', { maxPages: 100, signal: new AbortController().signal });
  const byStage = new Map<string, number[]>();
  let status = '';
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < RUNS + 2; i++) {
    const run = await runPipeline(registry[type], { bytes: pdf, kind: 'pdf' }, { reader: replay(document), maxPages: 100, timeoutMs: 60_000 });
    status = run.status === 'success' ? 'success' : `${run.status} ${run.kind}`;
    if (i < 2) continue; // warm-up runs
    for (const t of run.timings) {
      if (t.stage === 'read') continue;
      byStage.set(t.stage, [...(byStage.get(t.stage) ?? []), t.ms]);
    }
  }
  const cpu = process.cpuUsage(cpu0);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const steps = [...byStage.entries()].map(([stage, ms]) => `${stage} ${median(ms).toFixed(2)}`).join(' | ');
  const total = median([...Array(RUNS).keys()].map((k) => [...byStage.values()].reduce((s, ms) => s + ms[k]!, 0)));
  console.log(`${label.padEnd(18)} ${document.pages.length} p, ${status}: median ms ${steps} | all ${total.toFixed(2)}; CPU ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s over ${RUNS + 2} runs`);
}

try {
  const layout = LAYOUTS.find((l) => l.name === 'multipage-carry')!;
  await measure('statement 3-page', 'kontoauszug', await textLayerPdf(fixtureFor(layout, 7, 38)));
  await measure('statement 50-page', 'kontoauszug', await textLayerPdf(fixtureFor(layout, 7, 698)));
  await measure('payslip', 'lohnabrechnung', await makeTextPdf(GENERATORS.lohnabrechnung(101).pages));
  await measure('tax assessment', 'steuerbescheid', await makeTextPdf(GENERATORS.steuerbescheid(101).pages));
} finally {
  await reader.close();
}
