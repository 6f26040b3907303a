/**
 * Expected pipeline outcomes that are not a result. The one mapping to API errors is in
 * services/analyze-document.ts: load → 400 invalid_request, not recognised → 422,
 * everything else → 500 processing_failed. `publicMessage` may reach the client and must never
 * hold document content; `message` is for logs and holds none either.
 */
export type LoadFailureKind =
  | 'empty'
  | 'corrupt'
  | 'encrypted'
  | 'too_many_pages'
  | 'undecodable_image'
  | 'image_too_large'
  | 'bad_geometry';

export class DocumentLoadError extends Error {
  override readonly name = 'DocumentLoadError';
  constructor(
    readonly kind: LoadFailureKind,
    readonly publicMessage: string,
  ) {
    super(`document load failed: ${kind}`);
  }
}

export class DocumentNotRecognizedError extends Error {
  override readonly name = 'DocumentNotRecognizedError';
  constructor(readonly publicMessage: string) {
    super('document not recognized');
  }
}

/** The processing deadline passed; everything the request held is freed. */
export class ProcessingTimeoutError extends Error {
  override readonly name = 'ProcessingTimeoutError';
  constructor(readonly deadlineMs: number) {
    super(`processing exceeded ${deadlineMs} ms`);
  }
}
