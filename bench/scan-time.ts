/**
 * Where the time of a 3-page scan goes (issues 10 and 20): `npm run bench:scan`.
 *
 *   npm run bench:scan [-- --runs 3] [-- --engines tesseract-js,native,best_int,fast] [-- --only steps,warmup,reader] [-- --fixture user|bench] [-- --bands off|remainder|all]
 *
 * `--bands` sets the reader's `ocrBands` for table 3 (default: the reader's default), so the
 * pool split can be measured before and after on one build, in alternating runs.
 *
 * Fixtures (scripts/fixtures, one JPEG per page): `user` (default) is the scan users send
 * (issue 20 §1, user-scan.ts): a 3-page Kontoauszug of 30 postings, 250 dpi grey JPEG pages of
 * 2067 × 2924 px with an office scanner's grain and tilt; table 3 then also says whether the 30
 * postings come out (the kontoauszug pipeline on the last scan's words, rows matched on date and
 * amount as eval:kontoauszug scores them). `bench` is the reading bench's 3-page 300 dpi scan.
 * Every run is a fresh process (bench/scan-time-case.ts, compiled like bench:reading into
 * .tmp/bench-dist and run as JavaScript, as `npm start` runs dist/); each figure is the median
 * over the runs, CPU seconds beside wall seconds — on a shared machine the wall clock swings
 * with the neighbours' load, CPU seconds much less. Engines: tesseract.js with the npm model
 * (4.0.0_best_int, the default before session 13), tesseract.js as the default install reads
 * (the vendored tessdata_fast model), tesseract.js with OCR_MODEL_DIR when set; native
 * tesseract when installed, one process per call (before session 13) and long-lived.
 *
 * Prints three tables and asserts nothing:
 *   1. steps per page in one thread: engine start (model load), decode, preprocessing, the
 *      first reading, readings for orientation, second look — pass 1 cold (right after the
 *      engine started), pass 2 warm;
 *   2. the pool's warm-up page: its cost and pass 1 after it;
 *   3. the reading layer as the service builds it (WORKER_POOL_SIZE threads, warm-up on):
 *      start-up until idle, the first scan after it, then warm scans.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { fixtureCacheDir, fixtures, readingFixture } from '../scripts/fixtures/generate.js';
import type { Lap, PageSteps, ReaderResult, StepsResult } from './scan-time-case.js';

const { values: args } = parseArgs({
  options: { runs: { type: 'string' }, engines: { type: 'string' }, only: { type: 'string' }, fixture: { type: 'string' }, bands: { type: 'string' } },
  allowPositionals: true,
});
const RUNS = Number(args.runs ?? 3);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs must be a whole number ≥ 1');
const ONLY = new Set((args.only ?? 'steps,warmup,reader').split(','));
const FIXTURE = args.fixture ?? 'user';
if (FIXTURE !== 'user' && FIXTURE !== 'bench') throw new Error('--fixture must be user or bench');
const BANDS = args.bands ?? '';
if (BANDS !== '' && !['off', 'remainder', 'all'].includes(BANDS)) throw new Error('--bands must be off, remainder or all');

function nativeAvailable(): boolean {
  const r = spawnSync('tesseract', ['--list-langs'], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.split('\n').some((l) => l.trim() === 'deu');
}
const fastDir = process.env.OCR_MODEL_DIR && existsSync(path.join(process.env.OCR_MODEL_DIR, 'deu.traineddata')) ? process.env.OCR_MODEL_DIR : '';

interface Variant {
  label: string;
  engine: string;
  modelDir: string;
  /** Extra environment of the case process: the engines' A/B switches. */
  env?: Record<string, string>;
}
// Session 13: tesseract.js reads with the repository's vendored tessdata_fast model by default
// (models/tessdata_fast); native tesseract with one long-lived process per thread by default since
// session 14. The rows marked "before" switch back to what main read with until then, for A/B on one build.
const all: Variant[] = [
  { label: 'tesseract.js, npm best_int (before)', engine: 'tesseract-js', modelDir: '', env: { KLARTEXT_OCR_VENDORED: 'off' } },
  { label: 'tesseract.js, default (vendored fast)', engine: 'tesseract-js', modelDir: '' },
  ...(fastDir ? [{ label: 'tesseract.js, OCR_MODEL_DIR', engine: 'tesseract-js', modelDir: fastDir }] : []),
  ...(nativeAvailable()
    ? [
        { label: 'native, process per call (before)', engine: 'native', modelDir: '', env: { KLARTEXT_NATIVE_OCR: 'per-call' } },
        { label: 'native, default (long-lived)', engine: 'native', modelDir: '' },
      ]
    : []),
];
const wanted = args.engines?.split(',');
const variants = all.filter((v) => !wanted || wanted.some((w) => v.engine === w || v.label.includes(w)));

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = path.join(root, '.tmp', 'bench-dist');
process.stderr.write('compiling to .tmp/bench-dist…\n');
spawnSync(path.join(root, 'node_modules', '.bin', 'tsc'), ['-p', path.join(root, 'tsconfig.json'), '--outDir', outDir, '--noEmit', 'false', '--sourceMap', 'false'], { stdio: 'ignore' });
const caseFile = path.join(outDir, 'bench', 'scan-time-case.js');
if (!existsSync(caseFile)) throw new Error('compiling the bench failed');
const fixtureName = FIXTURE === 'user' ? 'userScan3' : 'scan3';
await readingFixture(fixtureName);
const fixture = path.join(fixtureCacheDir(), fixtures[fixtureName].file);
const env = { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' };

function run<T>(mode: string, v: Variant): T[] {
  const out: T[] = [];
  for (let i = 0; i < RUNS; i++) {
    process.stderr.write(`  ${mode} · ${v.label} · run ${i + 1}/${RUNS}\n`);
    const r = spawnSync(process.execPath, [caseFile, mode, v.engine, fixture, v.modelDir, FIXTURE, BANDS], { encoding: 'utf8', cwd: root, env: { ...env, ...v.env }, maxBuffer: 1 << 22 });
    const line = r.stdout.trim().split('\n').pop() ?? '';
    if (r.status !== 0 || !line.startsWith('{')) throw new Error(`${mode} ${v.label} failed: ${r.stderr.trim().split('\n').slice(-3).join(' | ')}`);
    out.push(JSON.parse(line) as T);
  }
  return out;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const fmt = (l: Lap) => `${l.wall.toFixed(2)} / ${l.cpu.toFixed(2)}`;
/** Median of each of wall and CPU over the runs. */
const med = (laps: Lap[]): Lap => ({ wall: median(laps.map((l) => l.wall)), cpu: median(laps.map((l) => l.cpu)) });
const sumPages = (pages: PageSteps[], key: keyof PageSteps): Lap =>
  pages.reduce((a, p) => ({ wall: a.wall + p[key].wall, cpu: a.cpu + p[key].cpu }), { wall: 0, cpu: 0 });
/** Makespan of the page tasks (CPU s each, as listed) handed in order to the first free of `threads`. */
function poolSplit(pages: PageSteps[], threads: number): number {
  const load = new Array<number>(threads).fill(0);
  for (const p of pages) {
    const i = load.indexOf(Math.min(...load));
    load[i]! += p.total.cpu;
  }
  return Math.max(...load);
}
const calls = (pages: PageSteps[], key: 'orientationReadings' | 'secondLook') => pages.reduce((a, p) => a + p[key].calls, 0);

function table(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => `| ${header.map((_, i) => (r[i] ?? '').padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

const STEP_KEYS: [keyof PageSteps, string][] = [
  ['decode', 'decode'],
  ['preprocess', 'preprocess'],
  ['firstReading', 'first reading'],
  ['orientationReadings', 'orientation'],
  ['secondLook', 'second look'],
  ['total', '3 pages'],
];

const title = FIXTURE === 'user' ? "user-like 3-page scan (250 dpi grey JPEG 2067 × 2924, office scanner's grain and tilt, 30 postings)" : "the reading bench's 3-page 300 dpi scan";
console.log(`\nbench:scan — ${title}, ${RUNS} run(s) per row, medians; every cell "wall s / CPU s"; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);

if (ONLY.has('steps')) {
  console.log('1. Steps in one thread (no pool), summed over the 3 pages; pass 1 right after the engine started, pass 2 warm');
  const rows: string[][] = [];
  for (const v of variants) {
    const rs = run<StepsResult>('steps', v);
    for (const pass of [0, 1]) {
      rows.push([
        v.label,
        pass === 0 ? '1 (cold)' : '2 (warm)',
        pass === 0 ? fmt(med(rs.map((r) => r.engineStart))) : '',
        ...STEP_KEYS.map(([k]) => fmt(med(rs.map((r) => sumPages(r.passes[pass]!, k))))),
        `${median(rs.map((r) => calls(r.passes[pass]!, 'orientationReadings')))} / ${median(rs.map((r) => calls(r.passes[pass]!, 'secondLook')))}`,
        median(rs.map((r) => poolSplit(r.passes[pass]!, 2))).toFixed(2),
      ]);
    }
  }
  table(['engine', 'pass', 'engine start', ...STEP_KEYS.map(([, l]) => l), 'extra calls (orient. / 2nd look)', 'pool split: 2 threads, CPU s'], rows);
  console.log('pool split = the longest thread when the page tasks (CPU s each) go in order to whichever of 2 threads is free first: the best a 2-core machine can do with them.');
  console.log('');
}

if (ONLY.has('warmup')) {
  console.log("2. The pool's warm-up page (ocr/warm-up.ts), then pass 1 over the 3 pages");
  const rows: string[][] = [];
  for (const v of variants) {
    const rs = run<StepsResult>('warmup', v);
    rows.push([v.label, fmt(med(rs.map((r) => r.engineStart))), fmt(med(rs.map((r) => r.warmUp!))), fmt(med(rs.map((r) => sumPages(r.passes[0]!, 'total'))))]);
  }
  table(['engine', 'engine start', 'warm-up page', 'pass 1 after it, 3 pages'], rows);
  console.log('');
}

if (ONLY.has('reader')) {
  console.log(`3. The reading layer as the service builds it (pool, warm-up on${BANDS ? `, ocrBands ${BANDS}` : ''}): whole 3-page scan; a warm-up call, then 3 calls`);
  const rows: string[][] = [];
  for (const v of variants) {
    const rs = run<ReaderResult>('reader', v);
    rows.push([
      v.label,
      String(rs[0]!.threads),
      fmt(med(rs.map((r) => r.startUntilIdle))),
      fmt(med(rs.map((r) => r.firstScan))),
      fmt(med(rs.flatMap((r) => r.warmScans))),
      rs.map((r) => (r.postings ? `${r.postings.found}/${r.postings.expected}${r.postings.returned > r.postings.found ? ` +${r.postings.returned - r.postings.found}` : ''}${r.postings.reconciled ? ' rec.' : ''}` : '—')).join(', '),
    ]);
  }
  table(['engine', 'threads', 'start-up until idle', 'warm-up call', 'median of 3 after it', 'postings found (per run)'], rows);
  console.log('postings found = expected rows returned with their date and amount / expected; +n rows returned besides; rec. = the statement reconciles.');
  console.log('');
}
console.log('wall = elapsed seconds; CPU = CPU seconds of every thread and child process. Nothing here is asserted.');
