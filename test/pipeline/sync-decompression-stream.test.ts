/**
 * The reading thread's DecompressionStream (reading/sync-decompression-stream.ts, installed by
 * reading/pdfjs.ts): the same bytes as Node's own class for the formats Node has, the same
 * refusals (unknown format, damaged input), and pdf.js reads a PDF's words through it exactly
 * as through Node's class.
 */
import assert from 'node:assert/strict';
import { deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, it } from 'node:test';

// Taken before anything loads pdf.js (reading/pdfjs.ts replaces the global).
const NativeDecompressionStream = globalThis.DecompressionStream;

type StreamClass = new (format: string) => { readable: ReadableStream<Uint8Array>; writable: WritableStream<ArrayBufferView | ArrayBuffer> };

/** Decompresses as pdf.js does: one write, close, read to the end. */
async function decompress(Ctor: StreamClass, format: string, input: Uint8Array): Promise<Buffer> {
  const { readable, writable } = new Ctor(format);
  const writer = writable.getWriter();
  writer.write(input).then(() => writer.close()).catch(() => undefined);
  const chunks: Uint8Array[] = [];
  for await (const chunk of readable) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Bytes of a content stream's kind: text operators with repeats, so they compress. */
function contentLike(size: number): Buffer {
  const parts: string[] = [];
  for (let i = 0; parts.join('').length < size; i++) parts.push(`BT /F1 10 Tf 56 ${800 - (i % 60) * 12} Td (Buchung ${i * 7919 % 100000} EUR) Tj ET\n`);
  return Buffer.from(parts.join('').slice(0, size), 'latin1');
}

describe('SyncDecompressionStream', async () => {
  const { SyncDecompressionStream } = await import('../../src/pipeline/reading/sync-decompression-stream.js');

  it('gives the same bytes as Node\'s DecompressionStream for deflate, deflate-raw and gzip', async () => {
    for (const size of [0, 1, 4096, 300_000]) {
      const plain = contentLike(size);
      const inputs = { deflate: deflateSync(plain), 'deflate-raw': deflateRawSync(plain), gzip: gzipSync(plain) };
      for (const [format, input] of Object.entries(inputs)) {
        const ours = await decompress(SyncDecompressionStream, format, input);
        const nodes = await decompress(NativeDecompressionStream as StreamClass, format, input);
        assert.ok(ours.equals(plain), `${format}, ${size} bytes: not the input`);
        assert.ok(ours.equals(nodes), `${format}, ${size} bytes: differs from Node's class`);
      }
    }
  });

  it('errors on truncated input, as Node\'s class does (pdf.js then inflates with its own decoder)', async () => {
    const cut = deflateSync(contentLike(20_000)).subarray(0, 300);
    await assert.rejects(decompress(NativeDecompressionStream as StreamClass, 'deflate', cut));
    await assert.rejects(decompress(SyncDecompressionStream, 'deflate', cut));
  });

  it('refuses a format Node 20 does not have with a TypeError at construction', () => {
    assert.throws(() => new NativeDecompressionStream('brotli' as 'deflate'), TypeError);
    assert.throws(() => new SyncDecompressionStream('brotli'), TypeError);
    assert.throws(() => new SyncDecompressionStream('toString'), TypeError);
  });

  it('is the global pdf.js inflates with, and pdf.js reads the same words through it as through Node\'s class', async () => {
    const { statementLines, textPdf } = await import('../support/documents.js');
    const { extractPageText, openPdf } = await import('../../src/pipeline/reading/pdf-text.js');
    assert.equal(globalThis.DecompressionStream as unknown, SyncDecompressionStream);
    const pdf = await textPdf([statementLines(), statementLines('2')]);
    const words = async () => {
      const doc = await openPdf(pdf);
      try {
        const pages = [];
        for (let n = 1; n <= doc.numPages; n++) pages.push((await extractPageText(doc, n)).cells);
        return pages;
      } finally {
        await doc.destroy();
      }
    };
    let made = 0;
    globalThis.DecompressionStream = class extends SyncDecompressionStream {
      constructor(format: string) {
        super(format);
        made++;
      }
    } as unknown as typeof DecompressionStream;
    let ours;
    try {
      ours = await words();
    } finally {
      globalThis.DecompressionStream = NativeDecompressionStream;
    }
    let nodes;
    try {
      nodes = await words();
    } finally {
      globalThis.DecompressionStream = SyncDecompressionStream as unknown as typeof DecompressionStream;
    }
    assert.ok(made > 0, 'pdf.js did not inflate through the global');
    assert.ok(ours[0]!.length > 20, `${ours[0]!.length} words`);
    assert.deepEqual(ours, nodes);
  });
});
