import { createHash } from 'node:crypto';
import { PDFArray, PDFName, PDFRawStream, PDFRef, type PDFDocument } from '@cantoo/pdf-lib';

/**
 * Pages that render alike (issue 20 §3.1): a 61 KB PDF of 100 pages that all draw one 300-dpi
 * fax image cost 100 renders and 100 OCR runs. Two pages render the same when their content
 * streams hold the same bytes and everything the rendering looks up is the same: resources
 * (images and fonts as the same objects), boxes, rotation, annotations and any other entry of the
 * page. Such pages are rendered and read once, the reading copied to the others.
 *
 * The key is conservative: anything it cannot account for (an unreadable contents entry) makes
 * the page its own. Pages that merely look alike (the same image stored twice) stay distinct;
 * the scanned-page bound counts them.
 */
export function identicalPages(doc: PDFDocument, pageNumbers: readonly number[]): Map<number, number> {
  const firstWithKey = new Map<string, number>();
  const sameAs = new Map<number, number>();
  for (const n of pageNumbers) {
    let key: string | null;
    try {
      key = renderKey(doc, n);
    } catch {
      key = null;
    }
    if (key === null) continue;
    const first = firstWithKey.get(key);
    if (first === undefined) firstWithKey.set(key, n);
    else sameAs.set(n, first);
  }
  return sameAs;
}

function renderKey(doc: PDFDocument, pageNumber: number): string | null {
  const page = doc.getPage(pageNumber - 1);
  const node = page.node;
  const hash = createHash('sha256');
  // The page's own entries but its place in the tree and its contents (compared by bytes below).
  for (const [name, value] of node.entries()) {
    if (name === PDFName.of('Parent') || name === PDFName.of('Contents')) continue;
    hash.update(`${name.toString()}=${value.toString()}\n`);
  }
  // What it inherits from the page tree.
  hash.update(`resources=${node.Resources()?.toString() ?? ''}\n`);
  hash.update(`media=${JSON.stringify(page.getMediaBox())} crop=${JSON.stringify(page.getCropBox())} rotate=${page.getRotation().angle}\n`);
  const contents = node.get(PDFName.of('Contents'));
  const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  for (const ref of refs) {
    const stream = ref instanceof PDFRef ? doc.context.lookup(ref) : ref;
    if (!(stream instanceof PDFRawStream)) return null;
    hash.update(`filter=${stream.dict.get(PDFName.of('Filter'))?.toString() ?? ''} parms=${stream.dict.get(PDFName.of('DecodeParms'))?.toString() ?? ''}\n`);
    hash.update(stream.contents);
  }
  return hash.digest('hex');
}
