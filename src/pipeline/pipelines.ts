import { DOCUMENT_TYPES, type DocumentType } from '../domain/document-types.js';
import type { PipelineDefinition, PipelineRegistry, Stage } from './model/stage.js';
import { bussgeldbescheidStage } from './stages/analysis/bussgeldbescheid/index.js';
import { kuendigungStage } from './stages/analysis/kuendigung/index.js';
import { lohnabrechnungStage } from './stages/analysis/lohnabrechnung/index.js';
import { mahnungStage } from './stages/analysis/mahnung/index.js';
import { steuerbescheidStage } from './stages/analysis/steuerbescheid/index.js';
import { classifyStage } from './stages/classify/classify.js';
import { kontoauszugStage } from './stages/kontoauszug/stage.js';

/**
 * document_type → ordered stages. Every pipeline starts by checking that the upload is of the
 * requested type; the extraction stages of each type are added by their own modules. A
 * pipeline without a stage that produces its output answers 500 processing_failed ("not
 * available yet") — never a made-up result.
 */
const EXTRACTION_STAGES: Record<DocumentType, readonly Stage[]> = {
  kontoauszug: [kontoauszugStage],
  steuerbescheid: [steuerbescheidStage],
  lohnabrechnung: [lohnabrechnungStage],
  mahnung: [mahnungStage],
  kuendigung: [kuendigungStage],
  bussgeldbescheid: [bussgeldbescheidStage],
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
