import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createInflate, inflateSync } from 'node:zlib';
import { LoadFailureSignal } from './load-failures.js';

/**
 * A bound on what a PDF's compressed streams inflate to, checked before pdf.js opens the file.
 *
 * pdf.js decodes a stream whole into one buffer that doubles as it grows, without any limit:
 * a 1 MB file whose content stream inflates to 1 GB of spaces took 20 s and 2.3 GB of memory;
 * 2.5 MB of it took 5.4 GB and hit the 60 s deadline; a 10 MiB upload would inflate to ~10 GB.
 * Every stream of a PDF stands in the file itself (an object stream holds no streams), so the
 * raw bytes list them all: each stream whose filters expand (Flate, LZW, RunLength, also behind
 * ASCIIHex or ASCII85) is decoded here, counting its output chunk by chunk and keeping none of
 * it, and the file is refused once the sum passes the budget.
 *
 * Hostile files lie, so the reading fails closed: every `stream` keyword starts a stream (not
 * only one right after a dictionary), every `/Filter` between it and the previous stream is
 * tried and the largest count taken, zlib data is inflated whatever its filter says, and an
 * image counts in full like any other stream — a stream that calls itself an image can still be
 * a page's content, which pdf.js then reads whole.
 */

/**
 * What a PDF's streams may decode to, all together. A text statement of 100 pages has a few
 * MB; a lossless (Flate) 300-dpi grey scan ~9 MB a page, so such scans of up to ~28 pages pass
 * (JPEG scans are not inflated at all).
 */
export const MAX_INFLATED_BYTES = 256 * 1024 * 1024;

const STREAM = Buffer.from('stream');
/**
 * Input the text decoders (ASCIIHex, ASCII85) may read per file. They read up to their end
 * marker, so a real file's streams take at most its size (10 MiB); decoys without an end marker
 * would each run on to the end of the file, and past this much the file counts as over budget.
 */
const MAX_TEXT_DECODE_BYTES = 64 * 1024 * 1024;
/** How far before `stream` its dictionary is looked for. */
const MAX_DICT_BYTES = 64 * 1024;
/**
 * Flate layers that inflate to at most this much are inflated in one synchronous call; larger
 * ones (and damaged ones) go through the streaming counter, which keeps nothing. The streams
 * of a text statement (its embedded fonts: ~400 KB for two unsubsetted Liberation Sans) took
 * ~10 ms of stream machinery per statement (issue 20 §2); one call takes ~1 ms.
 */
const ONE_CALL_INFLATE_BYTES = 4 * 1024 * 1024;

export async function checkPdfInflation(pdf: Uint8Array, budget = MAX_INFLATED_BYTES): Promise<void> {
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  let left = budget;
  const work = { textBytesLeft: MAX_TEXT_DECODE_BYTES };
  for (const stream of streamsOf(bytes)) {
    const data = bytes.subarray(stream.dataStart);
    let largest = 0;
    for (const filters of candidateFilters(stream.dictionary, data)) {
      largest = Math.max(largest, await decodedSize(data, filters, left + 1, work));
      if (largest > left) break;
    }
    left -= largest;
    if (left < 0) throw new LoadFailureSignal({ kind: 'inflates_too_much', maxMegabytes: Math.round(budget / 1024 / 1024) });
  }
}

interface RawStream {
  /** The text (latin1) between the previous stream's end and this `stream` keyword: its dictionary and maybe more. */
  dictionary: string;
  /** Offset of the stream's first data byte. */
  dataStart: number;
}

/** Every `stream` keyword that is not the end of `endstream`, as pdf.js's parser would take it. */
function* streamsOf(bytes: Buffer): Generator<RawStream> {
  let previousEnd = 0;
  for (let at = bytes.indexOf(STREAM); at !== -1; at = bytes.indexOf(STREAM, at + STREAM.length)) {
    if (at >= 3 && bytes.toString('latin1', at - 3, at) === 'end') {
      previousEnd = at + STREAM.length;
      continue;
    }
    // pdf.js starts the data after the end of the keyword's line.
    let dataStart = at + STREAM.length;
    const eol = bytes.subarray(dataStart, dataStart + 256).findIndex((b) => b === 0x0a || b === 0x0d);
    if (eol !== -1) {
      dataStart += eol;
      if (bytes[dataStart] === 0x0d) dataStart++;
      if (bytes[dataStart] === 0x0a) dataStart++;
    }
    yield { dictionary: bytes.toString('latin1', Math.max(previousEnd, at - MAX_DICT_BYTES), at), dataStart };
  }
}

