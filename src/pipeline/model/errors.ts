/**
 * Expected pipeline outcomes that are not a result. The one mapping to API errors is in
 * services/analyze-document.ts: load → 400 invalid_request, not recognised → 422, no reading
 * capacity → 503 service_unavailable, everything else → 500 processing_failed. `publicMessage` may reach the client and must never
 * hold document content; `message` is for logs and holds none either.
 */
export type LoadFailureKind =
  | 'empty'
  | 'corrupt'
  | 'encrypted'
  | 'too_many_pages'
  | 'too_many_scanned_pages'
  | 'undecodable_image'
  | 'image_too_large'
  | 'bad_geometry'
  | 'inflates_too_much';

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

/**
 * The reading pool had no thread for this read within the wait bound (QUEUE_WAIT_MS), or the
 * read's deadline passed while it was still waiting for one: the service is overloaded, not the
 * document at fault. Answered 503 service_unavailable with Retry-After; nothing is billed.
 */
export class ReadingCapacityError extends Error {
  override readonly name = 'ReadingCapacityError';
  constructor(readonly waitBoundMs: number) {
    super(`no reading capacity within ${waitBoundMs} ms`);
  }
}
