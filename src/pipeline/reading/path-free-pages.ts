import { constants, inflateSync } from 'node:zlib';
import type { PDFPageProxy } from './pdfjs.js';

/**
 * A cheap look at a page's content stream that proves the page paints no path, so it draws no
 * rule and pdf.js's operator list need not be built for its rules (issue 20 §2: the operator
 * list — a second full parse of the content stream, the glyphs of every text run built again
 * and, with `disableFontFace`, every glyph's outline — cost a third of a text statement's read,
 * and most text pages draw no line at all).
 *
 * Contract: the function `pathFreePages(pdf)` gives answers true only when the page's operator
 * list can hold no stroked or filled `constructPath`, so `pageRules` would find none; whenever
 * it cannot be sure it answers false and the caller builds the operator list as before. The
 * file is read from its raw bytes (pdf-lib's full load cost as much as it saved), and it is
 * sure only when
 * - the page object pdf.js reads (its object and generation number) stands exactly once in the
 *   file as `n g obj` (not in an object stream, not redefined by an incremental update; a file
 *   with object streams and more than one cross-reference section is not vouched for at all,
 *   as a later section may move an object into a stream), with no /Annots (or an empty array) (pdf.js adds annotation appearances to the operator list);
 * - its /Contents is a reference or an array of references to streams that each stand exactly
 *   once in the file, unfiltered or FlateDecode without DecodeParms, inflating to at most
 *   MAX_CONTENT_BYTES;
 * - outside strings, names and comments every token is a number, `true`/`false`/`null` or an
 *   operator known not to paint a path (a path-painting operator — S s f F f* B B* b b* — or
 *   any token it does not know, glued operators included, means "maybe");
 * - the content holds no inline image (`ID`: its binary data could hide a token) and no `Do`
 *   (a form XObject is drawn inline in the operator list, with its paths).
 * Type 3 glyph procedures and tiling patterns are not part of the page's operator list (pdf.js
 * keeps them with the font or pattern), so they cannot add rules.
 */

/** Content larger than this is left to pdf.js (the scan is linear, but the inflated copy is not free). */
const MAX_CONTENT_BYTES = 8 * 1024 * 1024;

/** pdf.js's operators that paint nothing as a path: state, text, colour, marked content, path construction without paint. */
const NON_PAINTING = new Set([
  'w', 'J', 'j', 'M', 'd', 'ri', 'i', 'gs', 'q', 'Q', 'cm',
  'm', 'l', 'c', 'v', 'y', 'h', 're', 'n', 'W', 'W*',
  'BT', 'ET', 'Tc', 'Tw', 'Tz', 'TL', 'Tf', 'Tr', 'Ts', 'Td', 'TD', 'Tm', 'T*', 'Tj', 'TJ', "'", '"',
  'd0', 'd1', 'CS', 'cs', 'SC', 'SCN', 'sc', 'scn', 'G', 'g', 'RG', 'rg', 'K', 'k', 'sh',
  'BI', 'EI', 'MP', 'DP', 'BMC', 'BDC', 'EMC', 'BX', 'EX',
  'true', 'false', 'null',
]);
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

/** For the PDF `pdf`: whether a page (as pdf.js opened it from the same bytes) certainly paints no path. */
export function pathFreePages(pdf: Uint8Array): (page: PDFPageProxy) => boolean {
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  let text: string | undefined;
  return (page) => {
    try {
      if (!page.ref) return false;
      if (text === undefined) {
        text = bytes.toString('latin1');
        const sections = text.split('startxref').length - 1;
        if (sections > 1 && text.includes('/ObjStm')) text = '';
      }
      if (text === '') return false;
      const dict = objectDictionary(text, page.ref.num, page.ref.gen);
      if (!dict || !noAnnotations(dict.Annots)) return false;
      const contents = dict.Contents;
      if (contents === undefined) return true;
      const refs = (Array.isArray(contents) ? contents : [contents]) as unknown[];
      const parts: Buffer[] = [];
      let size = 0;
      for (const ref of refs) {
        if (!isRef(ref)) return false;
        const data = streamData(bytes, text, ref, MAX_CONTENT_BYTES - size);
        if (!data) return false;
        size += data.length + 1;
        parts.push(data, NEWLINE); // streams join at token boundaries
      }
      return scanContent(Buffer.concat(parts)) === 'free';
    } catch {
      return false;
    }
  };
}

