import type { ErrorCode } from '../domain/error-codes.js';

/**
 * An expected failure of a use case, as a value (DESIGN habit 2). The HTTP layer turns it into
 * the error body; `message` is public and must never hold document content.
 */
export interface ServiceError {
  code: ErrorCode;
  message: string;
  param?: string;
  /** What went wrong inside (a dependency's error), for the caller's log only — never sent. */
  cause?: Error;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ServiceError };

export const ok = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const fail = (code: ErrorCode, message: string, param?: string): Outcome<never> => ({
  ok: false,
  error: param ? { code, message, param } : { code, message },
});
