/**
 * Upload formats recognised from their first bytes (SPEC §2); the declared Content-Type is
 * never trusted. PDF readers accept a header anywhere in the first 1024 bytes (ISO 32000-1,
 * implementation note), so the same tolerance applies here.
 */
export type FileKind = 'pdf' | 'jpeg' | 'png';

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function sniffFileKind(bytes: Uint8Array): FileKind | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= PNG_MAGIC.length && buf.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return 'png';
  const head = buf.subarray(0, 1024);
  if (head.indexOf(PDF_MAGIC) !== -1) return 'pdf';
  return null;
}

/** Image formats that are refused by name rather than as "not a PDF, JPG or PNG". */
export type UnsupportedImageFormat = 'HEIC' | 'AVIF';

/** HEIF brands of still images and sequences (ISO/IEC 23008-12): a phone's HEIC photo. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);
/** AV1 image brands (AVIF); an AVIF file also lists mif1, so these are looked for first. */
const AVIF_BRANDS = new Set(['avif', 'avis']);

/**
 * Names a photo format a phone or browser sends that the API does not read — HEIC (the iPhone
 * camera's default) and AVIF — so that the error can say what to send instead. Both are ISO
 * BMFF files: a first box of type 'ftyp' at byte 4 whose major brand (bytes 8–12) and
 * compatible brands (from byte 16 to the box's end) name the format. Anything else is null.
 */
export function unsupportedImageFormat(bytes: Uint8Array): UnsupportedImageFormat | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length < 16 || buf.toString('latin1', 4, 8) !== 'ftyp') return null;
  const boxEnd = Math.min(buf.readUInt32BE(0), buf.length, 1024);
  const brands = [buf.toString('latin1', 8, 12)];
  for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(buf.toString('latin1', at, at + 4));
  if (brands.some((b) => AVIF_BRANDS.has(b))) return 'AVIF';
  if (brands.some((b) => HEIF_BRANDS.has(b))) return 'HEIC';
  return null;
}

/** 10 MiB: the contract's "at most 10 MB", as 10 × 1024 × 1024 bytes (SPEC §2). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
