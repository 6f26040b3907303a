import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import sharp from 'sharp';
import { photoScene } from '../../scripts/fixtures/photos.js';
import { renderPages } from '../../scripts/fixtures/scans.js';
import { CLEAN } from '../../scripts/fixtures/scans.js';
import { scanJpeg } from '../../scripts/fixtures/degrade.js';
import { scanPages as scanPageSpecs } from '../../scripts/fixtures/texts.js';
import { decodeImage } from '../../src/pipeline/reading/image.js';
import { evenLight } from '../../src/pipeline/reading/photo/even-light.js';
import { flattenPhotographedPage } from '../../src/pipeline/reading/photo/page-flatten.js';
import { findPageQuad } from '../../src/pipeline/reading/photo/page-quad.js';
import { warpQuadToRect, type Quad } from '../../src/pipeline/reading/photo/perspective.js';
import type { GreyImage } from '../../src/ports/ocr-engine.js';

/**
 * The photo flattener on real rasters: the corner finder against photographed pages whose
 * corners the generator knows, the warp against a drawn trapezoid, and scans and rendered pages
 * (which fill their image) passing through untouched.
 */
const LIMITS = { maxInputPixels: 100_000_000, maxLongSide: 3600, upscaleBelowDpi: 200 };

function toGrey(rgb: Uint8Array, width: number, height: number): GreyImage {
  const data = new Uint8Array(width * height);
  for (let i = 0, j = 0; j < data.length; i += 3, j++) data[j] = (rgb[i]! * 77 + rgb[i + 1]! * 150 + rgb[i + 2]! * 29) >> 8;
  return { data, width, height };
}

const cornerError = (found: Quad, truth: readonly (readonly [number, number])[]): number[] =>
  found.map((p, i) => Math.hypot(p[0] - truth[i]![0], p[1] - truth[i]![1]));

describe('page corners of a photographed page', () => {
  const [page] = [scanPageSpecs()[0]!];

  for (const seed of [1, 2, 3]) {
    test(`seed ${seed}: each corner within 3 px (trapezoid, turned, shadow, 1200 × 1600)`, async () => {
      const [img] = await renderPages([page], 120);
      const scene = photoScene(img!, seed, { width: 1200, height: 1600 });
      const result = findPageQuad(toGrey(scene.rgb, scene.width, scene.height));
      assert.ok(result.found, `not found: ${JSON.stringify(result)}`);
      const errors = cornerError(result.quad, scene.corners);
      assert.ok(Math.max(...errors) <= 3, `corner errors ${errors.map((e) => e.toFixed(1)).join(', ')}`);
    });
  }

  test('a bare trapezoid drawn on a dark ground: corners within 2 px', () => {
    const W = 900;
    const H = 1200;
    const truth: Quad = [
      [140, 170],
      [760, 120],
      [700, 1080],
      [180, 1010],
    ];
    const data = new Uint8Array(W * H).fill(60);
    // Paper inside the quad (every pixel whose centre lies inside), nothing else.
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        let inside = true;
        for (let j = 0; j < 4; j++) {
          const a = truth[j]!;
          const b = truth[(j + 1) % 4]!;
          if ((b[0] - a[0]) * (y + 0.5 - a[1]) - (b[1] - a[1]) * (x + 0.5 - a[0]) < 0) inside = false;
        }
        if (inside) data[y * W + x] = 225;
      }
    }
    const result = findPageQuad({ data, width: W, height: H });
    assert.ok(result.found, `not found: ${JSON.stringify(result)}`);
    const errors = cornerError(result.quad, truth);
    assert.ok(Math.max(...errors) <= 2, `corner errors ${errors.map((e) => e.toFixed(1)).join(', ')}`);
  });
});

