import sharp, { type Sharp } from 'sharp';
import type { GreyImage } from '../../ports/ocr-engine.js';

/** Raster operations on grey images, done by libvips (off the JS thread, SIMD). */

function input(img: GreyImage): Sharp {
  return sharp(img.data, { raw: { width: img.width, height: img.height, channels: 1 }, limitInputPixels: false });
}

async function output(s: Sharp): Promise<GreyImage> {
  const { data, info } = await s.raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}

/**
 * Rotates clockwise by `quarterTurns` × 90° and then by `degrees` (small, deskew), filling with
 * white. A deskewed page keeps the size of the quarter-turned one (the corners cut off are margin),
 * so page sizes stay those of the original.
 */
export async function rotateGrey(img: GreyImage, quarterTurns: number, degrees: number): Promise<GreyImage> {
  const q = ((quarterTurns % 4) + 4) % 4;
  if (q === 0 && Math.abs(degrees) < 0.05) return img;
  let out = img;
  if (q !== 0) out = await output(input(out).rotate(q * 90));
  if (Math.abs(degrees) >= 0.05) {
    const w = out.width;
    const h = out.height;
    const rotated = await output(input(out).rotate(degrees, { background: { r: 255, g: 255, b: 255 } }));
    const left = Math.max(0, Math.floor((rotated.width - w) / 2));
    const top = Math.max(0, Math.floor((rotated.height - h) / 2));
    out = await output(
      input(rotated).extract({ left, top, width: Math.min(w, rotated.width), height: Math.min(h, rotated.height) }),
    );
  }
  return out;
}

/** Light denoise then global threshold: removes scanner speckle that OCR reads as punctuation. */
export async function binarizeGrey(img: GreyImage, threshold: number): Promise<GreyImage> {
  return output(input(img).median(3).threshold(threshold, { greyscale: true }));
}
