import { execFileSync } from 'node:child_process';
import type { OcrEngineName } from '../../src/ports/ocr-engine.js';

/** The OCR engines this machine can run: tesseract.js always, native tesseract when installed. */
export function availableEngines(): OcrEngineName[] {
  const engines: OcrEngineName[] = ['tesseract-js'];
  try {
    const langs = execFileSync('tesseract', ['--list-langs'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    if (langs.split('\n').some((l) => l.trim() === 'deu')) engines.push('native');
  } catch {
    // not installed: scripts/install-system-deps.sh adds it
  }
  return engines;
}
