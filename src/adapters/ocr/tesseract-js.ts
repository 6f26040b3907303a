import { createRequire } from 'node:module';
import path from 'node:path';
import Tesseract from 'tesseract.js';
import type { GreyImage, OcrEngine, OcrRequest, OcrResult } from '../../ports/ocr-engine.js';
import { encodePgm, parseTesseractTsv } from './tesseract-tsv.js';

/**
 * tesseract.js 7 (WASM): installs with `npm ci` alone. Language data comes from the
 * @tesseract.js-data/<lang> packages in node_modules (LSTM "best_int" models), handed to the
 * worker as bytes: no langPath lookup, so no CDN, and cacheMethod 'none', so no traineddata is
 * ever written into the working directory. `modelDir` may point at a directory of plain
 * `<lang>.traineddata` files instead (e.g. Debian's tessdata_fast, ~30 % less CPU).
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

  /**
   * tesseract.js 7 reads every language from one `langPath` (its Lang-object route is broken:
   * initialize joins the data instead of the codes). The npm packages keep each language in its
   * own directory, so without `modelDir` only one language can be loaded; German is the one.
   */
  function langPathFor(languages: readonly string[]): { langPath: string; gzip: boolean } {
    for (const code of languages) {
      if (!/^[a-z_]{3,10}$/u.test(code)) throw new Error(`invalid OCR language code: ${code}`);
    }
    if (options.modelDir) return { langPath: options.modelDir, gzip: false };
    if (languages.length !== 1) {
      throw new Error('tesseract.js without a model directory reads exactly one language');
    }
    const require = createRequire(import.meta.url);
    const dir = path.dirname(require.resolve(`@tesseract.js-data/${languages[0]}/package.json`));
    return { langPath: path.join(dir, '4.0.0_best_int'), gzip: true };
  }

  async function start(languages: readonly string[]): Promise<Tesseract.Worker> {
    const { langPath, gzip } = langPathFor(languages);
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

  async function getWorker(languages: readonly string[]): Promise<Tesseract.Worker> {
    const key = languages.join('+');
    if (worker && workerLangs !== key) {
      const old = worker;
      worker = null;
      await (await old).terminate().catch(() => undefined);
    }
    if (!worker) {
      workerLangs = key;
      worker = start(languages);
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
      const pgm = encodePgm(image.data, image.width, image.height);
      const job = w.recognize(pgm, {}, { text: false, tsv: true, blocks: false });
      const signal = request.signal;
      if (!signal) return { words: parseTesseractTsv((await job).data.tsv ?? '') };
      // tesseract.js cannot cancel one job: abort terminates its worker thread.
      let onAbort: (() => void) | undefined;
      const aborted = new Promise<never>((_, reject) => {
        onAbort = () => {
          void terminate();
          reject(signal.reason);
        };
        signal.addEventListener('abort', onAbort, { once: true });
      });
      try {
        const result = await Promise.race([job, aborted]);
        return { words: parseTesseractTsv(result.data.tsv ?? '') };
      } finally {
        signal.removeEventListener('abort', onAbort!);
        job.catch(() => undefined);
      }
    },
    async close() {
      closed = true;
      await terminate();
    },
  };
}
