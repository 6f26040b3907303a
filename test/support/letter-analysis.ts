import assert from 'node:assert/strict';
import { after } from 'node:test';
import type { Line } from '../../scripts/fixtures/analysis/unseen/model.js';
import { letterPageSpecs } from '../../scripts/fixtures/analysis/unseen/pages.js';
import { makeTextPdf } from '../../scripts/fixtures/text-pdf.js';
import type { AnalysisDocumentType } from '../../src/domain/document-types.js';
import type { Analysis } from '../../src/pipeline/model/result.js';
import { buildPipelineRegistry } from '../../src/pipeline/pipelines.js';
import { runPipeline } from '../../src/pipeline/run-pipeline.js';
import { testReader } from '../pipeline/helpers.js';

/**
 * Letters written in the unseen authors' lines (scripts/fixtures/analysis/unseen/model.ts),
 * rendered to a text-layer PDF and run through the real reading layer and the type's whole
 * pipeline. Call once at a test file's top level: one reader for the file, closed after its tests.
 * The returned function fails the test unless the pipeline answers with an analysis.
 */
export function letterAnalysis(): (type: AnalysisDocumentType, pages: Line[][]) => Promise<Analysis> {
  const reader = testReader();
  after(() => reader.close());
  const registry = buildPipelineRegistry();
  return async (type, pages) => {
    const r = await runPipeline(registry[type], { bytes: await makeTextPdf(letterPageSpecs(pages)), kind: 'pdf' }, { reader, maxPages: 5, timeoutMs: 60_000 });
    assert.equal(r.status, 'success', r.status === 'failure' ? r.publicMessage : '');
    assert.ok(r.status === 'success' && r.output.kind === 'analysis');
    return r.output.analysis;
  };
}