type Filter = 'flate' | 'lzw' | 'runlength' | 'asciihex' | 'ascii85' | 'other';

/**
 * The filter chains a stream may have: each `/Filter` value before it (a string or another
 * object's dictionary in between may hold a decoy), and Flate once and twice where its data
 * starts like zlib data.
 */
function candidateFilters(dictionary: string, data: Buffer): Filter[][] {
  const chains = new Map<string, Filter[]>();
  for (const m of dictionary.matchAll(/\/Filter\s*(\[[^\]]*\]|\/[^\s/[\]<>()%]+)/g)) {
    const chain = (m[1]!.match(/\/[^\s/[\]<>()%]+/g) ?? []).map((name) => filterOf(unescapedName(name)));
    chains.set(chain.join(' '), chain);
  }
  if (looksLikeZlib(data)) {
    chains.set('flate', ['flate']);
    chains.set('flate flate', ['flate', 'flate']);
  }
  return [...chains.values()];
}

/** A PDF name with its `#xx` escapes decoded (`/Fl#61teDecode` is `/FlateDecode`). */
const unescapedName = (name: string) => name.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** A zlib header: deflate method and a check value that divides by 31 (RFC 1950). */
const looksLikeZlib = (data: Buffer) => data.length >= 2 && (data[0]! & 0x0f) === 8 && (data[0]! * 256 + data[1]!) % 31 === 0;

function filterOf(name: string): Filter {
  switch (name) {
    case '/FlateDecode':
    case '/Fl':
      return 'flate';
    case '/LZWDecode':
    case '/LZW':
      return 'lzw';
    case '/RunLengthDecode':
    case '/RL':
      return 'runlength';
    case '/ASCIIHexDecode':
    case '/AHx':
      return 'asciihex';
    case '/ASCII85Decode':
    case '/A85':
      return 'ascii85';
    default:
      return 'other';
  }
}

/**
 * The decoded size of a stream's data (which runs on to the end of the file: every decoder
 * here stops at its own end marker), up to `limit` — a larger result only says "over". Text
 * encodings in front (ASCIIHex, ASCII85: they only shrink) are decoded first; then leading Flate
 * layers are inflated as a stream into a counter, or LZW and RunLength are counted. A damaged
 * stream counts what decoded before the damage, as pdf.js reads it. Filters that do not expand
 * count nothing.
 */
async function decodedSize(data: Buffer, filters: Filter[], limit: number, work: { textBytesLeft: number }): Promise<number> {
  let layer = data;
  let first = 0;
  for (; filters[first] === 'asciihex' || filters[first] === 'ascii85'; first++) {
    const decoded = filters[first] === 'asciihex' ? asciiHexDecoded(layer) : ascii85Decoded(layer);
    work.textBytesLeft -= decoded.read;
    if (work.textBytesLeft < 0) return limit;
    layer = decoded.data;
  }
  if (filters[first] === 'lzw') return lzwSize(layer, limit);
  if (filters[first] === 'runlength') return runLengthSize(layer, limit);
  let flate = 0;
  while (filters[first + flate] === 'flate') flate++;
  if (flate === 0) return 0;
  const small = inflatedInOneCall(layer, flate, limit);
  if (small !== undefined) return small;
  let size = 0;
  const over = new Error('over the limit');
  const counter = new Writable({
    write(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > limit ? over : null);
    },
  });
  // Z_SYNC_FLUSH: a truncated stream gives what it holds, as pdf.js reads it.
  const inflates = Array.from({ length: flate }, () => createInflate({ finishFlush: constants.Z_SYNC_FLUSH, chunkSize: 64 * 1024 }));
  try {
    await pipeline([Readable.from([layer]), ...inflates, counter]);
  } catch (err) {
    if (err === over) return limit;
    // Not zlib data, or damaged: what decoded so far is what pdf.js gets too.
  }
  return size;
}

/**
 * What `layers` Flate layers inflate to, when every layer is small: the same count as the
 * streaming path gives, or undefined to take that path (a layer over ONE_CALL_INFLATE_BYTES, or
 * data zlib refuses part-way: the streaming path then counts what decoded before the damage).
 * Data that does not start like zlib gives nothing, as zlib refuses it before any output.
 */
