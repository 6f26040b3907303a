/**
 * Recipient and posting-text mismatches of generated fixtures, per layout: for each posting
 * whose Empfänger or Buchungstext differs from the ground truth, the printed lines, expected
 * and returned. For engine work only.
 *   npx tsx bench/debug-recipients.ts <layout name> [seeds=2]
 */
import { fixtureFor, textLayerPdf } from '../scripts/fixtures/kontoauszug/generate.js';
import { LAYOUTS } from '../scripts/fixtures/kontoauszug/layouts.js';
import { createDocumentReader, defaultReaderConfig } from '../src/pipeline/reading/read-document.js';
import { extractAccounts, toTables } from '../src/pipeline/stages/kontoauszug/engine.js';

const name = process.argv[2] ?? '';
const seeds = Number(process.argv[3] ?? 2);
const reader = createDocumentReader({ ...defaultReaderConfig, workerPoolSize: 1, warmUp: false });
try {
  for (const layout of LAYOUTS.filter((l) => l.name.includes(name))) {
    for (let seed = 1; seed <= seeds; seed++) {
      const f = fixtureFor(layout, seed);
      const doc = await reader.read(await textLayerPdf(f), 'pdf', { maxPages: 100, signal: new AbortController().signal });
      const got = toTables(extractAccounts(doc)).flatMap((t) => t.rows);
      const exp = f.expected.tables.flatMap((t) => t.rows);
      exp.forEach((e, i) => {
        const g = got.find((r) => r[0] === e[0] && r[3] === e[3]) ?? got[i];
        if (!g || (g[2] === e[2] && g[1] === e[1])) return;
        console.log(`${f.id} ${e[0]} ${e[3]}`);
        if (g[2] !== e[2]) console.log(`   Empfänger  exp «${e[2]}»\n              got «${g[2]}»`);
        if (g[1] !== e[1]) console.log(`   Text       exp «${e[1]}»\n              got «${g[1]}»`);
      });
    }
  }
} finally {
  await reader.close();
}
