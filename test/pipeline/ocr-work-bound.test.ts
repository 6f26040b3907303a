import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { after, describe, it } from 'node:test';
import sharp from 'sharp';
import { distinctScanPagesPdf, sharedFaxPdf, sharedImagePdf } from '../../scripts/fixtures/hostile-files.js';
import { CLEAN, faxPdf, scanPages } from '../../scripts/fixtures/scans.js';
import { scanPages as scanPageSpecs } from '../../scripts/fixtures/texts.js';
import { pageText } from '../../src/pipeline/layout/text-lines.js';
import { loadConfig } from '../../src/config/config.js';
import { readerConfigOf } from '../../src/config/reader-config.js';
import { DocumentLoadError } from '../../src/pipeline/model/errors.js';
import { createDocumentReader } from '../../src/pipeline/reading/read-document.js';
import { openSignal, testReader } from './helpers.js';

/**
 * Issue 20 §3.1: cheap bytes must not buy expensive work. Pages that draw the same image are
 * rendered and read once; a file with more distinct scanned pages than one call can read in
 * time is refused before any page is rendered or read, with a message that says the limit.
 */
describe('OCR work of a PDF is bounded before it starts', () => {
  const reader = testReader(); // 2 threads; 15 scanned pages a call (maxScannedPages, default)
  after(() => reader.close());

  it('a scanned page drawn on 8 pages is read once, and every page gets its words', async () => {
    const [jpeg] = await scanPages([scanPageSpecs()[0]!], CLEAN, [0.4], 3);
    const meta = await sharp(jpeg!).metadata();
    const pdf = sharedImagePdf(8, {
      entries: `/Width ${meta.width} /Height ${meta.height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode`,
      data: Buffer.from(jpeg!),
    });
    const before = reader.stats();
    const doc = await reader.read(pdf, 'pdf', { maxPages: 100, signal: openSignal() });
    const after = reader.stats();
    assert.equal(doc.pages.length, 8);
    assert.deepEqual(doc.pages.map((p) => p.number), [1, 2, 3, 4, 5, 6, 7, 8]);
    assert.equal(after.ocrPages - before.ocrPages, 1, 'the shared image was OCR\'d more than once');
    const first = pageText(doc.pages[0]!);
    assert.ok(first.includes('Bußgeldbescheid'), first.slice(0, 200));
    for (const page of doc.pages) {
      assert.equal(page.source, 'ocr');
      assert.equal(pageText(page), first);
    }
  });

  it('100 A4 pages sharing one 300-dpi CCITT G4 image: rendered once, not 100 times', async () => {
    const pdf = sharedFaxPdf(100);
    assert.ok(pdf.byteLength < 64 * 1024);
    const before = reader.stats();
    const doc = await reader.read(pdf, 'pdf', { maxPages: 100, signal: openSignal() });
    const after = reader.stats();
    assert.equal(doc.pages.length, 100);
    // The text pass and one page task; before the fix, one page task per page (101).
    assert.ok(after.completed - before.completed <= 2, `${after.completed - before.completed} pool tasks`);
    assert.ok(doc.pages.every((p) => p.cells.length === 0));
  });

  it('45 distinct scanned pages: refused up front (too_many_scanned_pages), nothing rendered or read', async () => {
    const pdf = await distinctScanPagesPdf(45);
    const before = reader.stats();
    const signal = openSignal();
    await assert.rejects(
      reader.read(pdf, 'pdf', { maxPages: 100, signal }),
      (err: unknown) => {
        assert.ok(err instanceof DocumentLoadError, String(err));
        assert.equal(err.kind, 'too_many_scanned_pages');
        assert.match(err.publicMessage, /45 scanned pages/u);
        assert.match(err.publicMessage, /at most 15 scanned pages/u);
        assert.match(err.publicMessage, /[Ss]plit/u);
        return true;
      },
    );
    const after = reader.stats();
    assert.equal(after.completed - before.completed, 1, 'only the text pass ran');
    assert.equal(getEventListeners(signal, 'abort').length, 0, 'the refused read left a listener on the caller\'s signal');
    assert.equal(after.ocrPages - before.ocrPages, 0);
  });
});

/**
 * Issue 20 §3.2: a long real scan — distinct fax pages, well under MAX_PAGES — ran into the
 * deadline and failed with an error that did not name the cause. It is refused up front, the
 * message naming its scanned pages and the limit; a scan within the limit is read.
 */
describe('long scans: refused up front by their scanned pages, read within the limit', () => {
  const reader = testReader({ workerPoolSize: 1, maxScannedPages: 3 });
  after(() => reader.close());
  const specs = scanPageSpecs();
  const pagesOf = (n: number) => Array.from({ length: n }, (_, i) => specs[i % specs.length]!);

  it('4 distinct G4 fax pages with 3 a call: 400-refused naming 4 scanned pages, nothing read', async () => {
    const pdf = await faxPdf(pagesOf(4));
    const before = reader.stats();
    await assert.rejects(reader.read(pdf, 'pdf', { maxPages: 100, signal: openSignal() }), (err: unknown) => {
      assert.ok(err instanceof DocumentLoadError, String(err));
      assert.equal(err.kind, 'too_many_scanned_pages');
      assert.match(err.publicMessage, /has 4 scanned pages to read by OCR; one call reads at most 3 scanned pages/u);
      return true;
    });
    assert.equal(reader.stats().ocrPages - before.ocrPages, 0);
  });

  it('a 12-page fax is read without a listener-leak warning (one abort listener per waiting page is expected)', async () => {
    const long = testReader({ workerPoolSize: 1 });
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
    process.on('warning', onWarning);
    try {
      const doc = await long.read(await faxPdf(pagesOf(12)), 'pdf', { maxPages: 100, signal: openSignal() });
      assert.equal(doc.pages.length, 12);
      await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on the next tick
    } finally {
      process.off('warning', onWarning);
      await long.close();
    }
    assert.deepEqual(warnings.filter((w) => w.startsWith('MaxListenersExceededWarning')), []);
  });

  it('MAX_SCANNED_PAGES=2 in the environment reaches the reader: 3 distinct scanned pages refused naming 2, nothing read', async () => {
    const fromEnv = createDocumentReader({ ...readerConfigOf(loadConfig({ MAX_SCANNED_PAGES: '2' })), workerPoolSize: 1, warmUp: false });
    try {
      await assert.rejects(fromEnv.read(await distinctScanPagesPdf(3), 'pdf', { maxPages: 100, signal: openSignal() }), (err: unknown) => {
        assert.ok(err instanceof DocumentLoadError, String(err));
        assert.equal(err.kind, 'too_many_scanned_pages');
        assert.match(err.publicMessage, /has 3 scanned pages to read by OCR; one call reads at most 2 scanned pages in time\. Split the file into parts of at most 2 scanned pages/u);
        return true;
      });
      assert.equal(fromEnv.stats().ocrPages, 0);
    } finally {
      await fromEnv.close();
    }
  });

  it('3 distinct G4 fax pages with 3 a call: read, every page its words', async () => {
    const doc = await reader.read(await faxPdf(pagesOf(3)), 'pdf', { maxPages: 100, signal: openSignal() });
    assert.equal(doc.pages.length, 3);
    assert.ok(pageText(doc.pages[0]!).includes('Bußgeldbescheid'));
    for (const page of doc.pages) assert.ok(page.cells.length > 20, `page ${page.number}: ${page.cells.length} words`);
  });
});
