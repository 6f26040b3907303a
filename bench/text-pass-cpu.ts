/**
 * The text pass alone, CPU per statement (issue 20 §2): bench:text's 42 generated text-layer
 * statements read on this thread through openPdf + extractPageText + destroy (pdf.js and the
 * word building, no pool, no server), 1 warm-up round and `--rounds` measured ones. Prints wall
 * and CPU ms per statement (this process, all threads); `--profile FILE` writes a V8 CPU profile
 * of the measured rounds only (open it in Chrome DevTools, or sum self time by function).
 *
 *   npm run bench:text-pass -- --rounds 5
 *   npm run bench:text-pass -- --rounds 5 --native-inflate   # Node's own DecompressionStream
 *   npm run bench:text-pass -- --rounds 3 --profile .tmp/text-pass.cpuprofile
 *
 * `--native-inflate` puts Node's DecompressionStream back for the run (reading/pdfjs.ts replaces
 * it on threads that load pdf.js, sync-decompression-stream.ts), to compare the two back to back.
 * Numbers are printed, never asserted. The files stay in memory.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import { DecompressionStream as NativeDecompressionStream } from 'node:stream/web';
import { parseArgs } from 'node:util';
import { fixtureFor, textLayerPdf } from '../scripts/fixtures/kontoauszug/generate.js';
import { LAYOUTS } from '../scripts/fixtures/kontoauszug/layouts.js';
import { extractPageText, openPdf } from '../src/pipeline/reading/pdf-text.js';

const { values: args } = parseArgs({
  options: { files: { type: 'string' }, rounds: { type: 'string' }, profile: { type: 'string' }, 'native-inflate': { type: 'boolean' } },
});
const FILES = Number(args.files ?? 42);
const ROUNDS = Number(args.rounds ?? 5);
if (args['native-inflate']) globalThis.DecompressionStream = NativeDecompressionStream as typeof DecompressionStream;

const layouts = LAYOUTS.filter((l) => !l.textLayer);
const files: Uint8Array[] = [];
let pages = 0;
for (let seed = 1; files.length < FILES; seed++) {
  for (const layout of layouts) {
    if (files.length >= FILES) break;
    const f = fixtureFor(layout, seed);
    files.push(await textLayerPdf(f));
    pages += f.pages.length;
  }
}

async function pass(): Promise<void> {
  for (const pdf of files) {
    const doc = await openPdf(pdf);
    try {
      for (let n = 1; n <= doc.numPages; n++) await extractPageText(doc, n);
    } finally {
      await doc.destroy();
    }
  }
}

await pass(); // warm-up
const session = new Session();
if (args.profile) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
}
const cpu0 = process.cpuUsage();
const t0 = performance.now();
for (let r = 0; r < ROUNDS; r++) await pass();
const wall = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
if (args.profile) {
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(args.profile, JSON.stringify(profile));
  session.disconnect();
}
const n = files.length * ROUNDS;
console.log(
  `text pass (openPdf + extractPageText + destroy), ${files.length} statements (${pages} pages) × ${ROUNDS} rounds after 1 warm-up · ` +
    `inflate: ${args['native-inflate'] ? "Node's DecompressionStream" : 'sync-decompression-stream.ts'} · load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`,
);
console.log(`per statement: wall ${(wall / n).toFixed(2)} ms, CPU ${((cpu.user + cpu.system) / 1000 / n).toFixed(2)} ms`);
