import type { OcrEngine, OcrEngineChoice, OcrEngineName } from '../../ports/ocr-engine.js';
import { createNativeTesseractEngine, nativeTesseractAvailable } from './tesseract-native.js';
import { createStreamingTesseractEngine } from './tesseract-native-stream.js';
import { createTesseractJsEngine } from './tesseract-js.js';

export interface OcrEngineSettings {
  choice: OcrEngineChoice;
  languages: readonly string[];
  /** Directory of plain <lang>.traineddata files for tesseract.js; default: the npm packages. */
  modelDir?: string | undefined;
  nativeBinary?: string | undefined;
}

/** Resolves 'auto' to the native binary when it is installed with every language, else WASM. */
export async function resolveOcrEngineName(settings: OcrEngineSettings): Promise<OcrEngineName> {
  if (settings.choice !== 'auto') return settings.choice;
  return (await nativeTesseractAvailable(settings.languages, settings.nativeBinary)) ? 'native' : 'tesseract-js';
}

/**
 * Native tesseract runs one process per call (tesseract-native.ts) unless
 * `KLARTEXT_NATIVE_OCR=long-lived`: then one long-lived process per engine
 * (tesseract-native-stream.ts) with the per-call engine as its fallback. Opt-in until the
 * issue-10 fault test (test/http/hostile/ocr-process-killed.test.ts) passes with it: the scan
 * after a killed process came back 500 in two runs (docs/reading.md, session 13).
 */
export function createOcrEngine(name: OcrEngineName, settings: OcrEngineSettings): OcrEngine {
  if (name !== 'native') return createTesseractJsEngine({ modelDir: settings.modelDir });
  const perCall = createNativeTesseractEngine({ binary: settings.nativeBinary });
  if (process.env.KLARTEXT_NATIVE_OCR !== 'long-lived') return perCall;
  return createStreamingTesseractEngine({ binary: settings.nativeBinary, fallback: perCall });
}
