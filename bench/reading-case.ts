/**
 * One reading-bench case in a fresh process (so peak RSS belongs to this case alone):
 *   node .tmp/bench-dist/bench/reading-case.js <case> <engine> <fixture.json>
 * where fixture.json is {"path", "kind", "truth"} written by bench/reading.ts, which also
 * generated the fixture. Prints one JSON line with the measurements. This process imports only
 * what the service's main thread imports (the reader), not the fixture generator (pdf-lib,
 * fontkit, pdfjs, sharp: ~90 MB of RSS the service never has).
 */
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { characterErrorRate } from '../scripts/fixtures/cer.js';
import type { FixtureKind, FixtureName } from '../scripts/fixtures/generate.js';
import { createDocumentReader, defaultReaderConfig } from '../src/pipeline/reading/read-document.js';
import type { LoadedDocument } from '../src/pipeline/model/document.js';
import { pageText } from '../src/pipeline/layout/text-lines.js';
import type { OcrEngineName } from '../src/ports/ocr-engine.js';
import { treeRssOf } from './load/rss.js';

export interface CaseSpec {
  fixture: FixtureName;
  label: string;
  runs: number;
  warmups: number;
  ocr: boolean;
  /** Documents read at the same time per run. */
  concurrent?: number;
}

export const cases: Record<string, CaseSpec> = {
  statement: { fixture: 'statement3', label: '3-page text statement', runs: 30, warmups: 3, ocr: false },
  letter: { fixture: 'letter10', label: '10-page text letter', runs: 20, warmups: 3, ocr: false },
  scan: { fixture: 'scan3', label: '3-page 300 dpi scan', runs: 3, warmups: 1, ocr: true },
  /** The scan users send (issue 20 §1): 250 dpi grey JPEG pages with an office scanner's grain and tilt. */
  userScan: { fixture: 'userScan3', label: '3-page 250 dpi user scan', runs: 3, warmups: 1, ocr: true },
  degraded: { fixture: 'scanDegraded', label: 'degraded scan (1 p)', runs: 3, warmups: 1, ocr: true },
  photo: { fixture: 'photo', label: 'phone photo 12 MP', runs: 3, warmups: 1, ocr: true },
  twoBig: { fixture: 'bigScan', label: '2 × 9.7 MiB scans at once', runs: 1, warmups: 0, ocr: true, concurrent: 2 },
};

export interface CaseResult {
  pages: number;
  runs: number;
  pagesPerSecond: number;
  p50PageMs: number;
  p95PageMs: number;
  p50DocMs: number;
  cpuSecondsPerPage: number;
  peakRssMb: number;
  cer: number | null;
  loopMaxMs: number;
  engineUsed: string;
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i]!;
}

/** CPU seconds of this process (all threads) plus its waited-for children (native tesseract). */
function cpuSeconds(): number {
  const u = process.cpuUsage();
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[13]) + Number(fields[14]); // cutime + cstime, in 1/100 s
  return (u.user + u.system) / 1e6 + ticks / 100;
}

/**
 * RSS of this process and its descendants, in bytes: native tesseract runs as children of the
 * pool's threads, which the main thread's /proc children list (read here before) did not show.
 */
const rssWithChildren = (): number => treeRssOf(process.pid);

async function main(): Promise<void> {
  const [caseName, engine, fixtureJson] = process.argv.slice(2) as [string, OcrEngineName | 'none', string];
  const spec = cases[caseName];
  if (!spec) throw new Error(`unknown case ${caseName}`);
  const fixture = JSON.parse(readFileSync(fixtureJson, 'utf8')) as { path: string; kind: FixtureKind; truth?: string[] };
  const bytes = new Uint8Array(readFileSync(fixture.path));
  const kind = fixture.kind;
  const truth = fixture.truth;
  const reader = createDocumentReader({
    ...defaultReaderConfig,
    ocrEngine: engine === 'none' ? 'auto' : engine,
    warmUp: true,
  });
  const read = () => reader.read(bytes, kind, { maxPages: 100, signal: new AbortController().signal });

  for (let i = 0; i < spec.warmups; i++) await read();
  // Let the pool's warm-up (model loading) finish before measuring.
  if (spec.ocr) await new Promise((r) => setTimeout(r, 1500));

  let peak = rssWithChildren();
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssWithChildren());
  }, 10);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const perPage: number[] = [];
  const perDoc: number[] = [];
  let pages = 0;
  let last: LoadedDocument | undefined;
  const cpu0 = cpuSeconds();
  const t0 = performance.now();
  for (let i = 0; i < spec.runs; i++) {
    const t = performance.now();
    const docs = await Promise.all(Array.from({ length: spec.concurrent ?? 1 }, read));
    const ms = performance.now() - t;
    const n = docs.reduce((s, d) => s + d.pages.length, 0);
    pages += n;
    perDoc.push(ms);
    perPage.push(ms / n);
    last = docs[0];
  }
  const wall = (performance.now() - t0) / 1000;
  const cpu = cpuSeconds() - cpu0;
  loop.disable();
  clearInterval(sampler);
  peak = Math.max(peak, rssWithChildren());
  perPage.sort((a, b) => a - b);
  perDoc.sort((a, b) => a - b);
  let cer: number | null = null;
  if (truth && last && last.pages[0]?.source === 'ocr') {
    const rates = last.pages.map((p, i) => characterErrorRate(truth[i]!, pageText(p)));
    cer = rates.reduce((a, b) => a + b, 0) / rates.length;
  }
  const result: CaseResult = {
    pages,
    runs: spec.runs,
    pagesPerSecond: pages / wall,
    p50PageMs: quantile(perPage, 0.5),
    p95PageMs: quantile(perPage, 0.95),
    p50DocMs: quantile(perDoc, 0.5),
    cpuSecondsPerPage: cpu / pages,
    peakRssMb: peak / 1024 / 1024,
    cer,
    loopMaxMs: loop.max / 1e6,
    engineUsed: spec.ocr ? engine : '—',
  };
  await reader.close();
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

if (process.argv[1]?.endsWith('reading-case.ts') || process.argv[1]?.endsWith('reading-case.js')) {
  await main();
  process.exit(0);
}
