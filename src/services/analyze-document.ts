import type { DocumentType } from '../domain/document-types.js';
import type { FileKind } from '../domain/file-kind.js';
import type { DocumentReader } from '../pipeline/model/reader.js';
import type { AccountRecord, Analysis, StatementInfo, Table } from '../pipeline/model/result.js';
import type { PipelineRegistry } from '../pipeline/model/stage.js';
import { runPipeline, type FailureKind, type PagePreview, type StageTiming } from '../pipeline/run-pipeline.js';
import type { ServiceError } from './service-error.js';

export interface AnalyzeDeps {
  pipelines: PipelineRegistry;
  reader: DocumentReader;
  maxPages: number;
  processingTimeoutMs: number;
}

interface CommonBody {
  document_type: DocumentType;
  project_slug: string;
  pages: number;
  latency_ms: number;
}

export type AnalyzeBody =
  | (CommonBody & { tables: Table[]; statement?: StatementInfo[] | StatementInfo; accounts?: AccountRecord[] })
  | (CommonBody & { analysis: Analysis });

/** What the caller logs about a failure: kinds and names, never document content. */
export interface FailureReport {
  kind: FailureKind;
  stage: string;
  errorName?: string;
  errorMessage?: string;
}

export type AnalyzeOutcome =
  | { ok: true; body: AnalyzeBody; pages: number; timings: StageTiming[]; previews?: PagePreview[] }
  | { ok: false; error: ServiceError; pages: number | null; failure: FailureReport };

/**
 * Runs the document type's pipeline on an accepted upload and maps its outcome to the API
 * — the one place that does (DESIGN): a load failure is 400 invalid_request (param file), a
 * document of another type 422 document_not_recognized, work withdrawn by the caller's signal
 * or refused for lack of reading capacity 503 service_unavailable, anything else 500 processing_failed with a public message only.
 */
export async function analyzeDocument(
  deps: AnalyzeDeps,
  input: {
    documentType: DocumentType;
    bytes: Uint8Array;
    kind: FileKind;
    startedAt: number;
    signal?: AbortSignal;
    /** The organization: reads of different organizations share the reading pool fairly. */
    shareKey?: string;
    /** Also return a preview of every page as read, this many pixels wide (the try-it page). */
    previewWidthPx?: number;
  },
): Promise<AnalyzeOutcome> {
  const pipeline = deps.pipelines[input.documentType];
  const run = await runPipeline(pipeline, input, {
    reader: deps.reader,
    maxPages: deps.maxPages,
    timeoutMs: deps.processingTimeoutMs,
    signal: input.signal,
    ...(input.shareKey !== undefined ? { shareKey: input.shareKey } : {}),
    ...(input.previewWidthPx !== undefined ? { previewWidthPx: input.previewWidthPx } : {}),
  });
  if (run.status === 'failure') {
    // 'cancelled': the caller withdrew the work (client gone, or a shutdown past its grace);
    // 'overloaded': no reading capacity within the queue-wait bound. Both 503: nothing is wrong
    // with the document and a retry later or elsewhere will work.
    const code =
      run.kind === 'load'
        ? 'invalid_request'
        : run.kind === 'not_recognized'
          ? 'document_not_recognized'
          : run.kind === 'cancelled' || run.kind === 'overloaded'
            ? 'service_unavailable'
            : 'processing_failed';
    const error: ServiceError = { code, message: run.publicMessage };
    if (run.kind === 'load') error.param = 'file';
    const failure: FailureReport = { kind: run.kind, stage: run.stage };
    if (run.cause instanceof Error) {
      failure.errorName = run.cause.name;
      failure.errorMessage = run.cause.message.slice(0, 200);
    }
    return { ok: false, error, pages: run.pages, failure };
  }
  const common: CommonBody = {
    document_type: input.documentType,
    project_slug: pipeline.slug,
    pages: run.pages,
    latency_ms: Math.max(0, Math.round(performance.now() - input.startedAt)),
  };
  const body: AnalyzeBody =
    run.output.kind === 'tables'
      ? { ...common, tables: run.output.tables, ...(run.output.statement ? { statement: run.output.statement } : {}), ...(run.output.accounts ? { accounts: run.output.accounts } : {}) }
      : { ...common, analysis: run.output.analysis };
  return { ok: true, body, pages: run.pages, timings: run.timings, ...(run.previews ? { previews: run.previews } : {}) };
}
