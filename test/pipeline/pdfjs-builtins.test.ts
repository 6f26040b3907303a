/**
 * pdf.js's legacy build replaces Array.prototype.push, JSON.parse and JSON.stringify with
 * core-js versions on Node 20, for the whole thread (issue 20 §2: a quarter of a text
 * statement's reading CPU). The reading layer loads it through reading/pdfjs.ts, which puts the
 * engine's own back; after a PDF has been opened and its text read (pdf.js loads its worker half
 * then, unless handed over), the built-ins are still the engine's.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

// Taken before anything loads pdf.js (everything else is imported in the test). core-js makes
// its replacements print as `[native code]`: only identity tells them apart.
const natives = { push: Array.prototype.push, parse: JSON.parse, stringify: JSON.stringify };

describe('pdf.js leaves the built-ins alone', () => {
  it('Array.prototype.push, JSON.parse and JSON.stringify are the engine\'s own after pdf.js has read a PDF', async () => {
    const { statementLines, textPdf } = await import('../support/documents.js');
    const { extractPageText, openPdf } = await import('../../src/pipeline/reading/pdf-text.js');
    const doc = await openPdf(await textPdf([statementLines()]));
    try {
      const page = await extractPageText(doc, 1);
      assert.ok(page.cells.length > 20, `${page.cells.length} words`);
    } finally {
      await doc.destroy();
    }
    assert.ok(Array.prototype.push === natives.push, 'Array.prototype.push was replaced');
    assert.ok(JSON.parse === natives.parse, 'JSON.parse was replaced');
    assert.ok(JSON.stringify === natives.stringify, 'JSON.stringify was replaced');
  });
});
