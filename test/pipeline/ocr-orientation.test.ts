import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { createOcrEngine } from '../../src/adapters/ocr/create-ocr-engine.js';
import { decodeImage } from '../../src/pipeline/reading/image.js';
import { ocrPage } from '../../src/pipeline/reading/ocr/ocr-page.js';
import { analysePageGeometry } from '../../src/pipeline/reading/ocr/page-geometry.js';
import { embeddedPageImages } from '../../src/pipeline/reading/pdf-page-image.js';
import { flattenBackground } from '../../src/pipeline/reading/raster.js';
import { defaultReaderConfig } from '../../src/pipeline/reading/read-document.js';
import type { OcrEngine } from '../../src/ports/ocr-engine.js';
import { readingFixture } from '../../scripts/fixtures/generate.js';
import { availableEngines } from './ocr-engines.js';

/**
 * Issue 20: page 1 of the user-like statement scan (a table page the projection profiles take
 * for a sideways one) was read twice, turned and as it lies. Read as it lies first and read
 * confidently, it is upright: one whole-page reading. (Pages really sideways are still turned:
 * read-ocr.test.ts, rotated 90° and 270°.)
 */
const engineName = availableEngines().at(-1)!;

describe(`orientation readings (${engineName})`, () => {
  const engine = createOcrEngine(engineName, { choice: engineName, languages: ['deu'] });
  after(() => engine.close());

  it('reads an upright table page the profiles call sideways once, upright', async () => {
    const jpeg = (await embeddedPageImages(await readingFixture('userScan3'), [1])).get(1)!;
    const { image, dpi } = await decodeImage(jpeg.file, { maxInputPixels: 1e8, maxLongSide: 3600, upscaleBelowDpi: 200, pageWidthPt: 595.28 });
    // The premise: the profiles propose a quarter turn for this page.
    assert.equal(analysePageGeometry(flattenBackground(image), { maxSkewDegrees: 5 }).quarterTurns % 2, 1);
    let wholePageReadings = 0;
    const counting: OcrEngine = {
      name: engine.name,
      close: () => engine.close(),
      recognize(img, request) {
        // The second look reads a stack of strips, at most 40 % of the page's height.
        if (img.width * img.height > image.width * image.height * 0.7) wholePageReadings++;
        return engine.recognize(img, request);
      },
    };
    const page = await ocrPage(image, dpi, counting, { ...defaultReaderConfig, languages: ['deu'], preprocess: 'none', secondLook: true }, new AbortController().signal);
    assert.equal(wholePageReadings, 1);
    assert.ok(page.height > page.width, `page ${page.width} × ${page.height}`);
    assert.ok(page.meanConfidence > 0.75, `confidence ${page.meanConfidence}`);
    assert.ok(page.cells.length > 100, `${page.cells.length} words`);
  });
});
