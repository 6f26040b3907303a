import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { fixtureFor, scannedPdf, textLayerPdf } from '../../../scripts/fixtures/kontoauszug/generate.js';
import { LAYOUTS } from '../../../scripts/fixtures/kontoauszug/layouts.js';
import { documentLayout } from '../../../src/pipeline/layout/document-layout.js';
import type { PipelineSlots } from '../../../src/pipeline/model/stage.js';
import { kontoauszugStage } from '../../../src/pipeline/stages/kontoauszug/stage.js';
import { boxHoldsWord, pdfWordBoxes, printsCents } from '../../support/pdf-word-boxes.js';
import { openSignal, testReader } from '../helpers.js';

/**
 * SPEC §8a evidence on a real OCR reading: a generated one-page statement scanned at 300 dpi
 * (grain, a 0.3° skew, JPEG) through the real reader and stage. The source is `ocr`, the
 * confidence is the OCR engine's own figure for the date and amount words, and the box stands
 * where the page prints the posting: it holds the amount as poppler reads the same page's text
 * layer (a few points of slack for the skew).
 */
describe('posting evidence on a scan', () => {
  const reader = testReader();
  after(() => reader.close());

  test('source ocr, the engine’s confidence, the box over the printed amount', async () => {
    const f = fixtureFor(LAYOUTS.find((l) => l.name === 'dec-jan-unsigned')!, 2);
    assert.equal(f.pages.length, 1);
    const doc = await reader.read(await scannedPdf(f), 'pdf', { maxPages: 10, signal: openSignal() });
    const slots: PipelineSlots = {};
    await kontoauszugStage.run({ documentType: 'kontoauszug', document: doc, layout: documentLayout(doc), signal: openSignal(), slots });
    const [a] = slots.accounts!;
    assert.ok(a && a.reconciled);
    const postings = a.postings;
    assert.equal(postings.length, f.expected.tables[0]!.rows.length);
    const [page] = await pdfWordBoxes(await textLayerPdf(f));
    // Confidences as the engine reported them for the words: between 0 and 1, and not all 1.
    const words = doc.pages[0]!.cells.map((c) => c.confidence);
    for (const p of postings) {
      assert.equal(p.evidence.source, 'ocr');
      assert.ok(p.evidence.confidence > 0 && p.evidence.confidence <= 1);
      assert.ok(words.some((c) => Math.abs(Math.round(c * 1000) / 1000 - p.evidence.confidence) < 1e-9), `${p.evidence.confidence} is a word's confidence`);
      assert.notEqual(p.evidence.verified, 'none');
      assert.ok(boxHoldsWord(page!, p.evidence.box, printsCents(Math.round(Number(p.amount) * 100)), 6), `${p.amount}: box ${p.evidence.box.join(',')}`);
    }
    assert.ok(postings.some((p) => p.evidence.confidence < 1), 'OCR confidences are the engine’s, not 1');
    assert.equal(a.opening_balance?.evidence?.source, 'ocr');
  });
});
