/**
 * SPEC §8a: letter key numbers carry `evidence` (page, box, source, confidence) next to `page`.
 * On generated text-layer letters of every analysis type, the real reading layer and registry:
 * each key number's box, on its stated page, holds the words that print its value as poppler's
 * `pdftotext -bbox` (a reader independent of the pipeline's) sees them.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { ANALYSIS_TYPES, GENERATORS } from '../../../scripts/fixtures/analysis/index.js';
import { makeTextPdf } from '../../../scripts/fixtures/text-pdf.js';
import type { Analysis } from '../../../src/pipeline/model/result.js';
import { buildPipelineRegistry } from '../../../src/pipeline/pipelines.js';
import { runPipeline } from '../../../src/pipeline/run-pipeline.js';
import { pdfWordBoxes } from '../../support/pdf-word-boxes.js';
import { testReader } from '../helpers.js';

const reader = testReader({ workerPoolSize: 1 });
after(() => reader.close());
const registry = buildPipelineRegistry();
const compact = (s: string): string => s.normalize('NFKC').replace(/\s+/gu, '').toLowerCase();

describe('letter key numbers carry evidence', () => {
  let total = 0;
  let withEvidence = 0;
  for (const type of ANALYSIS_TYPES) {
    for (const seed of [1, 2]) {
      it(`${type} #${seed}: each box holds the printed value on the stated page`, async () => {
        const fixture = GENERATORS[type](seed);
        const pdf = await makeTextPdf(fixture.pages);
        const result = await runPipeline(registry[type], { bytes: pdf, kind: 'pdf' }, { reader, maxPages: 20, timeoutMs: 60_000 });
        assert.ok(result.status === 'success' && result.output.kind === 'analysis', JSON.stringify(result));
        const analysis: Analysis = result.output.analysis;
        const pages = await pdfWordBoxes(pdf);
        const keys = Object.entries(analysis.key_numbers);
        assert.ok(keys.length > 0);
        for (const [name, k] of keys) {
          total++;
          if (!k.evidence) continue;
          withEvidence++;
          const e = k.evidence;
          assert.equal(e.page, k.page, `${name}: evidence page = page`);
          assert.deepEqual([e.source, e.confidence], ['text_layer', 1]);
          const [x0, y0, x1, y1] = e.box;
          assert.ok(x0 >= 0 && x0 < x1 && x1 <= 1 && y0 >= 0 && y0 < y1 && y1 <= 1, `${name}: box ${e.box.join(',')}`);
          const page = pages[e.page - 1]!;
          const tol = 2;
          const inside = page.words.filter((w) => w.x0 >= x0 * page.width - tol && w.x1 <= x1 * page.width + tol && w.y0 >= y0 * page.height - tol && w.y1 <= y1 * page.height + tol);
          assert.ok(compact(inside.map((w) => w.text).join(' ')).includes(compact(k.value)), `${type} #${seed} ${name}: box holds "${k.value}", has "${inside.map((w) => w.text).join(' ')}"`);
          // The box is the value's words, not the whole page: no more than a line high.
          assert.ok((y1 - y0) * page.height < 30, `${name}: one line high`);
        }
      });
    }
  }

  it('nearly every key number has evidence (those whose value is printed as reported)', (t) => {
    t.diagnostic(`${withEvidence}/${total} key numbers with evidence`);
    assert.ok(total > 40, `${total} key numbers`);
    assert.ok(withEvidence / total >= 0.9, `${withEvidence}/${total} with evidence`);
  });
});

describe('key number evidence where a value is printed more than once', () => {
  it('boxes the line that names the key, never part of a longer figure', async () => {
    const { payslipLines, textPdf } = await import('../../support/documents.js');
    const pdf = await textPdf([payslipLines()]);
    const result = await runPipeline(registry.lohnabrechnung, { bytes: pdf, kind: 'pdf' }, { reader, maxPages: 5, timeoutMs: 60_000 });
    assert.ok(result.status === 'success' && result.output.kind === 'analysis');
    const keys = result.output.analysis.key_numbers;
    const page = (await pdfWordBoxes(pdf))[0]!;
    /** The printed line (by poppler) that the key's box sits on. */
    const lineOf = (name: string): string => {
      const e = keys[name]?.evidence;
      assert.ok(e, `${name} has evidence`);
      const mid = ((e.box[1] + e.box[3]) / 2) * page.height;
      return page.words
        .filter((w) => w.y0 <= mid && w.y1 >= mid)
        .map((w) => w.text)
        .join(' ');
    };
    // 2.288,00 € twice (Nettoverdienst, Auszahlungsbetrag); 3.500,00 € twice (Gehalt, Gesamtbrutto);
    // 0,00 € inside 3.500,00 €; the tax class 1 inside the postcode 70173.
    assert.match(lineOf('auszahlungsbetrag'), /^Auszahlungsbetrag/);
    assert.match(lineOf('nettoverdienst'), /^Nettoverdienst/);
    assert.match(lineOf('gesamtbrutto'), /^Gesamtbrutto/);
    assert.match(lineOf('solidaritaetszuschlag'), /^Solidaritätszuschlag/);
    assert.match(lineOf('steuerklasse'), /^Steuerklasse/);
  });
});