const NEWLINE = Buffer.from('\n');
/** No /Annots entry, or an empty array (pdf-lib writes `/Annots [ ]`); a reference is not looked up. */
const noAnnotations = (annots: Value | undefined) => annots === undefined || (Array.isArray(annots) && annots.length === 0);
interface Ref { num: number; gen: number }
const isRef = (v: unknown): v is Ref => typeof v === 'object' && v !== null && 'num' in v && 'gen' in v;
type Value = number | string | boolean | null | Ref | Value[] | { [key: string]: Value };

/** Where `num gen obj` starts its value, when it stands exactly once in the file. */
function objectStart(text: string, num: number, gen: number): number | null {
  const re = new RegExp(`(?<![0-9])${num}[\\s]+${gen}[\\s]+obj(?![A-Za-z0-9])`, 'g');
  const first = re.exec(text);
  if (!first || re.exec(text)) return null;
  return first.index + first[0].length;
}

function objectDictionary(text: string, num: number, gen: number): Record<string, Value> | null {
  const at = objectStart(text, num, gen);
  if (at === null) return null;
  const parsed = parseValue(text, skipSpace(text, at));
  const value = parsed?.value;
  return value && typeof value === 'object' && !Array.isArray(value) && !isRef(value) ? value : null;
}

/** A stream object's decoded data (unfiltered or one FlateDecode), or null when unsure. */
function streamData(bytes: Buffer, text: string, ref: Ref, maxBytes: number): Buffer | null {
  const at = objectStart(text, ref.num, ref.gen);
  if (at === null) return null;
  const parsed = parseValue(text, skipSpace(text, at));
  const dict = parsed?.value;
  if (!parsed || !dict || typeof dict !== 'object' || Array.isArray(dict) || isRef(dict)) return null;
  let k = skipSpace(text, parsed.end);
  if (!text.startsWith('stream', k)) return null;
  k += 'stream'.length;
  if (text[k] === '\r') k++;
  if (text[k] === '\n') k++;
  if ('DecodeParms' in dict || 'DP' in dict) return null;
  const filter = Array.isArray(dict.Filter) && dict.Filter.length === 1 ? dict.Filter[0] : dict.Filter;
  if (filter === '/FlateDecode' || filter === '/Fl') {
    try {
      return inflateSync(bytes.subarray(k), { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: Math.max(1, maxBytes) });
    } catch {
      return null; // damaged or too large: pdf.js may still read part of it
    }
  }
  if (filter !== undefined) return null;
  // Up to `endstream` whatever /Length says: pdf.js reads that far when the length is wrong, and
  // bytes past the content's end can only add tokens, never hide one.
  const end = text.indexOf('endstream', k);
  const stop = end < 0 ? bytes.length : end;
  return stop - k > maxBytes ? null : bytes.subarray(k, stop);
}

function skipSpace(text: string, i: number): number {
  for (;;) {
    while (i < text.length && WHITESPACE.has(text.charCodeAt(i))) i++;
    if (text[i] !== '%') return i;
    while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++;
  }
}

/**
 * One PDF object value at `i`: dictionaries, arrays, names (with their slash), numbers, references, booleans, null; strings come back as ''. Null when it cannot be parsed.
 */
