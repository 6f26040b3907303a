/**
 * Blank pages cost next to nothing (issue 10 item 3): a 10 KB PDF of 100 blank pages kept the
 * OCR pool busy for 49 s. A page that paints nothing is neither rendered nor OCR'd; a page
 * image without ink (a white rectangle drawn over the page, a blank scan or photo) is rendered
 * but not handed to the OCR engine. The reader's counts say which pages reached the engine.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { PDFDocument, rgb } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { openSignal, readFixture, testReader } from './helpers.js';

async function blankPdf(pages: number, paint: 'nothing' | 'white-rectangle'): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) {
    const page = pdf.addPage([595.28, 841.89]); // A4
    if (paint === 'white-rectangle') page.drawRectangle({ x: 20, y: 20, width: 555, height: 800, color: rgb(1, 1, 1) });
  }
  return pdf.save({ useObjectStreams: false });
}

describe('blank pages', () => {
  const reader = testReader({ workerPoolSize: 1 });
  after(() => reader.close());

  it('100 blank pages (pdf-lib): no page reaches the OCR engine, the document has 100 pages and no text', async () => {
    const bytes = await blankPdf(100, 'nothing');
    assert.ok(bytes.length < 20_000, `small file (${bytes.length} bytes)`);
    const before = reader.stats();
    const doc = await reader.read(bytes, 'pdf', { maxPages: 100, signal: openSignal() });
    const now = reader.stats();
    assert.equal(doc.pages.length, 100);
    assert.equal(doc.pages.reduce((n, p) => n + p.cells.length, 0), 0, 'no text');
    assert.equal(now.ocrPages - before.ocrPages, 0, 'the OCR engine read no page');
    assert.equal(now.blankPages - before.blankPages, 100);
    // One pool task for the whole file (its text layers), none per page.
    assert.equal(now.completed - before.completed, 1);
  });

  it('pages that paint only white are rendered but not OCR\'d', async () => {
    const bytes = await blankPdf(5, 'white-rectangle');
    const before = reader.stats();
    const doc = await reader.read(bytes, 'pdf', { maxPages: 100, signal: openSignal() });
    const now = reader.stats();
    assert.equal(doc.pages.length, 5);
    assert.equal(now.ocrPages - before.ocrPages, 0);
    assert.equal(now.blankPages - before.blankPages, 5);
  });

  it('a blank scan (a white PNG with paper grain) is not OCR\'d', async () => {
    const width = 1240;
    const height = 1754; // A4 at 150 dpi
    const grain = Buffer.alloc(width * height);
    for (let i = 0; i < grain.length; i++) grain[i] = 235 + ((i * 7919) % 17); // light paper, no ink
    const png = await sharp(grain, { raw: { width, height, channels: 1 } }).png().toBuffer();
    const before = reader.stats();
    const doc = await reader.read(new Uint8Array(png), 'png', { maxPages: 100, signal: openSignal() });
    const now = reader.stats();
    assert.equal(doc.pages.length, 1);
    assert.equal(doc.pages[0]!.cells.length, 0);
    assert.equal(now.ocrPages - before.ocrPages, 0);
    assert.equal(now.blankPages - before.blankPages, 1);
  });

  it('a page with text on it is still OCR\'d (the counts are not always zero)', async () => {
    const before = reader.stats();
    const doc = await readFixture(reader, 'rotated180');
    const now = reader.stats();
    assert.equal(now.ocrPages - before.ocrPages, 1);
    assert.equal(now.blankPages - before.blankPages, 0);
    assert.ok(doc.pages[0]!.cells.length > 20, 'the scan was read');
  });
});
