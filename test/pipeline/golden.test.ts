import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { GOLDEN_SETS } from '../support/golden/documents.js';
import { formatDifferences } from '../support/golden/json-diff.js';
import { checkGoldenSet } from '../support/golden/golden-set.js';
import { createGoldenRunner } from '../support/golden/run-golden.js';

/**
 * Golden files (issue 21): every text-layer eval document runs through the real reading layer
 * and the real registry (as POST /api/v1/analyze answers it) and must equal its file under
 * test/golden/ exactly — any difference fails, with the first differences printed as path,
 * expected and actual. A change that is meant: `npm run golden -- --update`, then review the
 * diff of test/golden in the commit (docs/golden-files.md). The real corpus is skipped when
 * ../shared/corpus/real is absent.
 */
describe('golden files', () => {
  const runner = createGoldenRunner();
  after(() => runner.close());

  for (const set of GOLDEN_SETS) {
    test(`${set}: every answer equals its golden file`, async (t) => {
      const out = await checkGoldenSet(set, runner);
      if (out === null) {
        t.skip('../shared/corpus/real is not present (KLARTEXT_SHARED_DIR): real-corpus golden files not checked');
        return;
      }
      const report: string[] = [];
      for (const c of out.changed.slice(0, 5)) report.push(`test/golden/${set}/${c.id}.expected.json: ${c.differences.length} difference(s)\n${formatDifferences(c.differences)}`);
      if (out.changed.length > 5) report.push(`… and ${out.changed.length - 5} more documents differ`);
      if (out.added.length) report.push(`no golden file for: ${out.added.join(', ')}`);
      if (out.stale.length) report.push(`golden files of no document: ${out.stale.join(', ')}`);
      if (out.skipped.length) t.diagnostic(`${out.skipped.length} document(s) not read from the text layer alone at the last --update: not golden material`);
      t.diagnostic(`${set}: ${out.same.length} of ${out.documents} documents compared, all equal: ${report.length === 0}`);
      assert.ok(out.same.length > 0, `${set}: no golden file compared`);
      assert.equal(report.length, 0, `${set}: answers differ from the golden files (npm run golden -- --update if meant, then review the diff):\n${report.join('\n')}`);
    });
  }
});
