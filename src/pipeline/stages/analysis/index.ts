/**
 * The analysis stages of the five types, optionally followed by the LLM refinement. The
 * composition root passes `analysisStages(client)` to `buildPipelineRegistry` when an
 * LLM_BASE_URL is configured; without it the registry's default stages answer on their own.
 */
import type { AnalysisDocumentType } from '../../../domain/document-types.js';
import type { Stage } from '../../model/stage.js';
import type { LlmClient } from '../../../ports/llm-client.js';
import { BUSSGELD_KEYS } from './bussgeldbescheid/key-numbers.js';
import { BUSSGELD_FLAG_TOPICS } from './bussgeldbescheid/review-flags.js';
import { bussgeldbescheidStage } from './bussgeldbescheid/index.js';
import { llmRefineStage } from './common/llm-refine.js';
import { KUENDIGUNG_KEYS } from './kuendigung/key-numbers.js';
import { KUENDIGUNG_FLAG_TOPICS } from './kuendigung/review-flags.js';
import { kuendigungStage } from './kuendigung/index.js';
import { LOHN_KEYS } from './lohnabrechnung/key-numbers.js';
import { LOHN_FLAG_TOPICS } from './lohnabrechnung/review-flags.js';
import { lohnabrechnungStage } from './lohnabrechnung/index.js';
import { MAHN_KEYS } from './mahnung/key-numbers.js';
import { MAHN_FLAG_TOPICS } from './mahnung/review-flags.js';
import { mahnungStage } from './mahnung/index.js';
import { STEUER_KEYS } from './steuerbescheid/key-numbers.js';
import { STEUER_FLAG_TOPICS } from './steuerbescheid/review-flags.js';
import { steuerbescheidStage } from './steuerbescheid/index.js';

/**
 * SPEC §9's vocabulary of each analysis type, from the lists the stages themselves use: the
 * key-number names and the review-flag topics. The API document lists them as enums.
 */
export const ANALYSIS_VOCABULARY = {
  steuerbescheid: { keyNumbers: STEUER_KEYS, flagTopics: STEUER_FLAG_TOPICS },
  lohnabrechnung: { keyNumbers: LOHN_KEYS, flagTopics: LOHN_FLAG_TOPICS },
  mahnung: { keyNumbers: MAHN_KEYS, flagTopics: MAHN_FLAG_TOPICS },
  kuendigung: { keyNumbers: KUENDIGUNG_KEYS, flagTopics: KUENDIGUNG_FLAG_TOPICS },
  bussgeldbescheid: { keyNumbers: BUSSGELD_KEYS, flagTopics: BUSSGELD_FLAG_TOPICS },
} as const satisfies Record<AnalysisDocumentType, { keyNumbers: readonly string[]; flagTopics: readonly string[] }>;

const BASE: Record<AnalysisDocumentType, [Stage, readonly string[]]> = {
  steuerbescheid: [steuerbescheidStage, STEUER_KEYS],
  lohnabrechnung: [lohnabrechnungStage, LOHN_KEYS],
  mahnung: [mahnungStage, MAHN_KEYS],
  kuendigung: [kuendigungStage, KUENDIGUNG_KEYS],
  bussgeldbescheid: [bussgeldbescheidStage, BUSSGELD_KEYS],
};

export function analysisStages(llm?: LlmClient): Record<AnalysisDocumentType, Stage[]> {
  const out = {} as Record<AnalysisDocumentType, Stage[]>;
  for (const [type, [stage, keys]] of Object.entries(BASE) as [AnalysisDocumentType, [Stage, readonly string[]]][]) {
    out[type] = llm?.enabled ? [stage, llmRefineStage(llm, keys)] : [stage];
  }
  return out;
}
