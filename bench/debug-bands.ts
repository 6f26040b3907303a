/**
 * Words of one generated statement scan read whole and in bands (ocrBands), line by line, with
 * the lines that differ marked: for finding why a band reads differently from the whole page.
 *   npx tsx bench/debug-bands.ts <layout> [seed]      (OCR_ENGINE=native|tesseract-js)
 */
import { fixtureFor, scannedPdf } from '../scripts/fixtures/kontoauszug/generate.js';
import { LAYOUTS } from '../scripts/fixtures/kontoauszug/layouts.js';
import { createDocumentReader, defaultReaderConfig } from '../src/pipeline/reading/read-document.js';
import { toLines } from '../src/pipeline/layout/lines.js';

const layout = LAYOUTS.find((l) => l.name === process.argv[2]);
if (!layout) throw new Error(`unknown layout ${process.argv[2]}`);
const pdf = await scannedPdf(fixtureFor(layout, Number(process.argv[3] ?? 1)));
const engine = (process.env.OCR_ENGINE ?? 'auto') as typeof defaultReaderConfig.ocrEngine;
const texts: string[][][] = [];
for (const ocrBands of ['off', 'all'] as const) {
  const reader = createDocumentReader({ ...defaultReaderConfig, workerPoolSize: 2, warmUp: false, ocrEngine: engine, ocrBands });
  try {
    const doc = await reader.read(pdf, 'pdf', { maxPages: 100, signal: new AbortController().signal });
    texts.push(doc.pages.map((p) => toLines([p]).map((l) => `${l.top.toFixed(0).padStart(4)}  ${l.text}`)));
  } finally {
    await reader.close();
  }
}
const [whole, banded] = texts as [string[][], string[][]];
for (let p = 0; p < whole.length; p++) {
  console.log(`— page ${p + 1}`);
  const b = new Set(banded[p]);
  const w = new Set(whole[p]);
  for (const l of whole[p]!) console.log(`${b.has(l) ? ' ' : '-'} ${l}`);
  for (const l of banded[p]!) if (!w.has(l)) console.log(`+ ${l}`);
}
