import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import sharp from 'sharp';
import type { Page } from '../../src/pipeline/model/document.js';
import { fixtures, readingFixture, type FixtureName } from '../../scripts/fixtures/generate.js';
import { openSignal, testReader } from './helpers.js';

/**
 * Page previews (ReadOptions.previewWidthPx): the page as it was read, so that evidence boxes in
 * fractions of the page land on the printed words — for OCR'd pages the straightened image.
 */
describe('page previews', () => {
  const reader = testReader();
  after(() => reader.close());

  async function read(name: FixtureName, previewWidthPx?: number): Promise<Page[]> {
    const bytes = await readingFixture(name);
    const doc = await reader.read(bytes, fixtures[name].kind, {
      maxPages: 100,
      signal: openSignal(),
      ...(previewWidthPx !== undefined ? { previewWidthPx } : {}),
    });
    return doc.pages;
  }

  async function assertPreviewOf(page: Page, widthPx: number): Promise<void> {
    assert.ok(page.preview, `page ${page.number} (${page.source}) has no preview`);
    const meta = await sharp(page.preview).metadata();
    assert.equal(meta.format, 'jpeg');
    assert.equal(meta.width, widthPx);
    // Same shape as the page the words are placed on: boxes in fractions map 1:1.
    const pageRatio = page.height / page.width;
    const imageRatio = meta.height! / meta.width!;
    assert.ok(Math.abs(imageRatio - pageRatio) / pageRatio < 0.02, `page ${page.number}: image ${imageRatio.toFixed(3)} vs page ${pageRatio.toFixed(3)}`);
  }

  it('gives every page of a mixed PDF (text layer, embedded JPEG scan, rendered PNG page) a preview in its own frame', async () => {
    const pages = await read('mixed', 480);
    assert.deepEqual(pages.map((p) => p.source), ['pdf', 'ocr', 'ocr']);
    for (const page of pages) await assertPreviewOf(page, 480);
  });

  it('shows a sideways photo of a page upright, as its words were read', async () => {
    const [page] = await read('rotated90', 400);
    assert.ok(page!.height > page!.width, 'the page was read upright');
    await assertPreviewOf(page!, 400);
  });

  it('does no preview work when none is asked for (API calls)', async () => {
    const pages = await read('mixed');
    assert.deepEqual(pages.map((p) => p.preview), [undefined, undefined, undefined]);
  });
});
