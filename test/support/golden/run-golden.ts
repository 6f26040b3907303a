import type { TextSource } from '../../../src/pipeline/model/document.js';
import type { DocumentReader } from '../../../src/pipeline/model/reader.js';
import { buildPipelineRegistry } from '../../../src/pipeline/pipelines.js';
import { createDocumentReader, defaultReaderConfig } from '../../../src/pipeline/reading/read-document.js';
import { analyzeDocument } from '../../../src/services/analyze-document.js';
import type { GoldenDocument } from './documents.js';
import { redact } from './redact.js';

/**
 * One golden file's content: which document, how each page was read (text layer or OCR), and
 * the answer exactly as POST /api/v1/analyze puts it in its JSON body (services/analyze-document,
 * the real reading layer and the real registry in-process) without `latency_ms`; a failure as
 * its API error code and the runner's failure kind and stage.
 */
export interface GoldenRecord {
  document: { set: string; id: string; document_type: string; origin: string };
  /** Per page: 'pdf' (text layer) or 'ocr'. */
  read: TextSource[];
  answer: unknown;
}

export interface GoldenRunner {
  run(doc: GoldenDocument): Promise<GoldenRecord>;
  close(): Promise<void>;
}

/** The API's defaults (config MAX_PAGES); the deadline is generous: a shared machine must not time out. */
const MAX_PAGES = 100;
const TIMEOUT_MS = 300_000;

/**
 * One reader for all documents (its worker pool is the expensive part) and one registry, the
 * service's own (no AI refinement: main.ts adds it only with an LLM configured).
 */
export function createGoldenRunner(): GoldenRunner {
  // The queue-wait bound is raised to the deadline: on a loaded machine the second document in
  // flight may wait for the one thread longer than the service's 20 s, and a 503 there would be
  // a false difference, not behaviour.
  const inner = createDocumentReader({ ...defaultReaderConfig, workerPoolSize: 1, warmUp: false, queueWaitMs: TIMEOUT_MS });
  const pipelines = buildPipelineRegistry();
  return {
    async run(doc) {
      // This run's reader: the shared one, noting how each page was read.
      let sources: TextSource[] = [];
      const reader: DocumentReader = {
        async read(bytes, kind, options) {
          const read = await inner.read(bytes, kind, options);
          sources = read.pages.map((p) => p.source);
          return read;
        },
        close: async () => undefined,
      };
      const { bytes, kind } = await doc.upload();
      const outcome = await analyzeDocument(
        { pipelines, reader, maxPages: MAX_PAGES, processingTimeoutMs: TIMEOUT_MS },
        { documentType: doc.documentType, bytes, kind, startedAt: performance.now() },
      );
      let answer: unknown;
      if (outcome.ok) {
        const { latency_ms: _latency, ...body } = outcome.body;
        answer = body;
      } else {
        answer = { error: { code: outcome.error.code }, failure: { kind: outcome.failure.kind, stage: outcome.failure.stage } };
      }
      return {
        document: { set: doc.set, id: doc.id, document_type: doc.documentType, origin: doc.origin },
        read: sources,
        answer: doc.redacted ? redact(answer) : answer,
      };
    },
    close: () => inner.close(),
  };
}
