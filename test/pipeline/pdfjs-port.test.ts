/**
 * pdf.js's halves on the reading thread's own port (reading/pdfjs-port.ts, used by openPdf):
 * a page's text content and operator list are the same as through pdf.js's own LoopbackPort
 * (which clones every message), and a destroyed document leaves no listener on the shared port.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

describe('the in-thread pdf.js port', async () => {
  const { getDocument } = await import('../../src/pipeline/reading/pdfjs.js');
  const { openPdf } = await import('../../src/pipeline/reading/pdf-text.js');
  const { inThreadWorker } = await import('../../src/pipeline/reading/pdfjs-port.js');
  const { pdfjsAssetDirs } = await import('../../src/pipeline/reading/pdfjs-assets.js');
  const { statementLines, textPdf } = await import('../support/documents.js');
  const pdf = await textPdf([statementLines('Seite eins'), statementLines('Seite zwei')]);

  /** Every page's text items and operator list, as plain data. */
  async function readAll(doc: Awaited<ReturnType<typeof openPdf>>) {
    const pages = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const text = await page.getTextContent();
      const ops = await page.getOperatorList();
      pages.push({ items: text.items, styles: text.styles, fnArray: [...ops.fnArray], argsArray: ops.argsArray });
    }
    return pages;
  }

  it('gives the same text content and operator lists as pdf.js\'s own cloning port', async () => {
    const ours = await openPdf(pdf);
    // openPdf's options, without the worker: pdf.js then makes its own fake one on a LoopbackPort.
    const options = { ...pdfjsAssetDirs(), cMapPacked: true, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 };
    const theirs = await getDocument({ data: new Uint8Array(pdf), ...options }).promise;
    try {
      const a = await readAll(ours);
      const b = await readAll(theirs);
      assert.equal(a.length, 2);
      assert.ok(a.every((p) => p.items.length > 20), 'each page has its words');
      // Font ids carry the document's id (g_d0_f1): two documents, two ids.
      const plain = (pages: unknown) => JSON.parse(JSON.stringify(pages).replace(/\bg_d\d+_/gu, 'g_')) as unknown;
      assert.deepEqual(plain(a), plain(b));
    } finally {
      await ours.destroy();
      await theirs.destroy();
    }
  });

  it('runs openPdf\'s documents on the shared port, and a destroyed one leaves no listener behind', async () => {
    const { port } = inThreadWorker();
    const before = port.listenerCount;
    const docs = await Promise.all([openPdf(pdf), openPdf(pdf)]);
    assert.ok(port.listenerCount > before, 'the documents listen on the in-thread port');
    const texts = await Promise.all(docs.map(async (d) => (await (await d.getPage(2)).getTextContent()).items.length));
    assert.equal(texts[0], texts[1]);
    await Promise.all(docs.map((d) => d.destroy()));
    // pdf.js removes a document's worker-side handler after its own clean-up, a tick later.
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(port.listenerCount, before);
  });
});
