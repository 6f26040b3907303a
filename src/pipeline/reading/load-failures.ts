import { DocumentLoadError, type LoadFailureKind } from '../model/errors.js';

/**
 * The reasons a reader refuses an upload, as plain values: they cross the worker boundary by
 * structured clone (class instances do not), and turn into a DocumentLoadError with its public
 * message on the main thread. Public messages name the problem and never the content.
 */
export type LoadFailure =
  | { kind: 'empty' }
  | { kind: 'corrupt' }
  | { kind: 'encrypted' }
  | { kind: 'too_many_pages'; pages: number; maxPages: number }
  | { kind: 'too_many_scanned_pages'; pages: number; maxPages: number }
  | { kind: 'undecodable_image' }
  | { kind: 'image_too_large'; width?: number; height?: number; maxPixels: number }
  | { kind: 'bad_geometry'; what: 'page' | 'image'; width: number; height: number; unit: 'pt' | 'px' }
  | { kind: 'inflates_too_much'; maxMegabytes: number };

export function publicMessage(failure: LoadFailure): string {
  switch (failure.kind) {
    case 'empty':
      return 'The uploaded file is empty.';
    case 'corrupt':
      return 'The PDF file is damaged or truncated and cannot be read.';
    case 'encrypted':
      return 'The PDF is protected by a password. Upload a copy without password protection.';
    case 'too_many_pages':
      return `The document has ${failure.pages} pages; at most ${failure.maxPages} pages are accepted.`;
    case 'too_many_scanned_pages':
      return (
        `The document has ${failure.pages} scanned pages to read by OCR; one call reads at most ${failure.maxPages} scanned pages in time. ` +
        `Split the file into parts of at most ${failure.maxPages} scanned pages and send each part in its own call.`
      );
    case 'undecodable_image':
      return 'The image cannot be decoded; the file is damaged or not a valid JPEG or PNG.';
    case 'image_too_large': {
      const mp = Math.floor(failure.maxPixels / 1_000_000);
      const size = failure.width && failure.height ? ` (${failure.width} × ${failure.height} pixels)` : '';
      return `The image is too large${size}; at most ${mp} megapixels are accepted.`;
    }
    case 'bad_geometry': {
      const size = `${failure.width} × ${failure.height} ${failure.unit === 'pt' ? 'points' : 'pixels'}`;
      return failure.what === 'page'
        ? `A page has an impossible size (${size}); pages must be between 1/4 inch and 200 inches per side, at most 25 times as long as wide.`
        : `The image has an impossible shape (${size}); at least 16 pixels per side and at most 25 times as long as wide are accepted.`;
    }
    case 'inflates_too_much':
      return `The PDF's compressed content expands to more than ${failure.maxMegabytes} MB; no paperwork needs that much, and such a file is not read.`;
  }
}

export function toLoadError(failure: LoadFailure): DocumentLoadError {
  return new DocumentLoadError(failure.kind satisfies LoadFailureKind, publicMessage(failure));
}

/** Thrown inside a worker to carry a LoadFailure up to the task boundary. */
export class LoadFailureSignal extends Error {
  constructor(readonly failure: LoadFailure) {
    super(`load failure: ${failure.kind}`);
  }
}
