/**
 * Debug view of random-layout seeds (docs/random-layouts.md) through the kontoauszug engine: the
 * drawn dimensions, the lines (with --lines), the rows returned against the truth's (date, amount)
 * and the balances. For engine work only.
 *   npx tsx bench/debug-random-seed.ts <seed> [<seed> …] [--lines]
 */
import { fixtureFor, textLayerPdf } from '../scripts/fixtures/kontoauszug/generate.js';
import { randomLayout } from '../scripts/fixtures/kontoauszug/random-layouts.js';
import { createDocumentReader, defaultReaderConfig } from '../src/pipeline/reading/read-document.js';
import { extractAccounts, toTables } from '../src/pipeline/stages/kontoauszug/engine.js';
import { toLines } from '../src/pipeline/layout/lines.js';

const seeds = process.argv.slice(2).filter((a) => /^\d+$/u.test(a)).map(Number);
const reader = createDocumentReader({ ...defaultReaderConfig, workerPoolSize: 1, warmUp: false });
try {
  for (const seed of seeds) {
    const layout = randomLayout(seed);
    const f = fixtureFor(layout, seed);
    const doc = await reader.read(await textLayerPdf(f), 'pdf', { maxPages: 100, signal: new AbortController().signal });
    console.log(`== seed ${seed}`, JSON.stringify(layout.dims));
    if (process.argv.includes('--lines')) for (const l of toLines(doc.pages)) console.log(`   p${l.page} ${l.words[0]?.x0.toFixed(0)} | ${l.text}`);
    const accounts = extractAccounts(doc);
    const got = accounts.flatMap((a) => toTables([a])[0]!.rows.map((r) => `${r[0]} ${r[3]}`));
    const want = f.expected.tables.flatMap((t) => t.rows.map((r) => `${r[0]} ${r[3]}`));
    const miss = want.filter((w, i) => got[i] !== w);
    console.log(`   rows ${got.length}/${want.length}, differing at ${miss.length}`);
    for (let i = 0; i < Math.max(got.length, want.length); i++) if (got[i] !== want[i]) console.log(`   #${i} got ${got[i] ?? '-'}  want ${want[i] ?? '-'}`);
    const info = accounts[0]?.info as Record<string, unknown> | undefined;
    const exp = f.expected.statement as Record<string, unknown>;
    console.log(`   opening ${info?.opening_balance} (${exp.opening_balance}) closing ${info?.closing_balance} (${exp.closing_balance}) reconciled ${info?.reconciled}`);
  }
} finally {
  await reader.close();
}
