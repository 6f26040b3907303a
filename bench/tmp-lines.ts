import { fixtureFor, textLayerPdf } from '../scripts/fixtures/kontoauszug/generate.js';
import { LAYOUTS } from '../scripts/fixtures/kontoauszug/layouts.js';
import { createDocumentReader, defaultReaderConfig } from '../src/pipeline/reading/read-document.js';
import { documentLines } from '../src/pipeline/layout/lines.js';
const reader = createDocumentReader({ ...defaultReaderConfig, workerPoolSize: 1, warmUp: false });
const f = fixtureFor(LAYOUTS.find((l) => l.name === process.argv[2])!, Number(process.argv[3] ?? 1));
const doc = await reader.read(await textLayerPdf(f), 'pdf', { maxPages: 100, signal: new AbortController().signal });
for (const l of documentLines(doc).slice(0, Number(process.argv[4] ?? 40))) console.log(`${l.page} ${l.top.toFixed(0)} [d${l.dates.length} a${l.amounts.length}] ${l.text}`);
await reader.close();
