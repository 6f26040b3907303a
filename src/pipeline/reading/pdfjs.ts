/**
 * The reading layer's one import of pdf.js (pdfjs-dist 5.6 legacy build, the one for Node 20),
 * with the built-ins its polyfills replace put back.
 *
 * The legacy build bundles core-js, and on Node 20 (V8 11.3) core-js does not only add what is
 * missing: it REPLACES Array.prototype.push (V8 lacks an error for non-writable lengths),
 * JSON.parse and JSON.stringify (source-text access, well-formed output) with JavaScript
 * versions — for the whole thread, pdf.js's own parsing and every other module on it. Issue
 * 20 §2: the text pass of a generated two-page statement cost 39–44 ms CPU with them and
 * 30–33 ms with the built-ins put back (the core-js push alone was ~5 % of the pass's
 * samples). Nothing pdf.js does depends on the replacements' differences (a non-writable
 * array length, JSON source text).
 *
 * pdf.js imports its worker half (pdf.worker.mjs, with the same polyfills) at the first
 * getDocument when it runs without a worker thread of its own, as in Node; it is imported here
 * instead and handed over as `globalThis.pdfjsWorker`, which pdf.js takes before importing, so
 * both halves are loaded before the built-ins are put back. ESM evaluates this file's imports
 * in order: `native-builtins.ts` takes the built-ins before either half runs.
 *
 * pdf.js inflates every Flate stream through the global DecompressionStream; on this thread that
 * global is replaced by one that inflates in one synchronous zlib call
 * (`sync-decompression-stream.ts`, why and its contract there). The service's own thread never
 * loads this file, so only threads that read PDFs have it.
 *
 * Two more changes for the text pass's CPU (issue 20 §2), each in its own file: pdf.js's text
 * state is copied without making the original a prototype (`pdfjs-text-state.ts`), and the two
 * halves talk over a port that does not clone text-content chunks (`pdfjs-port.ts`, used by
 * openPdf).
 */
import { restoreNativeBuiltins } from './native-builtins.js';
import * as pdfjsWorker from 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { SyncDecompressionStream } from './sync-decompression-stream.js';
import { replaceTextStateCloneAtFirstUse } from './pdfjs-text-state.js';

(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfjsWorker;
restoreNativeBuiltins();
(globalThis as { DecompressionStream?: unknown }).DecompressionStream = SyncDecompressionStream;
replaceTextStateCloneAtFirstUse();

export const { getDocument, OPS, PDFWorker } = pdfjs;
/** pdf.js's worker half, for a port of the reading thread's own (pdfjs-port.ts). */
export const { WorkerMessageHandler } = pdfjsWorker;
export type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
