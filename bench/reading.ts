/**
 * Reading-layer benchmark: `npm run bench:reading`. Each case runs in its own process (fresh
 * RSS), on generated fixtures, for every OCR engine this machine has. Prints a table; asserts
 * nothing. Targets (issue 3, 2-core machine): text pages ≤ 20 ms/page p50; OCR ≤ 2.0 s CPU per
 * A4 page at 300 dpi with tesseract.js, ≤ 1.2 s with native tesseract; a 3-page scan ≤ 4 s end
 * to end; CER ≤ 2 % clean, ≤ 4 % degraded; peak RSS ≤ 600 MB with two 10 MB scans at once.
 *
 *   npm run bench:reading [-- case[,case…]]      cases: statement letter scan userScan degraded photo twoBig
 *
 * The cases run as compiled JavaScript (tsc into .tmp/bench-dist, like `npm start` runs dist/),
 * not under tsx: tsx's transform and source-map support cost ~150 MB RSS per thread for
 * pdfjs-dist alone, which production never pays.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fixtureCacheDir, fixtures, readingFixture } from '../scripts/fixtures/generate.js';
import { cases, type CaseResult } from './reading-case.js';

function engines(): string[] {
  const list = ['tesseract-js'];
  try {
    const langs = execFileSync('tesseract', ['--list-langs'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    if (langs.split('\n').some((l) => l.trim() === 'deu')) list.push('native');
  } catch {
    // native tesseract not installed
  }
  return list;
}

const selected = (process.argv[2] ?? Object.keys(cases).join(',')).split(',');
const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = path.join(root, '.tmp', 'bench-dist');
process.stderr.write('compiling to .tmp/bench-dist…\n');
// Type errors elsewhere in the tree do not stop tsc from emitting; the bench only needs the output.
spawnSync(path.join(root, 'node_modules', '.bin', 'tsc'), ['-p', path.join(root, 'tsconfig.json'), '--outDir', outDir, '--noEmit', 'false', '--sourceMap', 'false'], { stdio: 'ignore' });
const caseFile = path.join(outDir, 'bench', 'reading-case.js');
// The recommended production setting (docs/reading.md): glibc otherwise gives each of the many
// threads (pool workers, tesseract.js, libvips) its own malloc arena, ~70 MB more peak RSS here.
const caseEnv = { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' };
if (!existsSync(caseFile)) throw new Error('compiling the bench failed');
const rows: string[][] = [];
const header = ['case', 'engine', 'pages', 'pages/s', 'p50 ms/page', 'p95 ms/page', 'doc p50 ms', 'CPU s/page', 'peak RSS MB', 'CER', 'loop max ms'];

for (const name of selected) {
  const spec = cases[name];
  if (!spec) throw new Error(`unknown case ${name}; known: ${Object.keys(cases).join(' ')}`);
  await readingFixture(spec.fixture);
  const f = fixtures[spec.fixture];
  const fixtureJson = path.join(outDir, `fixture-${spec.fixture}.json`);
  writeFileSync(fixtureJson, JSON.stringify({ path: path.join(fixtureCacheDir(), f.file), kind: f.kind, truth: 'truth' in f ? f.truth : undefined }));
  for (const engine of spec.ocr ? engines() : ['none']) {
    process.stderr.write(`running ${name} (${engine})…\n`);
    const run = spawnSync(process.execPath, [caseFile, name, engine, fixtureJson], { encoding: 'utf8', maxBuffer: 1 << 20, cwd: root, env: caseEnv });
    const line = run.stdout.trim().split('\n').pop() ?? '';
    if (run.status !== 0 || !line.startsWith('{')) {
      rows.push([spec.label, engine, 'failed', run.stderr.trim().split('\n').pop() ?? '']);
      continue;
    }
    const r = JSON.parse(line) as CaseResult;
    rows.push([
      spec.label,
      r.engineUsed,
      String(r.pages),
      r.pagesPerSecond.toFixed(r.pagesPerSecond >= 10 ? 0 : 2),
      r.p50PageMs.toFixed(r.p50PageMs >= 100 ? 0 : 1),
      r.p95PageMs.toFixed(r.p95PageMs >= 100 ? 0 : 1),
      r.p50DocMs.toFixed(0),
      r.cpuSecondsPerPage.toFixed(r.cpuSecondsPerPage >= 0.1 ? 2 : 3),
      r.peakRssMb.toFixed(0),
      r.cer === null ? '—' : `${(r.cer * 100).toFixed(2)} %`,
      r.loopMaxMs.toFixed(0),
    ]);
  }
}

const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
const fmt = (r: string[]) => `| ${header.map((_, i) => (r[i] ?? '').padEnd(widths[i]!)).join(' | ')} |`;
process.stdout.write(
  `Reading layer bench — ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? '?'}), Node ${process.version}, ` +
    `compiled JS, pool of ${os.availableParallelism()} workers, MALLOC_ARENA_MAX=${caseEnv.MALLOC_ARENA_MAX}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}\n`,
);
process.stdout.write(`${fmt(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n`);
for (const r of rows) process.stdout.write(`${fmt(r)}\n`);
process.stdout.write(
  'per page = document wall time ÷ pages; CPU includes worker threads and tesseract child processes; ' +
    'peak RSS includes child processes; CER = character error rate of the last run vs the drawn text.\n',
);
