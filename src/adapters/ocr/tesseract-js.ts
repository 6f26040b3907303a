import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Tesseract from 'tesseract.js';
import type { GreyImage, OcrEngine, OcrRequest, OcrResult } from '../../ports/ocr-engine.js';
import { encodeGreyTiff } from './grey-tiff.js';
import { encodePgm, parseTesseractTsv } from './tesseract-tsv.js';

/**
 * tesseract.js 7 (WASM): installs with `npm ci` alone. Language data, in this order: `modelDir`
 * (a directory of plain `<lang>.traineddata` files, OCR_MODEL_DIR); the repository's vendored
 * tessdata_fast models (`models/tessdata_fast`, German: ~30 % less CPU per page than best_int,
 * same postings on the evals — docs/reading.md, session 13; provenance and licence beside the
 * file) when they hold every requested language; else the @tesseract.js-data/<lang> npm
 * package (LSTM "best_int"). Always a local langPath, so no CDN, and cacheMethod 'none', so no
 * traineddata is ever written into the working directory.
 *
 * One tesseract.js worker (its own thread) per engine instance, created on first use and kept;
 * an aborted recognition terminates it, and the next call creates a fresh one.
 */
export interface TesseractJsOptions {
  modelDir?: string | undefined;
  /** Page segmentation mode; 6 (one uniform block) keeps table rows together. */
  psm?: number;
}

export function createTesseractJsEngine(options: TesseractJsOptions = {}): OcrEngine {
  let worker: Promise<Tesseract.Worker> | null = null;
  let workerLangs = '';
  let closed = false;

  /** The worker for `languages`: the current one, or a new one (the old one terminated). */
  async function getWorker(languages: readonly string[]): Promise<Tesseract.Worker> {
    const key = languages.join('+');
    if (worker && workerLangs !== key) {
      const old = worker;
      worker = null;
      await (await old).terminate().catch(() => undefined);
    }
    if (!worker) {
      workerLangs = key;
      worker = startWorker(languages, options);
      worker.catch(() => {
        worker = null;
      });
    }
    return worker;
  }

  async function terminate(): Promise<void> {
    const w = worker;
    worker = null;
    if (w) await (await w.catch(() => null))?.terminate().catch(() => undefined);
  }

  return {
    name: 'tesseract-js',
    async recognize(image: GreyImage, request: OcrRequest): Promise<OcrResult> {
      if (closed) throw new Error('OCR engine closed');
      request.signal?.throwIfAborted();
      const w = await getWorker(request.languages);
      await w.setParameters({ user_defined_dpi: String(Math.round(request.dpi)) });
      // An uncompressed TIFF rather than PGM: the same pixels and the same reading, ~8 % less CPU
      // a page (leptonica's PGM reader is slow; grey-tiff.ts, docs/reading.md session 18).
      const file = process.env.KLARTEXT_OCR_PAGE_FORMAT === 'pgm' ? encodePgm(image.data, image.width, image.height) : encodeGreyTiff(image.data, image.width, image.height);
      const job = w.recognize(file, {}, { text: false, tsv: true, blocks: false });
      const result = request.signal ? await untilAborted(job, request.signal, terminate) : await job;
      return { words: parseTesseractTsv(result.data.tsv ?? '') };
    },
    async close() {
      closed = true;
      await terminate();
    },
  };
}

/**
 * The job's result, or the signal's reason as soon as it aborts: tesseract.js cannot cancel one
 * job, so an abort calls `terminate` (the worker thread ends; the next call starts a new one).
 */
async function untilAborted<T>(job: Promise<T>, signal: AbortSignal, terminate: () => Promise<void>): Promise<T> {
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => {
      void terminate();
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([job, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort!);
    job.catch(() => undefined);
  }
}

/** A tesseract.js worker with the languages' models loaded and the engine's parameters set. */
async function startWorker(languages: readonly string[], options: TesseractJsOptions): Promise<Tesseract.Worker> {
  const { langPath, gzip } = langPathFor(languages, options.modelDir);
  const w = await Tesseract.createWorker(languages.join('+'), Tesseract.OEM.LSTM_ONLY, {
    langPath,
    gzip,
    cacheMethod: 'none',
    logger: () => undefined,
    errorHandler: () => undefined,
  });
  await w.setParameters({
    tessedit_pageseg_mode: String(options.psm ?? 6) as Tesseract.PSM,
    preserve_interword_spaces: '0',
    // Tesseract's diagnostics ("Image too small to scale!!") would go to the process's stdout.
    debug_file: '/dev/null',
  });
  return w;
}

/**
 * Where the models of `languages` are read from (see the top of this file). tesseract.js 7 reads
 * every language from one `langPath` (its Lang-object route is broken: initialize joins the data
 * instead of the codes). The npm packages keep each language in its own directory, so without
 * `modelDir` or the vendored models only one language can be loaded; German is the one.
 */
function langPathFor(languages: readonly string[], modelDir: string | undefined): { langPath: string; gzip: boolean } {
  for (const code of languages) {
    if (!/^[a-z_]{3,10}$/u.test(code)) throw new Error(`invalid OCR language code: ${code}`);
  }
  if (modelDir) return { langPath: modelDir, gzip: false };
  const vendored = vendoredModelDir();
  if (vendored && languages.every((l) => existsSync(path.join(vendored, `${l}.traineddata`)))) {
    return { langPath: vendored, gzip: false };
  }
  if (languages.length !== 1) {
    throw new Error('tesseract.js without a model directory reads exactly one language');
  }
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve(`@tesseract.js-data/${languages[0]}/package.json`));
  return { langPath: path.join(dir, '4.0.0_best_int'), gzip: true };
}

/**
 * `models/tessdata_fast` of the repository (or of the image: dist/ sits beside models/), found by
 * walking up from this file — src/adapters/ocr under tsx, dist/src/adapters/ocr when built, the
 * bench's .tmp/bench-dist/… — at most eight levels. Undefined when absent (a copy without it
 * reads with the npm model). `KLARTEXT_OCR_VENDORED=off` skips it: the bench's A/B switch.
 */
export function vendoredModelDir(): string | undefined {
  if (process.env.KLARTEXT_OCR_VENDORED === 'off') return undefined;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    const candidate = path.join(dir, 'models', 'tessdata_fast');
    if (existsSync(candidate)) return candidate;
    const up = path.dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return undefined;
}
