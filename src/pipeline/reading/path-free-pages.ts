import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFName, PDFRawStream, type PDFDocument, type PDFObject } from '@cantoo/pdf-lib';
import type { PDFPageProxy } from './pdfjs.js';

/**
 * A cheap look at a page's content stream that proves the page paints no path, so it draws no
 * rule and pdf.js's operator list need not be built for its rules (issue 20 §2: the operator
 * list — a second full parse of the content stream, the glyphs of every text run built again
 * and, with `disableFontFace`, every glyph's outline — cost a third of a text statement's read,
 * and most text pages draw no line at all).
 *
 * Contract: `pageIsPathFree` answers true only when the page's operator list can hold no
 * stroked or filled `constructPath`, so `pageRules` would find none; whenever it cannot be
 * sure it answers false and the caller builds the operator list as before. It is sure only when
 * - pdf-lib loaded the file (not encrypted) and its page at that index is the very object pdf.js
 *   reads (same object number and generation);
 * - the page's content is one stream or an array of streams, each unfiltered or FlateDecode
 *   without DecodeParms, inflating to at most MAX_CONTENT_BYTES;
 * - outside strings, names and comments every token is a number, `true`/`false`/`null` or an
 *   operator known not to paint a path (a path-painting operator — S s f F f* B B* b b* — or
 *   any token it does not know, glued operators included, means "maybe");
 * - the content holds no inline image (`ID`: its binary data could hide a token);
 * - every `Do` can only paint an image: every XObject in the page's resources is an image
 *   (forms are drawn inline in the operator list, with their paths);
 * - the page has no annotations that could draw (pdf.js adds appearance streams to the operator
 *   list); a link without an appearance stream draws nothing.
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
  'BI', 'EI', 'Do', 'MP', 'DP', 'BMC', 'BDC', 'EMC', 'BX', 'EX',
  'true', 'false', 'null',
]);
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

/** Whether page `pageNumber` (1-based) of `objects` (pdf-lib's load of the same bytes) certainly paints no path. */
export function pageIsPathFree(objects: PDFDocument | null, pageNumber: number, page: PDFPageProxy): boolean {
  if (!objects) return false;
  try {
    if (objects.getPageCount() < pageNumber) return false;
    const leaf = objects.getPage(pageNumber - 1);
    if (!page.ref || leaf.ref.objectNumber !== page.ref.num || leaf.ref.generationNumber !== page.ref.gen) return false;
    if (!annotationsDrawNothing(leaf.node.lookup(PDFName.of('Annots')))) return false;
    const content = contentBytes(leaf.node.lookup(PDFName.of('Contents')));
    if (!content) return false;
    const scan = scanContent(content);
    if (scan === 'maybe') return false;
    return !scan.usesDo || onlyImageXObjects(leaf.node.Resources());
  } catch {
    return false;
  }
}

/** The page's content streams decoded and joined (a newline between, as token boundaries), or null when unsure. */
function contentBytes(contents: PDFObject | undefined): Buffer | null {
  if (contents === undefined) return Buffer.alloc(0);
  const streams = contents instanceof PDFArray ? elements(contents) : [contents];
  const parts: Buffer[] = [];
  let size = 0;
  for (const stream of streams) {
    if (!(stream instanceof PDFRawStream)) return null;
    const data = decoded(stream, MAX_CONTENT_BYTES - size);
    if (!data) return null;
    size += data.length + 1;
    parts.push(data, Buffer.from('\n'));
  }
  return Buffer.concat(parts);
}

function decoded(stream: PDFRawStream, maxBytes: number): Buffer | null {
  const dict = stream.dict;
  if (dict.has(PDFName.of('DecodeParms')) || dict.has(PDFName.of('DP'))) return null;
  const raw = Buffer.from(stream.contents.buffer, stream.contents.byteOffset, stream.contents.byteLength);
  const filter = dict.lookup(PDFName.of('Filter'));
  const filters = filter === undefined ? [] : filter instanceof PDFArray ? elements(filter) : [filter];
  if (filters.length === 0) return raw.length <= maxBytes ? raw : null;
  if (filters.length > 1) return null;
  const name = filters[0];
  if (name !== PDFName.of('FlateDecode') && name !== PDFName.of('Fl')) return null;
  try {
    return inflateSync(raw, { maxOutputLength: Math.max(1, maxBytes) });
  } catch {
    return null; // damaged or too large: pdf.js may still read part of it
  }
}

/** An array's elements, references resolved. */
const elements = (array: PDFArray): (PDFObject | undefined)[] => Array.from({ length: array.size() }, (_, i) => array.lookup(i));

/** Links without an appearance stream draw nothing; any other annotation may. */
function annotationsDrawNothing(annots: PDFObject | undefined): boolean {
  if (annots === undefined) return true;
  if (!(annots instanceof PDFArray)) return false;
  for (const annot of elements(annots)) {
    if (!(annot instanceof PDFDict)) return false;
    if (annot.lookup(PDFName.of('Subtype')) !== PDFName.of('Link') || annot.has(PDFName.of('AP'))) return false;
  }
  return true;
}

function onlyImageXObjects(resources: PDFDict | undefined): boolean {
  const xobjects = resources?.lookup(PDFName.of('XObject'));
  if (!(xobjects instanceof PDFDict)) return false;
  for (const key of xobjects.keys()) {
    const x = xobjects.lookup(key);
    if (!(x instanceof PDFRawStream) || x.dict.lookup(PDFName.of('Subtype')) !== PDFName.of('Image')) return false;
  }
  return true;
}

/** PDF whitespace and delimiters, as pdf.js's lexer splits tokens. */
const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
const isRegular = (b: number) => !WHITESPACE.has(b) && !DELIMITERS.has(b);

/**
 * The content's tokens outside literal strings (nested parentheses, backslash escapes), hex
 * strings, names and comments, as pdf.js's lexer reads them: 'maybe' at the first token that is
 * not known to paint no path, or at an inline image's data.
 */
export function scanContent(bytes: Uint8Array): 'maybe' | { usesDo: boolean } {
  let usesDo = false;
  let i = 0;
  const n = bytes.length;
  while (i < n) {
    const b = bytes[i]!;
    if (WHITESPACE.has(b)) i++;
    else if (b === 0x25) {
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
      while (i < n && isRegular(bytes[i]!)) i++; // /Name
    } else if (DELIMITERS.has(b)) i++; // ) > [ ] { }
    else {
      const start = i;
      while (i < n && isRegular(bytes[i]!)) i++;
      const token = Buffer.from(bytes.buffer, bytes.byteOffset + start, i - start).toString('latin1');
      if (token === 'ID') return 'maybe';
      if (token === 'Do') usesDo = true;
      else if (!NON_PAINTING.has(token) && !NUMBER.test(token)) return 'maybe';
    }
  }
  return { usesDo };
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
