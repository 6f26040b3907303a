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

/** 10 MiB: the contract's "at most 10 MB", as 10 × 1024 × 1024 bytes (SPEC §2). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
