import sharp from 'sharp';
import type { GreyImage } from '../../ports/ocr-engine.js';

/**
 * A page preview: the grey page image scaled to `widthPx` (never up) as a JPEG. Coordinates in
 * fractions of the page stay valid because the whole image is scaled, never cropped.
 */
export async function greyPreviewJpeg(image: GreyImage, widthPx: number): Promise<Uint8Array> {
  const width = Math.max(1, Math.min(image.width, Math.round(widthPx)));
  const out = await sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
    raw: { width: image.width, height: image.height, channels: 1 },
  })
    .resize({ width })
    .jpeg({ quality: 72 })
    .toBuffer();
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

/** The resolution at which a page `pageWidthPt` points wide renders `widthPx` pixels wide. */
export function previewDpi(pageWidthPt: number, widthPx: number): number {
  return Math.max(24, Math.min(200, (widthPx / Math.max(1, pageWidthPt)) * 72));
}
