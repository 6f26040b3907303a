import type { DocumentType } from '../../domain/document-types.js';
import type { LoadedDocument } from './document.js';
import type { DocumentLayout, LayoutPart } from './layout.js';
import type { AccountRecord, Analysis, StatementInfo, Table } from './result.js';

export interface Classification {
  /** The type the document reads as, or null when no type has enough evidence. */
  best: DocumentType | null;
  /** Evidence score per type; higher is stronger. */
  scores: Record<DocumentType, number>;
  /** An authority sets an amount and instructs on the remedy against the document (classify/assessment.ts). */
  assessment?: boolean;
  /**
   * The kind of letter within the requested type (classify/subtypes.ts), decided by the classify
   * stage once the document is accepted as that type; absent for statements.
   */
  subtype?: Subtype;
}

/** The kind of document within a type, named in the summary. */
export interface Subtype {
  /** Stable id, e.g. "einkommensteuerbescheid", "inkasso", "arbeitsverhaeltnis", "verwarnung". */
  id: string;
  /** German name for the summary. */
  label: string;
}

/** Slots stages write into; each stage owns its own slot (DESIGN: stages write their own slot). */
export interface PipelineSlots {
  classification?: Classification;
  tables?: Table[];
  statement?: StatementInfo[] | StatementInfo;
  /** SPEC §8a: the accounts as accounting data, in the order of `tables`. */
  accounts?: AccountRecord[];
  analysis?: Analysis;
}

export interface StageContext {
  readonly documentType: DocumentType;
  readonly document: LoadedDocument;
  /** The document's lines, made once by the runner's layout step (model/layout.ts); read-only. */
  readonly layout: DocumentLayout;
  readonly signal: AbortSignal;
  readonly slots: PipelineSlots;
}

/**
 * One step of a pipeline. Expected outcomes are thrown as the typed errors of model/errors.ts
 * (DocumentNotRecognizedError, …); anything else thrown is a fault and ends in 500.
 */
export interface Stage {
  readonly name: string;
  /**
   * The layout parts the stage reads for a document of this type: the runner's layout step makes
   * them before the first stage runs, so their cost is timed as `layout` (model/layout.ts).
   */
  layoutParts?(documentType: DocumentType): readonly LayoutPart[];
  run(ctx: StageContext): Promise<void> | void;
}

export interface PipelineDefinition {
  readonly documentType: DocumentType;
  /** Reported as `project_slug`: names the pipeline and its version. */
  readonly slug: string;
  readonly output: 'tables' | 'analysis';
  readonly stages: readonly Stage[];
}

export type PipelineRegistry = Readonly<Record<DocumentType, PipelineDefinition>>;
