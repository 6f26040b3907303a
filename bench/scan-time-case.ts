/**
 * One run of `npm run bench:scan` in a fresh process (so "cold" means cold):
 *   node .tmp/bench-dist/bench/scan-time-case.js <mode> <engine> <fixture.pdf> [modelDir] [user] [off|remainder|all]
 * Prints one JSON line. With `user` the fixture is the user-like statement scan
 * (scripts/fixtures/user-scan.ts) and reader mode also says whether its postings come out.
 * Modes:
 *   steps   one thread, no pool: engine start (model load), then the 3 pages twice through the
 *           real ocrPage with the engine's calls timed — pass 1 right after the start (cold
 *           code), pass 2 warm.
 *   warmup  engine start, then the pool's warm-up page (ocr/warm-up.ts), then pass 1: what the
 *           warm-up costs and whether the first pass after it is as fast as a warm one.
 *   reader  the reading layer as the service builds it (pool of WORKER_POOL_SIZE threads,
 *           warm-up on): start until the process is idle, then a warm-up call (the first
 *           scan), then 3 more — the "median of 3 after a warm-up call".
 * CPU is this process's (every thread, so tesseract.js's too) plus its children's (native
 * tesseract): the waited-for ones and, since the long-lived processes of session 13, the living.
 */
import { readFileSync } from 'node:fs';
import { descendantsOf } from './load/rss.js';
import { createOcrEngine } from '../src/adapters/ocr/create-ocr-engine.js';
import { decodeImage } from '../src/pipeline/reading/image.js';
import { ocrPage, type OcrPageSettings } from '../src/pipeline/reading/ocr/ocr-page.js';
import { warmUpOcr } from '../src/pipeline/reading/ocr/warm-up.js';
import { embeddedPageImages } from '../src/pipeline/reading/pdf-page-image.js';
import { createDocumentReader, defaultReaderConfig, type OcrBands } from '../src/pipeline/reading/read-document.js';
import type { LoadedDocument } from '../src/pipeline/model/document.js';
import type { OcrEngine, OcrEngineName } from '../src/ports/ocr-engine.js';
import { userScanStatement } from '../scripts/fixtures/user-scan.js';
import { postingsFound, type PostingsFound } from './statement-postings.js';

export interface Lap {
  wall: number;
  cpu: number;
}

export interface PageSteps {
  decode: Lap;
  /** ocrPage minus the engine's calls: flat-field, geometry, turns, deskew, strip stacking. */
  preprocess: Lap;
  firstReading: Lap;
  /** Further full-page readings: a quarter turn checked, the half-turned page tried. */
  orientationReadings: Lap & { calls: number };
  secondLook: Lap & { calls: number };
  total: Lap;
}

export interface StepsResult {
  mode: 'steps' | 'warmup';
  engineStart: Lap;
  warmUp?: Lap;
  passes: PageSteps[][];
}

export interface ReaderResult {
  mode: 'reader';
  threads: number;
  startUntilIdle: Lap;
  firstScan: Lap;
  warmScans: Lap[];
  /** User-like scan only: the postings of the last scan through the kontoauszug pipeline. */
  postings?: PostingsFound;
}

/** CPU seconds of this process (all threads) plus its waited-for and its living descendants. */
export function cpuSeconds(): number {
  const u = process.cpuUsage();
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  let living = 0;
  for (const d of descendantsOf(process.pid)) {
    try {
      const s = readFileSync(`/proc/${d.pid}/stat`, 'utf8');
      const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
      living += Number(f[11]) + Number(f[12]);
    } catch {
      // ended meanwhile: counted with the waited-for children once reaped
    }
  }
  return (u.user + u.system) / 1e6 + (Number(fields[13]) + Number(fields[14]) + living) / 100;
}

async function lap<T>(f: () => Promise<T>): Promise<[T, Lap]> {
  const c = cpuSeconds();
  const t = performance.now();
  const r = await f();
  return [r, { wall: (performance.now() - t) / 1000, cpu: cpuSeconds() - c }];
}

const zero = (): Lap => ({ wall: 0, cpu: 0 });
const add = (a: Lap, b: Lap): Lap => ({ wall: a.wall + b.wall, cpu: a.cpu + b.cpu });
const sub = (a: Lap, b: Lap): Lap => ({ wall: a.wall - b.wall, cpu: a.cpu - b.cpu });
const emptySteps = (): PageSteps => ({
  decode: zero(),
  preprocess: zero(),
  firstReading: zero(),
  orientationReadings: { ...zero(), calls: 0 },
  secondLook: { ...zero(), calls: 0 },
  total: zero(),
});

const settings: OcrPageSettings = {
  languages: defaultReaderConfig.ocrLanguages,
  deskew: defaultReaderConfig.deskew,
  maxSkewDegrees: defaultReaderConfig.maxSkewDegrees,
  detectRotation: defaultReaderConfig.detectRotation,
  retryBelowConfidence: defaultReaderConfig.retryBelowConfidence,
  preprocess: defaultReaderConfig.ocrPreprocess,
  secondLook: defaultReaderConfig.ocrSecondLook,
};

