import { randomBytes } from 'node:crypto';

/**
 * multipart/form-data bodies encoded once into a Buffer (RFC 7578), so a load client sends
 * the same bytes many times without re-encoding, and the fuzzer can take them apart.
 */
export type Part =
  | { name: string; value: string; headers?: Record<string, string> }
  | { name: string; filename: string; contentType: string; bytes: Uint8Array; headers?: Record<string, string> };

export interface EncodedBody {
  body: Buffer;
  contentType: string;
  boundary: string;
}

export function encodeMultipart(parts: Part[], boundary = `----klartextload${randomBytes(12).toString('hex')}`): EncodedBody {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\n`;
    if ('bytes' in part) {
      head += `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n`;
    } else {
      head += `Content-Disposition: form-data; name="${part.name}"\r\n`;
    }
    for (const [k, v] of Object.entries(part.headers ?? {})) head += `${k}: ${v}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`, 'utf8'));
    chunks.push('bytes' in part ? Buffer.from(part.bytes) : Buffer.from(part.value, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}`, boundary };
}

/** The analyze form: document_type and one file. */
export function analyzeForm(doc: { documentType: string; bytes: Uint8Array; contentType: string; filename: string }): EncodedBody {
  return encodeMultipart([
    { name: 'document_type', value: doc.documentType },
    { name: 'file', filename: doc.filename, contentType: doc.contentType, bytes: doc.bytes },
  ]);
}
