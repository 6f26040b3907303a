import { fixtureFor, textLayerPdf } from '../scripts/fixtures/kontoauszug/generate.js';
import { LAYOUTS } from '../scripts/fixtures/kontoauszug/layouts.js';
import { createDocumentReader, defaultReaderConfig } from '../src/pipeline/reading/read-document.js';
import { pageText } from '../src/pipeline/layout/text-lines.js';
import { lexicalShare, judgeTextLayer } from '../src/pipeline/reading/text-layer-quality.js';
import { openPdf, } from '../src/pipeline/reading/pdf-text.js';
const f = fixtureFor(LAYOUTS.find((l) => l.name === 'garbled-font-layer')!, Number(process.argv[2] ?? 3));
const pdf = await textLayerPdf(f);
const reader = createDocumentReader({ ...defaultReaderConfig, workerPoolSize: 1, warmUp: false, ocrEngine: 'native' });
const doc = await reader.read(pdf, 'pdf', { maxPages: 100, signal: new AbortController().signal });
for (const p of doc.pages) { const t = pageText(p); console.log(p.source, lexicalShare(t), judgeTextLayer(t)); console.log(t.slice(0, 400)); }
await reader.close();
