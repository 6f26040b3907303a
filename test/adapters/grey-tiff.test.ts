/**
 * The page file native tesseract is fed (adapters/ocr/grey-tiff.ts): an uncompressed grey TIFF
 * that a TIFF reader (libvips through sharp, as leptonica reads it) decodes to exactly the
 * pixels given, at the size given — also for a width that is odd, and for a 1-pixel image.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import sharp from 'sharp';
import { encodeGreyTiff } from '../../src/adapters/ocr/grey-tiff.js';

async function decode(file: Buffer): Promise<{ data: Uint8Array; width: number; height: number; channels: number }> {
  const meta = await sharp(file).metadata();
  const { data, info } = await sharp(file).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height, channels: meta.channels ?? 0 };
}

describe('encodeGreyTiff', () => {
  test('decodes to the same grey pixels at the same size', async () => {
    const width = 37;
    const height = 23;
    const data = new Uint8Array(width * height).map((_, i) => (i * 7 + Math.floor(i / width) * 13) % 256);
    const back = await decode(encodeGreyTiff(data, width, height));
    assert.equal(back.width, width);
    assert.equal(back.height, height);
    assert.equal(back.channels, 1);
    assert.deepEqual(back.data, data);
  });

  test('a 1 × 1 image', async () => {
    const back = await decode(encodeGreyTiff(new Uint8Array([200]), 1, 1));
    assert.deepEqual([back.width, back.height, back.channels, [...back.data]], [1, 1, 1, [200]]);
  });

  test('refuses pixels that do not match the size', () => {
    assert.throws(() => encodeGreyTiff(new Uint8Array(5), 2, 3), /needs 6 bytes/u);
  });
});
