import { ERROR_CATALOGUE, type ErrorCode } from '../domain/error-codes.js';
import type { ServiceError } from '../services/service-error.js';

/**
 * An error the API answers with (SPEC §2). Thrown from hooks and handlers and turned into the
 * one error body by http/errors.ts. `message` is public: it never holds document content,
 * internals or stack traces.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly param?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = ERROR_CATALOGUE[code].status;
  }

  /** A dependency that is down is worth retrying: 503s say when (SPEC §2 leaves the value open). */
  static from(error: ServiceError): ApiError {
    const headers: Record<string, string> = error.code === 'service_unavailable' ? { 'Retry-After': '30' } : {};
    return new ApiError(error.code, error.message, error.param, headers);
  }
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; param?: string; request_id: string };
}

export function errorBody(code: ErrorCode, message: string, requestId: string, param?: string): ErrorBody {
  return { error: { code, message, ...(param ? { param } : {}), request_id: requestId } };
}
