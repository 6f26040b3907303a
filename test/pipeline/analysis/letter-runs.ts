import assert from 'node:assert/strict';
import { after } from 'node:test';
import type { Line } from '../../../scripts/fixtures/analysis/unseen/model.js';
import { letterPageSpecs } from '../../../scripts/fixtures/analysis/unseen/pages.js';
import { makeTextPdf } from '../../../scripts/fixtures/text-pdf.js';
import type { DocumentType } from '../../../src/domain/document-types.js';
import type { Analysis } from '../../../src/pipeline/model/result.js';
import { buildPipelineRegistry } from '../../../src/pipeline/pipelines.js';
import { runPipeline } from '../../../src/pipeline/run-pipeline.js';
import { testReader } from '../helpers.js';

/**
 * The pipeline's own deadline in these tests: generous, because the first letter of a file also pays
 * for starting the reader's threads, and on a loaded CI machine that took over 60 s (session 18).
 * The tests assert what is read, never how fast.
 */
const PIPELINE_BOUND_MS = 300_000;

/** Reads a letter written as lines of the unseen-letter model through the real pipeline of `type`. */
export type LetterRun = (type: DocumentType, pages: Line[][]) => Promise<Analysis>;

/**
 * A letter run for one test file: letters are rendered as text PDFs and read by a real reader
 * (closed after the file's tests) through the real pipeline; a run that is not an analysis fails
 * the test with the pipeline's public message.
 */
export function letterRuns(): LetterRun {
  const reader = testReader();
  after(() => reader.close());
  const registry = buildPipelineRegistry();
  return async (type, pages) => {
    const r = await runPipeline(registry[type], { bytes: await makeTextPdf(letterPageSpecs(pages)), kind: 'pdf' }, { reader, maxPages: 5, timeoutMs: PIPELINE_BOUND_MS });
    assert.equal(r.status, 'success', r.status === 'failure' ? r.publicMessage : '');
    assert.ok(r.status === 'success' && r.output.kind === 'analysis');
    return r.output.analysis;
  };
}

/** The key numbers' printed values by name. */
export const keyValues = (a: Analysis): Record<string, string | undefined> => Object.fromEntries(Object.entries(a.key_numbers).map(([k, v]) => [k, v?.value]));

/** The topics of the review flags, in order. */
export const flagTopics = (a: Analysis): string[] => a.review_flags.map((f) => f.topic);
