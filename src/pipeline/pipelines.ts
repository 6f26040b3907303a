import { DOCUMENT_TYPES, type DocumentType } from '../domain/document-types.js';
import type { PipelineDefinition, PipelineRegistry, Stage } from './model/stage.js';
import { analysisStages } from './stages/analysis/index.js';
import { classifyStage } from './stages/classify/classify.js';
import { kontoauszugStage } from './stages/kontoauszug/stage.js';

/** The key-number names and review-flag topics of each analysis type (the API document's enums). */
export { ANALYSIS_VOCABULARY } from './stages/analysis/index.js';

/**
 * document_type → ordered stages. Every pipeline starts by checking that the upload is of the
 * requested type; the extraction stages of each type are added by their own modules. A
 * pipeline without a stage that produces its output answers 500 processing_failed ("not
 * available yet") — never a made-up result.
 */
const EXTRACTION_STAGES: Record<DocumentType, readonly Stage[]> = {
  kontoauszug: [kontoauszugStage],
  // The one list of the analysis types' stages; main.ts passes analysisStages(llm) as `extra`
  // to add the optional AI refinement to the same stages.
  ...analysisStages(),
};

export function buildPipelineRegistry(extra: Partial<Record<DocumentType, readonly Stage[]>> = {}): PipelineRegistry {
  const registry = {} as Record<DocumentType, PipelineDefinition>;
  for (const type of DOCUMENT_TYPES) {
    registry[type] = {
      documentType: type,
      slug: `klartext-${type}-v1`,
      output: type === 'kontoauszug' ? 'tables' : 'analysis',
      stages: [classifyStage, ...(extra[type] ?? EXTRACTION_STAGES[type])],
    };
  }
  return Object.freeze(registry);
}
