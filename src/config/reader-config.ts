import { defaultReaderConfig, type ReaderConfig } from '../pipeline/reading/read-document.js';
import type { Config } from './config.js';

/**
 * The reading layer's settings from the service's configuration: what the environment sets
 * (pool size, queue wait, OCR engine and languages, image and render limits), the reader's own
 * defaults for the rest. The server and the operator CLI read documents alike through it.
 */
export function readerConfigOf(config: Config): ReaderConfig {
  return {
    ...defaultReaderConfig,
    workerPoolSize: config.workerPoolSize,
    queueWaitMs: config.queueWaitMs,
    ocrEngine: config.ocrEngine,
    ocrLanguages: config.ocrLanguages,
    ocrModelDir: config.ocrModelDir,
    maxImagePixels: config.maxImagePixels,
    renderDpi: config.pdfRenderDpi,
    maxScannedPages: config.maxScannedPages,
  };
}