describe('flattening', () => {
  test('a photographed page comes back upright at 300 dpi A4, its text where the page had it', async () => {
    const [img] = await renderPages([scanPageSpecs()[0]!], 120);
    const scene = photoScene(img!, 5, { width: 1200, height: 1600, shadow: false });
    const grey = toGrey(scene.rgb, scene.width, scene.height);
    const out = flattenPhotographedPage({ image: grey, dpi: 150 }, { maxLongSide: 3600 });
    assert.ok(out.quad, 'the page was not found');
    assert.equal(out.dpi, 300);
    assert.deepEqual([out.image.width, out.image.height], [2480, 3508]);
    // The flattened page against the page as rendered, both at 120 dpi: ink where the page has
    // ink, within 3 px (the warp pulls the outline in by 0.3 % of the page's size).
    const small = await sharp(out.image.data, { raw: { width: out.image.width, height: out.image.height, channels: 1 } })
      .resize(img!.width, img!.height, { fit: 'fill' })
      .toColourspace('b-w')
      .raw()
      .toBuffer();
    let dark = 0;
    let agree = 0;
    const w = img!.width;
    const inkNear = (x: number, y: number): boolean => {
      for (let dy = -3; dy <= 3; dy++) {
        for (let dx = -3; dx <= 3; dx++) {
          const v = small[(y + dy) * w + x + dx];
          // Paper ~210, ink ~35 after the scene's light: ink stays well below 150.
          if (v !== undefined && v < 150) return true;
        }
      }
      return false;
    };
    for (let y = 3; y < img!.height - 3; y++) {
      for (let x = 3; x < w - 3; x++) {
        if (img!.data[y * w + x]! < 128) {
          dark++;
          if (inkNear(x, y)) agree++;
        }
      }
    }
    assert.ok(dark > 1000);
    assert.ok(agree / dark > 0.95, `only ${((100 * agree) / dark).toFixed(0)} % of the ink pixels are ink after flattening`);
  });

  test('even light: paper under a soft shadow band comes out as white as paper outside it, ink stays dark', () => {
    const W = 1000;
    const H = 1200;
    const data = new Uint8Array(W * H);
    const isInk = (x: number, y: number): boolean => y % 40 >= 20 && y % 40 < 24 && x % 50 < 35; // strokes 4 px thick
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        // A band 300 px wide, darkening by half, its edges ramping over 40 px.
        const d = Math.abs(x + 0.5 * y - 700) - 150;
        const light = 1 - 0.5 * Math.min(1, Math.max(0, 0.5 - d / 40));
        data[y * W + x] = Math.round((isInk(x, y) ? 30 : 220) * light);
      }
    }
    const out = evenLight({ data, width: W, height: H });
    let paperMin = 255;
    let inkMax = 0;
    // Leave out the outermost 8 px (page margin; the closing's window is cut off there).
    for (let y = 8; y < H - 8; y++) {
      for (let x = 8; x < W - 8; x++) {
        // Leave out pixels right next to a stroke (blurred by the interpolation).
        const near = isInk(x, y) || isInk(x, y - 2) || isInk(x, y + 2) || isInk(x - 2, y) || isInk(x + 2, y);
        if (isInk(x, y)) inkMax = Math.max(inkMax, out.data[y * W + x]!);
        else if (!near) paperMin = Math.min(paperMin, out.data[y * W + x]!);
      }
    }
    assert.ok(paperMin >= 225, `paper as dark as ${paperMin}`);
    assert.ok(inkMax <= 90, `ink as light as ${inkMax}`);
  });

  test('the warp maps a quad onto the rectangle: its corners land on the corners', () => {
    const src: GreyImage = { data: new Uint8Array(400 * 300).fill(255), width: 400, height: 300 };
    const quad: Quad = [
      [50, 40],
      [350, 60],
      [330, 260],
      [70, 250],
    ];
    // Dark 3 × 3 dots on the quad's corners (inside by 2 px) and in the middle of its diagonals.
    const dot = (x: number, y: number): void => {
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) src.data[(Math.round(y) + dy) * 400 + Math.round(x) + dx] = 0;
    };
    for (const [x, y] of quad) dot(x + (200 - x) * 0.02, y + (150 - y) * 0.02);
    const out = warpQuadToRect(src, quad, 200, 100);
    const darkest = (x0: number, y0: number, x1: number, y1: number): number => {
      let v = 255;
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) v = Math.min(v, out.data[y * 200 + x]!);
      return v;
    };
    assert.ok(darkest(0, 0, 8, 8) < 100, 'top left');
    assert.ok(darkest(192, 0, 200, 8) < 100, 'top right');
    assert.ok(darkest(192, 92, 200, 100) < 100, 'bottom right');
    assert.ok(darkest(0, 92, 8, 100) < 100, 'bottom left');
    assert.equal(darkest(40, 30, 160, 70), 255, 'nothing dark in the middle');
  });

  test('a flat scan passes through unchanged: same object, no quad', async () => {
    const [img] = await renderPages([scanPageSpecs()[1]!], 300);
    const jpeg = await scanJpeg(img!, { ...CLEAN, seed: 9, skew: 0.6 });
    const decoded = await decodeImage(jpeg, LIMITS);
    assert.deepEqual(findPageQuad(decoded.image), { found: false, reason: 'fills_image' });
    const out = flattenPhotographedPage(decoded, { maxLongSide: 3600 });
    assert.equal(out, decoded);
  });

  test('a rendered white page, a blank image and a dark image pass through unchanged', async () => {
    const [img] = await renderPages([scanPageSpecs()[2]!], 150);
    const rendered = { image: img!, dpi: 150 };
    assert.equal(flattenPhotographedPage(rendered, { maxLongSide: 3600 }), rendered);
    for (const fill of [255, 30]) {
      const plain = { image: { data: new Uint8Array(800 * 1000).fill(fill), width: 800, height: 1000 }, dpi: 100 };
      assert.equal(flattenPhotographedPage(plain, { maxLongSide: 3600 }), plain);
    }
  });
});
