import type { FileKind } from '../domain/file-kind.js';
import { documentLayout } from './layout/document-layout.js';
import type { LoadedDocument } from './model/document.js';
import { DocumentLoadError, DocumentNotRecognizedError, ProcessingTimeoutError, ReadingCapacityError } from './model/errors.js';
import type { DocumentReader } from './model/reader.js';
import type { PipelineOutput } from './model/result.js';
import type { LayoutPart } from './model/layout.js';
import type { PipelineDefinition, PipelineSlots, StageContext } from './model/stage.js';

export type FailureKind = 'load' | 'not_recognized' | 'not_available' | 'timeout' | 'cancelled' | 'overloaded' | 'fault';

export interface StageTiming {
  stage: string;
  ms: number;
}

/** A page as it was read, for showing evidence boxes on it (RunOptions.previewWidthPx). */
export interface PagePreview {
  page: number;
  /** The page's size in points (its aspect is the preview's). */
  width: number;
  height: number;
  /** Grey JPEG; boxes in fractions of the page map onto it directly. */
  jpeg: Uint8Array;
}

export type PipelineRun =
  | { status: 'success'; pages: number; output: PipelineOutput; timings: StageTiming[]; previews?: PagePreview[] }
  | {
      status: 'failure';
      pages: number | null;
      kind: FailureKind;
      stage: string;
      /** Safe for the client: never holds document content or internals. */
      publicMessage: string;
      /** For logs only (the error's name and message, never document text). */
      cause?: unknown;
      timings: StageTiming[];
    };

export interface RunOptions {
  reader: DocumentReader;
  maxPages: number;
  timeoutMs: number;
  /**
   * The caller's cancellation (the client left, the server is shutting down): aborts the
   * reader and the stages like the deadline does, and the run ends as kind 'cancelled'.
   */
  signal?: AbortSignal;
  /** Whose share of the reading capacity the read uses (the organization; ReadOptions.shareKey). */
  shareKey?: string;
  /** Return a preview of every page, this many pixels wide (ReadOptions.previewWidthPx). */
  previewWidthPx?: number;
}

/**
 * Reads the upload, makes its layout (the lines every stage reads, model/layout.ts) as a step of
 * its own, and runs the pipeline's stages in order, recording the time of each step (`read`,
 * `layout`, then each stage by name).
 * Expected outcomes come back as values (docling's conversion status), faults as
 * kind 'fault'; nothing thrown escapes. The deadline aborts the reader and the stages; the
 * document is only referenced from this call's frame and is released when it returns.
 */
export async function runPipeline(
  pipeline: PipelineDefinition,
  input: { bytes: Uint8Array; kind: FileKind },
  options: RunOptions,
): Promise<PipelineRun> {
  const timings: StageTiming[] = [];
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new ProcessingTimeoutError(options.timeoutMs)), options.timeoutMs);
  const deadline = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
  });
  deadline.catch(() => undefined); // observed through Promise.race below
  const cancel = () => controller.abort(new RunCancelledError());
  if (options.signal?.aborted) cancel();
  else options.signal?.addEventListener('abort', cancel, { once: true });

  let document: LoadedDocument | null = null;
  let current = 'read';
  let reading: Promise<LoadedDocument> | null = null;
  try {
    let started = performance.now();
    reading = options.reader.read(input.bytes, input.kind, {
      maxPages: options.maxPages,
      signal: controller.signal,
      ...(options.shareKey !== undefined ? { shareKey: options.shareKey } : {}),
      ...(options.previewWidthPx !== undefined ? { previewWidthPx: options.previewWidthPx } : {}),
    });
    reading.catch(() => undefined); // observed through Promise.race below
    document = await Promise.race([reading, deadline]);
    timings.push({ stage: 'read', ms: performance.now() - started });

    current = 'layout';
    started = performance.now();
    const layout = documentLayout(document, layoutParts(pipeline));
    timings.push({ stage: 'layout', ms: performance.now() - started });

    const slots: PipelineSlots = {};
    const ctx: StageContext = { documentType: pipeline.documentType, document, layout, signal: controller.signal, slots };
    for (const stage of pipeline.stages) {
      current = stage.name;
      started = performance.now();
      await Promise.race([Promise.resolve().then(() => stage.run(ctx)), deadline]);
      timings.push({ stage: stage.name, ms: performance.now() - started });
    }

    current = 'output';
    const output = outputOf(pipeline, slots);
    if (!output) {
      return failure('not_available', `Processing of document_type '${pipeline.documentType}' is not available yet.`);
    }
    const previews = options.previewWidthPx !== undefined ? previewsOf(document) : undefined;
    return { status: 'success', pages: document.pages.length, output, timings, ...(previews ? { previews } : {}) };
  } catch (error) {
    if (error instanceof DocumentLoadError) return failure('load', error.publicMessage, error);
    if (error instanceof DocumentNotRecognizedError) return failure('not_recognized', error.publicMessage, error);
    if (error instanceof ReadingCapacityError) return overloaded(error);
    if (error instanceof ProcessingTimeoutError) {
      // The deadline passed while the read still waited for a pool thread: the reader refuses
      // it as a lack of capacity (it settles at once once aborted), and so is the call.
      if (current === 'read' && reading) {
        const readError = await Promise.race([reading.then(() => null, (e: unknown) => e), delay(1_000)]);
        if (readError instanceof ReadingCapacityError) return overloaded(readError);
      }
      return failure('timeout', 'Processing took longer than the allowed time and was stopped.', error);
    }
    if (error instanceof RunCancelledError || controller.signal.reason instanceof RunCancelledError) {
      return failure('cancelled', 'Processing was stopped before it could finish; retry shortly.', error);
    }
    return failure('fault', 'Processing the document failed.', error);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
    if (!controller.signal.aborted) controller.abort(new Error('pipeline finished'));
  }

  function overloaded(error: ReadingCapacityError): PipelineRun {
    return failure('overloaded', 'The service is busy and could not start reading the document in time; nothing was billed. Retry later.', error);
  }

  function failure(kind: FailureKind, publicMessage: string, cause?: unknown): PipelineRun {
    return { status: 'failure', pages: document?.pages.length ?? null, kind, stage: current, publicMessage, cause, timings };
  }
}

/** The layout parts the pipeline's stages read (Stage.layoutParts), each once. */
export function layoutParts(pipeline: PipelineDefinition): LayoutPart[] {
  return [...new Set(pipeline.stages.flatMap((s) => s.layoutParts?.(pipeline.documentType) ?? []))];
}

function outputOf(pipeline: PipelineDefinition, slots: PipelineSlots): PipelineOutput | null {
  if (pipeline.output === 'tables') {
    return slots.tables
      ? { kind: 'tables', tables: slots.tables, ...(slots.statement ? { statement: slots.statement } : {}), ...(slots.accounts ? { accounts: slots.accounts } : {}) }
      : null;
  }
  return slots.analysis ? { kind: 'analysis', analysis: slots.analysis } : null;
}

function previewsOf(document: LoadedDocument): PagePreview[] {
  return document.pages.flatMap((p) => (p.preview ? [{ page: p.number, width: p.width, height: p.height, jpeg: p.preview }] : []));
}

function delay(ms: number): Promise<null> {
  return new Promise((resolve) => setTimeout(() => resolve(null), ms).unref?.());
}

/** The caller withdrew the run (RunOptions.signal); not a fault of the document. */
class RunCancelledError extends Error {
  override readonly name = 'RunCancelledError';
  constructor() {
    super('processing cancelled by the caller');
  }
}
