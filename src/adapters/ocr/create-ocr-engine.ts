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
 * Native tesseract runs one long-lived process per engine (tesseract-native-stream.ts), with
 * one process per call (tesseract-native.ts) as its fallback where the host cannot stream pages.
 * `KLARTEXT_NATIVE_OCR=per-call` goes back to one process per call everywhere (the bench's A/B
 * switch, and a way out should a tesseract build misbehave when fed page after page). A killed
 * process costs at most the page in flight (docs/reading.md, session 14).
 */
export function createOcrEngine(name: OcrEngineName, settings: OcrEngineSettings): OcrEngine {
  if (name !== 'native') return createTesseractJsEngine({ modelDir: settings.modelDir });
  const perCall = createNativeTesseractEngine({ binary: settings.nativeBinary });
  if (process.env.KLARTEXT_NATIVE_OCR === 'per-call') return perCall;
  return createStreamingTesseractEngine({ binary: settings.nativeBinary, fallback: perCall });
}
