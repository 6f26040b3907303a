/**
 * Debug view of random-layout seeds (docs/random-layouts.md) read as scans (every page), mixed
 * (page 2 scanned) or phone photos (--photo, as the eval's photo variant uploads them), through the same read cache as the eval (KA_READ_CACHE, same key), so that an
 * engine change is traced on the OCR output the eval measured. For engine work only.
 *   KA_READ_CACHE=<dir> npx tsx bench/debug-random-scan.ts <seed> [<seed> …] [--mixed | --photo] [--lines]
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fixtureFor, mixedPdf, photographedStatement, scannedPdf } from '../scripts/fixtures/kontoauszug/generate.js';
import { randomLayout } from '../scripts/fixtures/kontoauszug/random-layouts.js';
import type { LoadedDocument } from '../src/pipeline/model/document.js';
import { createDocumentReader, defaultReaderConfig } from '../src/pipeline/reading/read-document.js';
import { documentLayout } from '../src/pipeline/layout/document-layout.js';
import { extractAccounts, toTables } from '../src/pipeline/stages/kontoauszug/engine.js';

const seeds = process.argv.slice(2).filter((a) => /^\d+$/u.test(a)).map(Number);
const mixed = process.argv.includes('--mixed');
const photo = process.argv.includes('--photo');
const cache = process.env.KA_READ_CACHE;
const reader = createDocumentReader({ ...defaultReaderConfig, warmUp: false });

async function read(bytes: Uint8Array, kind: 'pdf' | 'jpeg' = 'pdf'): Promise<LoadedDocument> {
  const file = cache ? path.join(cache, `${createHash('sha256').update(bytes).update(kind).digest('hex')}.json`) : null;
  if (file && existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as LoadedDocument;
  const document = await reader.read(bytes, kind, { maxPages: 100, signal: new AbortController().signal });
  if (file) {
    mkdirSync(cache!, { recursive: true });
    writeFileSync(file, JSON.stringify({ ...document, pages: document.pages.map(({ preview: _, ...p }) => p) }));
  }
  return document;
}

try {
  for (const seed of seeds) {
    const layout = randomLayout(seed);
    const f = fixtureFor(layout, seed);
    const upload = photo ? await photographedStatement(f) : { bytes: mixed ? await mixedPdf(f, [2]) : await scannedPdf(f), kind: 'pdf' as const };
    const doc = await read(upload.bytes, upload.kind);
    const lay = documentLayout(doc);
    console.log(`== seed ${seed} ${photo ? 'photo' : mixed ? 'mixed' : 'scan'}`, JSON.stringify(layout.dims));
    if (process.argv.includes('--lines')) for (const l of lay.statementLines) console.log(`   p${l.page} ${l.words[0]?.x0.toFixed(0)} ${l.top.toFixed(0)} | ${l.text}`);
    const accounts = extractAccounts(doc, lay);
    const got = accounts.flatMap((a) => toTables([a])[0]!.rows.map((r) => `${r[0]} ${r[3]}`));
    const want = f.expected.tables.flatMap((t) => t.rows.map((r) => `${r[0]} ${r[3]}`));
    console.log(`   rows ${got.length}/${want.length}`);
    for (const w of want.filter((x) => !got.includes(x))) console.log(`   - ${w}`);
    for (const g of got.filter((x) => !want.includes(x))) console.log(`   + ${g}`);
    for (const a of accounts) {
      const info = a.info as unknown as Record<string, unknown>;
      console.log(`   opening ${info.opening_balance} closing ${info.closing_balance} reconciled ${info.reconciled}`);
    }
    const exp = f.expected.statement as Record<string, unknown>;
    console.log(`   expected opening ${exp.opening_balance} closing ${exp.closing_balance}`);
  }
} finally {
  await reader.close();
}
