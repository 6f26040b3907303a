import type { OcrEngine, OcrEngineChoice, OcrEngineName } from '../../ports/ocr-engine.js';
import { createNativeTesseractEngine, nativeTesseractAvailable } from './tesseract-native.js';
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

export function createOcrEngine(name: OcrEngineName, settings: OcrEngineSettings): OcrEngine {
  return name === 'native'
    ? createNativeTesseractEngine({ binary: settings.nativeBinary })
    : createTesseractJsEngine({ modelDir: settings.modelDir });
}