function inflatedInOneCall(data: Buffer, layers: number, limit: number): number | undefined {
  let out = data;
  for (let i = 0; i < layers; i++) {
    if (!looksLikeZlib(out)) return 0;
    try {
      out = inflateSync(out, { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: Math.min(limit + 1, ONE_CALL_INFLATE_BYTES) });
    } catch {
      return undefined;
    }
  }
  return Math.min(out.length, limit);
}

/** RunLengthDecode output size (ISO 32000-1, 7.4.5), counted without producing it. */
function runLengthSize(data: Buffer, limit: number): number {
  let size = 0;
  let i = 0;
  while (i < data.length && size <= limit) {
    const n = data[i]!;
    if (n === 128) break;
    if (n < 128) {
      size += n + 1;
      i += n + 2;
    } else {
      size += 257 - n;
      i += 2;
    }
  }
  return size;
}

/**
 * LZWDecode output size (ISO 32000-1, 7.4.4; EarlyChange 1, the default), counted without
 * producing it: each table entry is only its length, one more than the entry it extends.
 */
function lzwSize(data: Buffer, limit: number): number {
  const lengths = new Uint16Array(4096).fill(1, 0, 256);
  let codeLength = 9;
  let next = 258;
  let previous = -1;
  let size = 0;
  let bits = 0;
  let bitCount = 0;
  for (let i = 0; i < data.length && size <= limit; ) {
    while (bitCount < codeLength && i < data.length) {
      bits = ((bits << 8) | data[i++]!) & 0xffffff;
      bitCount += 8;
    }
    if (bitCount < codeLength) break;
    const code = (bits >>> (bitCount - codeLength)) & ((1 << codeLength) - 1);
    bitCount -= codeLength;
    if (code === 256) {
      codeLength = 9;
      next = 258;
      previous = -1;
      continue;
    }
    if (code === 257) break;
    if (previous === -1) {
      if (code > 255) break;
      size += 1;
    } else {
      if (code > next) break;
      const length = code < next ? lengths[code]! : lengths[previous]! + 1;
      size += length;
      if (next < 4096) lengths[next++] = lengths[previous]! + 1;
    }
    previous = code;
    if (next + 1 >= 1 << codeLength && codeLength < 12) codeLength++;
  }
  return size;
}

interface TextDecoded {
  data: Buffer;
  /** Input bytes read, up to and including the end marker. */
  read: number;
}

/** ASCIIHexDecode (ISO 32000-1, 7.4.2): hex digits up to `>`, anything else skipped. */
function asciiHexDecoded(stream: Buffer): TextDecoded {
  const end = stream.indexOf(0x3e);
  const data = end === -1 ? stream : stream.subarray(0, end + 1);
  const out = Buffer.alloc(Math.ceil(data.length / 2));
  let n = 0;
  let high = -1;
  let read = 0;
  for (const byte of data) {
    read++;
    if (byte === 0x3e) break;
    const digit = byte >= 0x30 && byte <= 0x39 ? byte - 0x30 : (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x66 ? (byte | 0x20) - 0x57 : -1;
    if (digit === -1) continue;
    if (high === -1) high = digit;
    else {
      out[n++] = (high << 4) | digit;
      high = -1;
    }
  }
  if (high !== -1) out[n++] = high << 4;
  return { data: out.subarray(0, n), read };
}

/** ASCII85Decode (ISO 32000-1, 7.4.3): groups of five `!`–`u` to four bytes, `z` for four zeros, up to `~>`. */
function ascii85Decoded(stream: Buffer): TextDecoded {
  const end = stream.indexOf(0x7e);
  const data = end === -1 ? stream : stream.subarray(0, end + 1);
  // `z` stands for four bytes: at most four output bytes per input byte.
  const out = Buffer.alloc(data.length * 4 + 4);
  let n = 0;
  let group = 0;
  let count = 0;
  let read = 0;
  for (const byte of data) {
    read++;
    if (byte === 0x7e) break;
    if (byte === 0x7a && count === 0) {
      out.writeUInt32BE(0, n);
      n += 4;
      continue;
    }
    if (byte < 0x21 || byte > 0x75) continue;
    group = group * 85 + (byte - 0x21);
    if (++count === 5) {
      out.writeUInt32BE(group >>> 0, n);
      n += 4;
      group = 0;
      count = 0;
    }
  }
  if (count > 1) {
    for (let pad = count; pad < 5; pad++) group = group * 85 + 84;
    const last = Buffer.alloc(4);
    last.writeUInt32BE(group >>> 0);
    last.copy(out, n, 0, count - 1);
    n += count - 1;
  }
  return { data: out.subarray(0, n), read };
}
