import { gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import { MAX_INFLATED_BYTES } from './pdf-inflation.js';

/**
 * A DecompressionStream that inflates in one synchronous zlib call when its input is complete,
 * installed as the reading thread's global by `pdfjs.ts` (issue 20 §2).
 *
 * Why: pdf.js 5.6 decodes every Flate stream (content streams, embedded font programs) with
 * `new DecompressionStream('deflate')` whenever the global exists, writing the whole compressed
 * buffer and reading the result back. On Node 20 that class is a Duplex adapter over async zlib:
 * each stream crosses the libuv thread pool and a dozen web-stream promise hops. A CPU profile
 * of the text pass of bench:text's 42 statements put 10.5 % of its samples under pdf.js's
 * `asyncGetBytesFromDecompressionStream`, most of it the adapter, not the inflating.
 *
 * Contract (the same as Node's class for what passes through it): a TransformStream of bytes;
 * formats `deflate`, `deflate-raw` and `gzip`, anything else a TypeError at construction (Node 20
 * has no `brotli` either, so pdf.js keeps its own Brotli decoder); the output is the input's
 * decompressed bytes, emitted once when the writable side closes; damaged or truncated input, or
 * output above MAX_INFLATED_BYTES, errors the stream — pdf.js then decodes the stream with its
 * own tolerant JavaScript inflater, as it does when Node's class errors. Memory: it holds the
 * compressed input and the output once; pdf-inflation.ts has already bounded what every stream
 * of the file inflates to before pdf.js opens it, so one stream's output is at most that bound.
 */
const INFLATERS: Record<string, (input: Buffer) => Buffer> = {
  deflate: (input) => inflateSync(input, { maxOutputLength: MAX_INFLATED_BYTES }),
  'deflate-raw': (input) => inflateRawSync(input, { maxOutputLength: MAX_INFLATED_BYTES }),
  gzip: (input) => gunzipSync(input, { maxOutputLength: MAX_INFLATED_BYTES }),
};

export class SyncDecompressionStream extends TransformStream<ArrayBufferView | ArrayBuffer, Uint8Array> {
  constructor(format: string) {
    const inflate = Object.hasOwn(INFLATERS, format) ? INFLATERS[format]! : undefined;
    if (!inflate) throw new TypeError(`The argument 'format' is invalid. Received '${String(format)}'`);
    const chunks: Buffer[] = [];
    super({
      transform(chunk) {
        if (ArrayBuffer.isView(chunk)) chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        else if (chunk instanceof ArrayBuffer) chunks.push(Buffer.from(chunk));
        else throw new TypeError('The "chunk" argument must be an ArrayBuffer or ArrayBufferView');
      },
      flush(controller) {
        // Views of the written chunks, not copies: pdf.js writes its own buffer once and never
        // touches it again.
        const out = inflate(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
        chunks.length = 0;
        controller.enqueue(new Uint8Array(out.buffer, out.byteOffset, out.byteLength));
      },
    });
  }
}
