/**
 * Golden files (issue 21): the pipeline's full answer for every text-layer eval document, under
 * test/golden/{kontoauszug,letters,real}/<id>.expected.json (test/support/golden/documents.ts
 * says which documents; docs/golden-files.md how to review a change).
 *
 *   npm run golden                    # compare: a per-file summary of the differences
 *   npm run golden -- --update        # write the files that differ, delete stale ones
 *   npm run golden -- --set letters --only steuerbescheid-10 --diffs 30
 *
 * The real corpus is read from ../shared at run time (KLARTEXT_SHARED_DIR elsewhere) and skipped
 * when absent; its golden files hold figures in clear and every free text as a SHA-256 prefix.
 * Exit code 1 when compare finds a difference, a missing or a stale file.
 */
import { parseArgs } from 'node:util';
import { GOLDEN_SETS, type GoldenSet } from '../test/support/golden/documents.js';
import { formatDifferences } from '../test/support/golden/json-diff.js';
import { checkGoldenSet } from '../test/support/golden/golden-set.js';
import { createGoldenRunner } from '../test/support/golden/run-golden.js';

const { values: args } = parseArgs({
  options: {
    update: { type: 'boolean' },
    set: { type: 'string' },
    only: { type: 'string' },
    diffs: { type: 'string' },
    verbose: { type: 'boolean' },
  },
});
const sets = args.set ? (args.set.split(',') as GoldenSet[]) : GOLDEN_SETS;
for (const s of sets) if (!GOLDEN_SETS.includes(s)) throw new Error(`--set: one of ${GOLDEN_SETS.join(', ')}, got ${s}`);
const DIFFS = Number(args.diffs ?? 6);

const runner = createGoldenRunner();
let problems = 0;
let changedTotal = 0;
try {
  for (const set of sets) {
    const t0 = performance.now();
    const c0 = process.cpuUsage(); // this process, the reader's worker thread included
    const out = await checkGoldenSet(set, runner, {
      update: args.update === true,
      ...(args.only ? { only: args.only } : {}),
      onDocument: (id, verdict) => {
        if (args.verbose || verdict !== 'same') console.log(`  ${set}/${id}: ${verdict}`);
      },
    });
    if (out === null) {
      console.log(`${set}: skipped (../shared/corpus/real not present; set KLARTEXT_SHARED_DIR)`);
      continue;
    }
    const cpu = process.cpuUsage(c0);
    const secs = `wall ${((performance.now() - t0) / 1000).toFixed(1)} s, CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s`;
    if (!args.update) {
      for (const c of out.changed) console.log(`\n${set}/${c.id}.expected.json: ${c.differences.length} difference(s)\n${formatDifferences(c.differences, DIFFS)}`);
      for (const id of out.added) console.log(`${set}/${id}.expected.json: missing (run npm run golden -- --update)`);
      for (const id of out.stale) console.log(`${set}/${id}.expected.json: stale (no such document; --update deletes it)`);
    }
    problems += out.changed.length + (args.update ? 0 : out.added.length + out.stale.length);
    changedTotal += out.changed.length + out.added.length + out.stale.length;
    const verb = args.update ? ['rewritten', 'written new', 'deleted stale'] : ['differ', 'missing', 'stale'];
    console.log(
      `${set}: ${out.documents} documents, ${out.same.length} unchanged, ${out.changed.length} ${verb[0]}, ${out.added.length} ${verb[1]}, ${out.stale.length} ${verb[2]}` +
        `${out.skipped.length ? `, ${out.skipped.length} skipped (not read from the text layer alone)` : ''} (${secs})`,
    );
  }
} finally {
  await runner.close();
}
if (args.update) console.log(`golden files changed: ${changedTotal}`);
else if (problems > 0) {
  console.log(`golden: ${problems} file(s) differ, missing or stale`);
  process.exitCode = 1;
} else console.log('golden: every answer equals its file');