function parseValue(text: string, i: number, depth = 0): { value: Value; end: number } | null {
  if (depth > 32 || i >= text.length) return null;
  if (text.startsWith('<<', i)) {
    const dict: Record<string, Value> = {};
    let k = skipSpace(text, i + 2);
    while (!text.startsWith('>>', k)) {
      const key = parseValue(text, k, depth + 1);
      if (!key || typeof key.value !== 'string' || !key.value.startsWith('/')) return null;
      const value = parseValue(text, skipSpace(text, key.end), depth + 1);
      if (!value) return null;
      dict[key.value.slice(1)] = value.value;
      k = skipSpace(text, value.end);
    }
    return { value: dict, end: k + 2 };
  }
  if (text[i] === '[') {
    const list: Value[] = [];
    let k = skipSpace(text, i + 1);
    while (text[k] !== ']') {
      const item = parseValue(text, k, depth + 1);
      if (!item) return null;
      list.push(item.value);
      k = skipSpace(text, item.end);
    }
    return { value: list, end: k + 1 };
  }
  if (text[i] === '(') return { value: '', end: afterLiteralString(Buffer.from(text.slice(i, i + 65536), 'latin1'), 0) + i };
  if (text[i] === '<') {
    const end = text.indexOf('>', i);
    return end < 0 ? null : { value: '', end: end + 1 };
  }
  const m = /^(\/[^\s/[\]<>(){}%]*|[^\s/[\]<>(){}%]+)/.exec(text.slice(i, i + 256));
  if (!m) return null;
  const token = m[1]!;
  const end = i + token.length;
  // Names as pdf.js reads them: `#xx` escapes decoded (`/Ann#6fts` is `/Annots`).
  if (token.startsWith('/')) return { value: token.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), end };
  if (token === 'true' || token === 'false') return { value: token === 'true', end };
  if (token === 'null') return { value: null, end };
  if (!NUMBER.test(token)) return null;
  // `num gen R` is a reference.
  const ref = /^\s+(\d+)\s+R(?![A-Za-z0-9])/.exec(text.slice(end, end + 32));
  if (ref && /^\d+$/.test(token)) return { value: { num: Number(token), gen: Number(ref[1]) }, end: end + ref[0].length };
  return { value: Number(token), end };
}

/** PDF whitespace and delimiters, as pdf.js's lexer splits tokens: a byte's class. */
const REGULAR = 0;
const SPACE = 1;
const DELIMITER = 2;
const CLASS = new Uint8Array(256);
for (const b of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) CLASS[b] = SPACE;
for (const b of [0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]) CLASS[b] = DELIMITER;
const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);

/**
 * The content's tokens outside literal strings (nested parentheses, backslash escapes), hex
 * strings, names and comments, as pdf.js's lexer reads them: 'maybe' at the first token that is
 * not known to paint no path (an inline image's `ID` and a `Do` included).
 */
export function scanContent(bytes: Uint8Array): 'maybe' | 'free' {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  let i = 0;
  const n = bytes.length;
  while (i < n) {
    const b = bytes[i]!;
    const kind = CLASS[b];
    if (kind === SPACE) i++;
    else if (kind === REGULAR) {
      const start = i;
      while (i < n && CLASS[bytes[i]!] === REGULAR) i++;
      // Numbers first: most of a page's tokens are operands.
      const digitLike = (b >= 0x30 && b <= 0x39) || b === 0x2b || b === 0x2d || b === 0x2e;
      const token = text.slice(start, i);
      if (digitLike ? !NUMBER.test(token) : !NON_PAINTING.has(token)) return 'maybe'; // ID and Do included
    } else if (b === 0x25) {
      while (i < n && bytes[i] !== 0x0a && bytes[i] !== 0x0d) i++; // % comment to the end of the line
    } else if (b === 0x28) i = afterLiteralString(bytes, i);
    else if (b === 0x3c) {
      if (bytes[i + 1] === 0x3c) i += 2; // << dictionary
      else {
        while (i < n && bytes[i] !== 0x3e) i++; // <hex string>
        i++;
      }
    } else if (b === 0x2f) {
      i++;
      while (i < n && CLASS[bytes[i]!] === REGULAR) i++; // /Name
    } else i++; // ) > [ ] { }
  }
  return 'free';
}

/** The index after the literal string starting at `start` (its `(`), or the end when it is never closed. */
function afterLiteralString(bytes: Uint8Array, start: number): number {
  let depth = 0;
  for (let i = start; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 0x5c) i++; // backslash: the next byte is escaped
    else if (b === 0x28) depth++;
    else if (b === 0x29 && --depth === 0) return i + 1;
  }
  return bytes.length;
}
