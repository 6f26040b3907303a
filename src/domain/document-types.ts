/** The six document types of the contract; `document_type` selects the pipeline. */
export const DOCUMENT_TYPES = [
  'kontoauszug',
  'steuerbescheid',
  'lohnabrechnung',
  'mahnung',
  'kuendigung',
  'bussgeldbescheid',
] as const;

export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export function isDocumentType(value: string): value is DocumentType {
  return (DOCUMENT_TYPES as readonly string[]).includes(value);
}

/** Analysis types answer with `analysis`; kontoauszug answers with `tables`. */
export type AnalysisDocumentType = Exclude<DocumentType, 'kontoauszug'>;
