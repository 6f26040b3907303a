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
 * Native tesseract runs as one long-lived process per engine (tesseract-native-stream.ts), with
 * one process per call as its fallback. `KLARTEXT_NATIVE_OCR=per-call` forces the fallback: the
 * A/B switch of `bench:scan` (docs/reading.md, session 13), not a setting users need.
 */
export function createOcrEngine(name: OcrEngineName, settings: OcrEngineSettings): OcrEngine {
  if (name !== 'native') return createTesseractJsEngine({ modelDir: settings.modelDir });
  const perCall = createNativeTesseractEngine({ binary: settings.nativeBinary });
  if (process.env.KLARTEXT_NATIVE_OCR === 'per-call') return perCall;
  return createStreamingTesseractEngine({ binary: settings.nativeBinary, fallback: perCall });
}