/**
 * The engine with every recognize call timed and sorted by what it was for: the second look
 * reads a stack of strips (at most 40 % of the page's height), every other call a whole page,
 * turned or not; the first whole-page reading of a page is its reading, later ones are the
 * orientation checks.
 */
function timed(engine: OcrEngine, page: () => { steps: PageSteps; pixels: number; fullReadings: number }): OcrEngine {
  return {
    name: engine.name,
    close: () => engine.close(),
    async recognize(image, request) {
      const [result, l] = await lap(() => engine.recognize(image, request));
      const p = page();
      const s = p.steps;
      if (image.width * image.height < p.pixels * 0.7) s.secondLook = { ...add(s.secondLook, l), calls: s.secondLook.calls + 1 };
      else if (p.fullReadings++ === 0) s.firstReading = add(s.firstReading, l);
      else s.orientationReadings = { ...add(s.orientationReadings, l), calls: s.orientationReadings.calls + 1 };
      return result;
    },
  };
}

async function steps(mode: 'steps' | 'warmup', engineName: OcrEngineName, pdf: Uint8Array, modelDir: string | undefined): Promise<StepsResult> {
  const raw = createOcrEngine(engineName, { choice: engineName, languages: settings.languages, modelDir });
  const [, engineStart] = await lap(() => raw.recognize({ data: new Uint8Array(64 * 32).fill(255), width: 64, height: 32 }, { languages: settings.languages, dpi: 300 }));
  const result: StepsResult = { mode, engineStart, passes: [] };
  if (mode === 'warmup') result.warmUp = (await lap(() => warmUpOcr(raw, settings.languages)))[1];
  const jpegs = await embeddedPageImages(pdf, [1, 2, 3]);
  let current = { steps: emptySteps(), pixels: 0, fullReadings: 0 };
  const engine = timed(raw, () => current);
  for (let pass = 0; pass < (mode === 'steps' ? 2 : 1); pass++) {
    const pages: PageSteps[] = [];
    for (const [n, j] of jpegs) {
      if (!j) throw new Error(`page ${n} of the fixture is not one embedded image`);
      const [decoded, decode] = await lap(() =>
        decodeImage(j.file, { maxInputPixels: defaultReaderConfig.maxImagePixels, maxLongSide: defaultReaderConfig.maxOcrLongSide, upscaleBelowDpi: defaultReaderConfig.upscaleBelowDpi, rotate: j.rotate, pageWidthPt: 595.28 }),
      );
      current = { steps: emptySteps(), pixels: decoded.image.width * decoded.image.height, fullReadings: 0 };
      const [, ocr] = await lap(() => ocrPage(decoded.image, decoded.dpi, engine, settings, new AbortController().signal));
      const s = current.steps;
      s.decode = decode;
      s.preprocess = sub(sub(sub(ocr, s.firstReading), s.orientationReadings), s.secondLook);
      s.total = add(decode, ocr);
      pages.push(s);
    }
    result.passes.push(pages);
  }
  await raw.close();
  return result;
}

async function reader(engineName: OcrEngineName, pdf: Uint8Array, modelDir: string | undefined, user: boolean, bands: OcrBands | undefined): Promise<ReaderResult> {
  const config = { ...defaultReaderConfig, ocrEngine: engineName, ocrModelDir: modelDir, warmUp: true, ...(bands ? { ocrBands: bands } : {}) };
  const c0 = cpuSeconds();
  const t0 = performance.now();
  const r = createDocumentReader(config);
  // Start-up is over when the process has used less than 5 % of a core for half a second
  // (pool threads started, models loaded, warm-up read), or after 120 s.
  let last = cpuSeconds();
  for (let waited = 0; waited < 120_000; waited += 500) {
    await new Promise((res) => setTimeout(res, 500));
    const now = cpuSeconds();
    if (now - last < 0.025 && waited >= 1000) break;
    last = now;
  }
  const startUntilIdle = { wall: (performance.now() - t0) / 1000, cpu: cpuSeconds() - c0 };
  const read = () => r.read(pdf, 'pdf', { maxPages: 100, signal: new AbortController().signal });
  const [, firstScan] = await lap(read);
  const warmScans: Lap[] = [];
  let lastDoc: LoadedDocument | undefined;
  for (let i = 0; i < 3; i++) {
    const [doc, l] = await lap(read);
    warmScans.push(l);
    lastDoc = doc;
  }
  await r.close();
  const postings = user && lastDoc ? await postingsFound(lastDoc, userScanStatement()) : undefined;
  return { mode: 'reader', threads: config.workerPoolSize, startUntilIdle, firstScan, warmScans, ...(postings ? { postings } : {}) };
}

async function main(): Promise<void> {
  const [mode, engine, file, modelDir, fixture, bands] = process.argv.slice(2) as ['steps' | 'warmup' | 'reader', OcrEngineName, string, string | undefined, string | undefined, OcrBands | '' | undefined];
  const pdf = new Uint8Array(readFileSync(file));
  const result = mode === 'reader' ? await reader(engine, pdf, modelDir || undefined, fixture === 'user', bands || undefined) : await steps(mode, engine, pdf, modelDir || undefined);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

if (process.argv[1]?.endsWith('scan-time-case.js')) await main();
