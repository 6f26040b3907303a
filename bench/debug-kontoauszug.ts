/**
 * Debug view of one real-corpus text through the kontoauszug engine: the lines as the engine
 * sees them (dates, amounts) and the events (postings, balances). For engine work only.
 *   npx tsx bench/debug-kontoauszug.ts <file.txt> [--events] [--rows]
 */
import { readFileSync } from 'node:fs';
import { textToPdf } from '../scripts/fixtures/kontoauszug/text-to-pdf.js';
import { createDocumentReader, defaultReaderConfig } from '../src/pipeline/reading/read-document.js';
import { buildBlocks } from '../src/pipeline/stages/kontoauszug/blocks.js';
import { extractAccounts, toTables } from '../src/pipeline/stages/kontoauszug/engine.js';
import { toLines } from '../src/pipeline/layout/lines.js';

const file = process.argv[2]!;
const body = readFileSync(file, 'utf8').replace(/^[\s\S]*?\n-{10,}\n/u, '');
const reader = createDocumentReader({ ...defaultReaderConfig, workerPoolSize: 1, warmUp: false });
try {
  const doc = await reader.read(await textToPdf(body, Infinity), 'pdf', { maxPages: 100, signal: new AbortController().signal });
  const lines = toLines(doc.pages);
  const { events, model } = buildBlocks(lines);
  console.log('model', JSON.stringify(model));
  for (const e of events) {
    if (e.kind === 'posting') console.log(`P  ${e.posting.lines.map((l) => l.text).join(' ⏎ ')}  [amount ${e.posting.amount.cents} ${e.posting.amount.sign} ${e.posting.role}]`);
    else if (e.kind === 'balance') console.log(`B${e.balance[0]} ${e.line.text}`);
    else if (process.argv.includes('--events')) console.log(`   ${e.line.text}`);
  }
  for (const a of extractAccounts(doc)) {
    console.log(JSON.stringify(a.info), a.rows.length, 'rows');
    if (process.argv.includes('--rows')) for (const r of toTables([a])[0]!.rows) console.log(`   ${r.join(' | ')}`);
  }
} finally {
  await reader.close();
}
