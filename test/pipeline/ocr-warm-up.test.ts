/**
 * The pool threads' warm-up (reading/ocr/warm-up.ts) must make the engine read real text —
 * a blank image never reaches tesseract's recognizer, which is what left the first scan of
 * every thread running unoptimized code. Each engine this machine has reads the warm-up page
 * through ocrPage, and the reading must hold its words and figures.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createOcrEngine } from '../../src/adapters/ocr/create-ocr-engine.js';
import { warmUpOcr } from '../../src/pipeline/reading/ocr/warm-up.js';
import { availableEngines } from './ocr-engines.js';

describe('OCR warm-up page', () => {
  for (const name of availableEngines()) {
    test(`${name} reads the warm-up page as text`, { timeout: 120_000 }, async () => {
      const engine = createOcrEngine(name, { choice: name, languages: ['deu'] });
      try {
        const page = await warmUpOcr(engine, ['deu']);
        const text = page.cells.map((c) => c.text).join(' ');
        for (const expected of ['Kontoauszug', 'Lastschrift', '2.450,17', '5.471,39']) {
          assert.ok(text.includes(expected), `"${expected}" in the warm-up reading: ${text}`);
        }
        assert.ok(page.meanConfidence > 0.8, `confidence ${page.meanConfidence}`);
        assert.equal(page.rotationDegrees, 0);
      } finally {
        await engine.close();
      }
    });
  }
});
