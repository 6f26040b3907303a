import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { pageText } from '../../src/pipeline/layout/text-lines.js';
import { DocumentLoadError } from '../../src/pipeline/model/errors.js';
import { readFixture, testReader } from './helpers.js';

const reader = testReader();
after(() => reader.close());

describe('PDF text layer', () => {
  it('reads every page of a statement with positions in points, origin top-left', async () => {
    const doc = await readFixture(reader, 'statement3');
    assert.equal(doc.format, 'pdf');
    assert.equal(doc.pages.length, 3);
    for (const [i, page] of doc.pages.entries()) {
      assert.equal(page.number, i + 1);
      assert.equal(page.source, 'pdf');
      assert.equal(page.width, 595.28);
      assert.equal(page.height, 841.89);
      assert.ok(page.cells.length > 100);
      for (const cell of page.cells) {
        assert.equal(cell.source, 'pdf');
        assert.equal(cell.confidence, 1);
        assert.ok(cell.bbox.width > 0 && cell.bbox.height > 0);
      }
    }
    // Drawn at x = 56.69 pt, baseline 70 pt from the top, 16 pt bold.
    const title = doc.pages[0]!.cells[0]!;
    assert.equal(title.text, 'Kontoauszug');
    assert.ok(Math.abs(title.bbox.x - 56.69) < 0.5, `x ${title.bbox.x}`);
    assert.ok(title.bbox.y < 70 && title.bbox.y > 50, `top ${title.bbox.y}`);
    assert.ok(title.bbox.y + title.bbox.height > 70, 'the box reaches below the baseline');
    assert.equal(title.fontSize, 16);
    // The amount column is right-aligned at x = 538.58 pt: header and 12 bookings end there.
    const euros = doc.pages[0]!.cells.filter((c) => c.text === '€' && c.bbox.x > 400);
    assert.equal(euros.length, 13);
    for (const e of euros) {
      assert.ok(Math.abs(e.bbox.x + e.bbox.width - 538.58) < 1, `right edge ${e.bbox.x + e.bbox.width}`);
    }
  });

  it('keeps German characters, the euro sign, U+2212 minus and ligatures intact', async () => {
    const doc = await readFixture(reader, 'statement3');
    const text = pageText(doc.pages[0]!);
    for (const expected of ['Jürgen Weiß', 'Straße der Einheit', 'Müller & Söhne', 'Bäckerei Groß', 'Überweisung', '\u221284,00 €', '3.412,57 €']) {
      assert.ok(text.includes(expected), `missing ${JSON.stringify(expected)}`);
    }
    // Drawn with the ﬁ ligature glyph; extracted spelled out.
    assert.ok(text.includes('Steuer-Identifikationsnummer'), 'ligature spelled out');
    assert.ok(!text.includes('\uFFFD'), 'no replacement characters');
  });

  it('returns words in reading order: rows top to bottom, left to right', async () => {
    const doc = await readFixture(reader, 'statement3');
    const words = doc.pages[0]!.cells.map((c) => c.text);
    const start = words.indexOf('02.03.2026');
    assert.deepEqual(words.slice(start, start + 7), ['02.03.2026', 'Lastschrift', 'Stadtwerke', 'München', 'Strom', '\u221284,00', '€']);
    const ys = doc.pages[0]!.cells.map((c) => c.bbox.y + c.bbox.height / 2);
    for (let i = 1; i < ys.length; i++) assert.ok(ys[i]! >= ys[i - 1]! - 6, `word ${i} goes back up`);
  });

  it('reads a 10-page letter', async () => {
    const doc = await readFixture(reader, 'letter10');
    assert.equal(doc.pages.length, 10);
    assert.ok(pageText(doc.pages[9]!).startsWith('Bescheid über Einkommensteuer 2025 · Seite 10'));
    assert.ok(pageText(doc.pages[4]!).includes('Mit freundlichen Grüßen'));
  });

  it('accepts exactly maxPages pages and refuses one more', async () => {
    const ok = await readFixture(reader, 'tooManyPages', { maxPages: 12 });
    assert.equal(ok.pages.length, 12);
    await assert.rejects(readFixture(reader, 'tooManyPages', { maxPages: 11 }), (err: unknown) => {
      assert.ok(err instanceof DocumentLoadError);
      assert.equal(err.kind, 'too_many_pages');
      assert.match(err.publicMessage, /12 pages; at most 11/u);
      return true;
    });
  });

  it('does not modify the caller’s bytes', async () => {
    const { readingFixture } = await import('../../scripts/fixtures/generate.js');
    const bytes = await readingFixture('statement3');
    const copy = bytes.slice();
    await reader.read(bytes, 'pdf', { maxPages: 10, signal: new AbortController().signal });
    assert.deepEqual(bytes, copy);
  });
});
