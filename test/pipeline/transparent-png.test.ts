import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import sharp from 'sharp';
import { renderPages } from '../../scripts/fixtures/scans.js';
import { statementPages } from '../../scripts/fixtures/texts.js';
import { pageText } from '../../src/pipeline/layout/text-lines.js';
import { openSignal, testReader } from './helpers.js';

/**
 * Issue 20 §3.4: a statement page rendered to PNG with an alpha channel (black ink on a
 * transparent page, as ImageMagick and many PDF-to-PNG tools write it) must read like the same
 * page written opaque. Transparent pixels carry black colour values: dropping the alpha channel
 * instead of laying the page on white turned the page black and left nothing to read.
 */
const words = (text: string): Set<string> => new Set(text.split(/\s+/u).filter((w) => w.length >= 3));

describe('transparent PNG pages', () => {
  const reader = testReader();
  after(() => reader.close());

  for (const dpi of [150, 100]) {
    it(`a statement page at ${dpi} dpi with an alpha channel reads like the opaque one`, async () => {
      const [img] = await renderPages([statementPages()[0]!], dpi);
      const { data, width, height } = img!;
      // Ink as opacity over black: paper fully transparent (RGBA 0,0,0,0), ink opaque black.
      const rgba = Buffer.alloc(width * height * 4);
      for (let i = 0; i < data.length; i++) rgba[i * 4 + 3] = 255 - data[i]!;
      const transparent = await sharp(rgba, { raw: { width, height, channels: 4 } }).withMetadata({ density: dpi }).png().toBuffer();
      const opaque = await sharp(Buffer.from(data), { raw: { width, height, channels: 1 } }).withMetadata({ density: dpi }).png().toBuffer();

      const read = async (png: Buffer) =>
        pageText((await reader.read(new Uint8Array(png), 'png', { maxPages: 100, signal: openSignal() })).pages[0]!);
      const expected = words(await read(opaque));
      assert.ok(expected.size >= 20, `the opaque page reads only ${expected.size} words`);
      const found = words(await read(transparent));
      const common = [...expected].filter((w) => found.has(w)).length;
      assert.ok(common / expected.size >= 0.9, `the transparent page shares ${common} of ${expected.size} words with the opaque one`);
    });
  }
});
