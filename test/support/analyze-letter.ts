import type { AnalysisDocumentType } from '../../src/domain/document-types.js';
import { documentLayout } from '../../src/pipeline/layout/document-layout.js';
import type { LoadedDocument } from '../../src/pipeline/model/document.js';
import type { Analysis } from '../../src/pipeline/model/result.js';
import { analyze, type TypeAnalyzer } from '../../src/pipeline/stages/analysis/common/analysis-stage.js';
import { letterSubtype } from '../../src/pipeline/stages/classify/subtypes.js';

/**
 * A letter analysed as the pipeline does after classify accepted it: over the document's layout,
 * with the subtype the classify stage would write (without its accept/reject decision).
 */
export function analyzeLetter<F>(analyzer: TypeAnalyzer<F>, type: AnalysisDocumentType, document: LoadedDocument): Analysis {
  const layout = documentLayout(document);
  return analyze(analyzer, document, layout, letterSubtype(type, layout.letterPages));
}
