import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { solidBoxes, whitenSolidBoxes } from '../../src/pipeline/reading/ocr/solid-boxes.js';
import type { GreyImage } from '../../src/ports/ocr-engine.js';

/**
 * Redaction bars and scanner borders are painted paper-white before OCR (issue 22: the engine's
 * one global threshold, pulled towards black by the boxes of a redacted photo, dropped its grey
 * print). Glyph-sized ink, rules and white-on-dark bands stay as they are.
 */
const DPI = 300;

function paper(width = 600, height = 400): GreyImage {
  return { data: new Uint8Array(width * height).fill(255), width, height };
}

function fill(img: GreyImage, x0: number, y0: number, w: number, h: number, v: number): void {
  for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) img.data[y * img.width + x] = v;
}

const at = (img: GreyImage, x: number, y: number): number => img.data[y * img.width + x]!;

describe('solid boxes before OCR', () => {
  it('paints a redaction bar and its grey rim white and keeps the print beside it', () => {
    const img = paper();
    fill(img, 100, 100, 200, 60, 10); // a bar 0.67 × 0.2 in
    fill(img, 99, 100, 1, 60, 120); // anti-aliased rim
    fill(img, 320, 110, 6, 40, 40); // a glyph stroke beside it, 0.02 in wide
    const out = whitenSolidBoxes(img, DPI);
    assert.equal(at(out, 150, 130), 255);
    assert.equal(at(out, 99, 130), 255);
    assert.equal(at(out, 322, 130), 40);
    assert.equal(at(img, 150, 130), 10, 'the input is not changed');
  });

  it('keeps ink smaller than a box on either side: a bullet, a rule, a bold stroke', () => {
    const img = paper();
    fill(img, 20, 20, 30, 30, 0); // a 0.1 in bullet
    fill(img, 20, 100, 500, 4, 0); // a table rule
    fill(img, 20, 200, 12, 80, 0); // a heavy vertical stroke
    assert.deepEqual(solidBoxes(img, DPI), []);
    assert.equal(whitenSolidBoxes(img, DPI), img, 'nothing to paint: the same image');
  });

  it('keeps a dark band with white lettering in it (its holes keep the fill low)', () => {
    const img = paper();
    fill(img, 50, 50, 400, 80, 20);
    for (let x = 70; x < 430; x += 24) fill(img, x, 70, 10, 40, 255); // letters in white
    assert.deepEqual(solidBoxes(img, DPI), []);
  });

  it('finds a box at the scale of the page: at 100 dpi a 30 px bar is 0.3 in', () => {
    const img = paper();
    fill(img, 10, 10, 100, 30, 0);
    assert.equal(solidBoxes(img, 100).length, 1);
    assert.equal(solidBoxes(img, 600).length, 0);
  });
});
