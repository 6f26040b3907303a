/**
 * Optical character recognition behind one interface, so the reading layer does not care whether
 * tesseract runs as WASM inside the process (tesseract.js, installs with `npm ci` alone) or as
 * the native binary (faster, needs the Debian package). Implementations live in adapters/ocr.
 */

/** An 8-bit greyscale raster, row-major, one byte per pixel, no padding. */
export interface GreyImage {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface OcrWord {
  text: string;
  /** Pixel box in the image that was recognised: left, top, width, height. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Recognition confidence in [0, 1]. */
  confidence: number;
}

export interface OcrResult {
  /** Words in the engine's reading order (block, paragraph, line, word). */
  words: OcrWord[];
}

export interface OcrRequest {
  /** Tesseract language codes, e.g. ['deu'] or ['deu', 'eng']. */
  languages: readonly string[];
  /** Resolution of the image, passed to the engine so it can size its heuristics. */
  dpi: number;
  /** Aborting stops the recognition and frees what it holds; the promise then rejects. */
  signal?: AbortSignal;
}

export interface OcrEngine {
  readonly name: OcrEngineName;
  recognize(image: GreyImage, request: OcrRequest): Promise<OcrResult>;
  /** Releases workers, WASM memory or child processes. Idempotent. */
  close(): Promise<void>;
}

export type OcrEngineName = 'tesseract-js' | 'native';
/** 'auto' picks the native binary when it is on the PATH with the needed languages. */
export type OcrEngineChoice = OcrEngineName | 'auto';
