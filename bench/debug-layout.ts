/**
 * Debug view of one generated layout through the kontoauszug engine: expected and extracted
 * rows side by side, then the statement facts. For engine work only.
 *   npx tsx bench/debug-layout.ts <layout> [seed] [--scan]
 */
import { fixtureFor, scannedPdf, textLayerPdf } from '../scripts/fixtures/kontoauszug/generate.js';
import { LAYOUTS } from '../scripts/fixtures/kontoauszug/layouts.js';
import { createDocumentReader, defaultReaderConfig } from '../src/pipeline/reading/read-document.js';
import { extractAccounts, toTables } from '../src/pipeline/stages/kontoauszug/engine.js';

const layout = LAYOUTS.find((l) => l.name === process.argv[2]);
if (!layout) throw new Error(`layouts: ${LAYOUTS.map((l) => l.name).join(', ')}`);
const f = fixtureFor(layout, Number(process.argv[3] ?? 1));
const reader = createDocumentReader({ ...defaultReaderConfig, workerPoolSize: 1, warmUp: false });
try {
  const pdf = process.argv.includes('--scan') ? await scannedPdf(f) : await textLayerPdf(f);
  const doc = await reader.read(pdf, 'pdf', { maxPages: 100, signal: new AbortController().signal });
  const accounts = extractAccounts(doc);
  const got = toTables(accounts).flatMap((t) => t.rows);
  const exp = f.expected.tables.flatMap((t) => t.rows);
  for (let i = 0; i < Math.max(got.length, exp.length); i++) {
    const e = exp[i]?.join(' | ') ?? '—';
    const g = got[i]?.join(' | ') ?? '—';
    console.log(e === g ? `  = ${g}` : `  E ${e}\n  G ${g}`);
  }
  console.log('expected', JSON.stringify(f.expected.statement));
  for (const a of accounts) console.log('got     ', JSON.stringify(a.info));
} finally {
  await reader.close();
}
