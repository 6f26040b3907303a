import { DOCUMENT_TYPES, type DocumentType } from '../../../domain/document-types.js';
import { pageText, type LoadedDocument } from '../../model/document.js';
import { DocumentNotRecognizedError } from '../../model/errors.js';
import type { Classification, Stage } from '../../model/stage.js';
import { foldGerman } from './fold-text.js';
import { SIGNALS } from './signals.js';

/** Below this score a text carries too little evidence to be any of the six types. */
export const MIN_SCORE = 7;
/**
 * The requested type must reach this share of the strongest other type's score: letters of
 * one type cite others (a termination mentions the last payslip, a reminder threatens
 * termination), so the requested type may trail a little, but not by a quarter.
 */
export const RIVAL_RATIO = 0.75;

const COMPILED: Record<DocumentType, { re: RegExp; weight: number }[]> = Object.fromEntries(
  DOCUMENT_TYPES.map((type) => [
    type,
    SIGNALS[type].map(([pattern, weight]) => ({ re: new RegExp(foldGerman(pattern), 'u'), weight })),
  ]),
) as Record<DocumentType, { re: RegExp; weight: number }[]>;

const LABEL: Record<DocumentType, string> = {
  kontoauszug: 'a bank statement (kontoauszug)',
  steuerbescheid: 'a tax assessment (steuerbescheid)',
  lohnabrechnung: 'a payslip (lohnabrechnung)',
  mahnung: 'a payment reminder or collection letter (mahnung)',
  kuendigung: 'a termination letter (kuendigung)',
  bussgeldbescheid: 'a fine notice (bussgeldbescheid)',
};

export function classifyText(text: string): Classification {
  const folded = foldGerman(text);
  const scores = {} as Record<DocumentType, number>;
  for (const type of DOCUMENT_TYPES) {
    scores[type] = COMPILED[type].reduce((sum, s) => sum + (s.re.test(folded) ? s.weight : 0), 0);
  }
  const ranked = [...DOCUMENT_TYPES].sort((a, b) => scores[b] - scores[a]);
  const top = ranked[0]!;
  return { best: scores[top] >= MIN_SCORE ? top : null, scores };
}

/** Whether the evidence supports reading the document as `requested`. */
export function supports(classification: Classification, requested: DocumentType): boolean {
  const own = classification.scores[requested];
  const rival = Math.max(...DOCUMENT_TYPES.filter((t) => t !== requested).map((t) => classification.scores[t]));
  return own >= MIN_SCORE && own >= rival * RIVAL_RATIO;
}

export function documentText(document: LoadedDocument): string {
  return document.pages.map(pageText).join('\n');
}

/**
 * Checks the upload against the requested document_type; a document of another kind is
 * DocumentNotRecognizedError (422). The message names types only, never document content.
 */
export const classifyStage: Stage = {
  name: 'classify',
  run(ctx) {
    const classification = classifyText(documentText(ctx.document));
    ctx.slots.classification = classification;
    if (supports(classification, ctx.documentType)) return;
    const readsAs =
      classification.best && classification.best !== ctx.documentType ? ` It reads as ${LABEL[classification.best]}.` : '';
    const noText = ctx.document.pages.every((p) => p.cells.length === 0) ? ' No readable text was found.' : '';
    throw new DocumentNotRecognizedError(
      `The document does not look like ${LABEL[ctx.documentType]}.${readsAs}${noText}`.trim(),
    );
  },
};
