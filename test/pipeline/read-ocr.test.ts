import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from '../../src/pipeline/model/document.js';
import { pageText } from '../../src/pipeline/layout/text-lines.js';
import { characterErrorRate } from '../../scripts/fixtures/cer.js';
import { fixtures, type FixtureName } from '../../scripts/fixtures/generate.js';
import { availableEngines } from './ocr-engines.js';
import { readFixture, testReader } from './helpers.js';

/** Generated scans and photos through the real pool and the real OCR engines, each engine in turn. */

function truth(name: FixtureName, page: number): string {
  return (fixtures[name] as { truth: string[] }).truth[page]!;
}

function assertOcrPage(page: Page, expectedTruth: string, maxCer: number): void {
  assert.equal(page.source, 'ocr');
  // Upright A4 in points (within a few points: pixel rounding at 300 dpi).
  assert.ok(Math.abs(page.width - 595.28) < 3 && Math.abs(page.height - 841.89) < 3, `size ${page.width} × ${page.height}`);
  for (const cell of page.cells) {
    assert.equal(cell.source, 'ocr');
    assert.ok(cell.confidence >= 0 && cell.confidence <= 1);
    assert.ok(cell.bbox.x >= 0 && cell.bbox.y >= 0);
    assert.ok(cell.bbox.x + cell.bbox.width <= page.width + 1 && cell.bbox.y + cell.bbox.height <= page.height + 1);
  }
  const cer = characterErrorRate(expectedTruth, pageText(page));
  assert.ok(cer <= maxCer, `character error rate ${(cer * 100).toFixed(1)} % > ${maxCer * 100} %`);
}

for (const engine of availableEngines()) {
  describe(`OCR with ${engine}`, () => {
    const reader = testReader({ ocrEngine: engine });
    after(() => reader.close());

    it('reads a 3-page 300 dpi scanned PDF (one JPEG per page, skewed, noisy)', async () => {
      const doc = await readFixture(reader, 'scan3');
      assert.equal(doc.pages.length, 3);
      doc.pages.forEach((p, i) => {
        assert.equal(p.number, i + 1);
        assertOcrPage(p, truth('scan3', i), 0.03);
      });
      const text = pageText(doc.pages[0]!);
      for (const word of ['Bußgeldbescheid', 'Würzburger Straße', 'Höchstgeschwindigkeit', '147,00 €']) {
        assert.ok(text.includes(word), `missing ${word}`);
      }
      // Drawn at x = 70 pt, baseline 110 pt (20 pt bold); deskewing moves it by a few points at most.
      const title = doc.pages[0]!.cells.find((c) => c.text === 'Bußgeldbescheid')!;
      assert.ok(Math.abs(title.bbox.x - 70) < 8, `x ${title.bbox.x}`);
      assert.ok(title.bbox.y > 85 && title.bbox.y < 105, `y ${title.bbox.y}`);
      assert.ok(title.confidence > 0.8);
    });

    it('reads a degraded scan (3.5° skew, grain, low contrast)', async () => {
      const doc = await readFixture(reader, 'scanDegraded');
      assertOcrPage(doc.pages[0]!, truth('scanDegraded', 0), 0.05);
    });

    it('reads a mixed PDF: text layer where usable, OCR for the scan and the garbage layer', async () => {
      const doc = await readFixture(reader, 'mixed');
      assert.deepEqual(doc.pages.map((p) => p.source), ['pdf', 'ocr', 'ocr']);
      assert.ok(pageText(doc.pages[0]!).includes('Kontoauszug Nr. 3/2026'));
      assertOcrPage(doc.pages[1]!, truth('mixed', 1), 0.03);
      assertOcrPage(doc.pages[2]!, truth('mixed', 2), 0.05);
      assert.ok(!/[¤¦¨©ª«¬®¯±²³µ¶¸¹º»¼½¾]/u.test(pageText(doc.pages[2]!)), 'the invisible garbage layer is not used');
    });

    it('OCRs a scanned page that carries a little real text (an inbox stamp)', async () => {
      const doc = await readFixture(reader, 'stampedScan');
      assert.equal(doc.pages[0]!.source, 'ocr');
      assert.ok(pageText(doc.pages[0]!).includes('Bußgeldbescheid'));
    });

    for (const [name, turn] of [['rotated90', 90], ['rotated180', 180], ['rotated270', 270]] as const) {
      it(`detects a page turned by ${turn}° and reads it upright`, async () => {
        const doc = await readFixture(reader, name);
        assertOcrPage(doc.pages[0]!, truth(name, 0), 0.03);
      });
    }

    it('reads a phone photo stored sideways with EXIF orientation 6', async () => {
      const doc = await readFixture(reader, 'photo');
      assert.equal(doc.format, 'jpeg');
      const page = doc.pages[0]!;
      assert.ok(page.height > page.width, 'portrait after EXIF orientation');
      // A photo's page size is estimated (A4 width assumed), so only the text is checked.
      const cer = characterErrorRate(truth('photo', 0), pageText(page));
      assert.ok(cer <= 0.03, `character error rate ${(cer * 100).toFixed(1)} %`);
    });
  });
}
