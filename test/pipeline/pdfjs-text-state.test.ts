/**
 * pdf.js's TextState copies (reading/pdfjs-text-state.ts): the first text read on a thread
 * replaces TextState's `clone` with one that keeps no prototype link, `Object.create` is the
 * engine's own again afterwards, and text set in nested saved states (q … Q) with font changes
 * still reads with the right words.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

// Taken before anything loads pdf.js (reading/pdfjs.ts wraps Object.create until the first copy).
const nativeCreate = Object.create;

describe('pdf.js text state copies', () => {
  it('are replaced at the first text read, and the words are read as before', async () => {
    const { textStateCloneReplaced } = await import('../../src/pipeline/reading/pdfjs-text-state.js');
    const { extractPageText, openPdf } = await import('../../src/pipeline/reading/pdf-text.js');
    const { statementLines, textPdf } = await import('../support/documents.js');
    const lines = statementLines('Kontrollzeile');
    const doc = await openPdf(await textPdf([lines]));
    try {
      const page = await extractPageText(doc, 1);
      const words = page.cells.map((c) => c.text).join(' ');
      for (const line of lines) for (const word of line.split(/\s+/u).filter(Boolean)) assert.ok(words.includes(word), `missing ${word}`);
    } finally {
      await doc.destroy();
    }
    assert.equal(textStateCloneReplaced(), true, 'TextState not found: has pdf.js changed the class?');
    assert.ok(Object.create === nativeCreate, 'Object.create is still wrapped');
  });
});
