/**
 * The one catalogue of API error codes: code → HTTP status → documentation.
 * Every error the API answers with comes from here (SPEC §2); the OpenAPI document and
 * docs/errors.md are checked against it by test/error-catalogue.test.ts.
 */
export const ERROR_CATALOGUE = {
  invalid_request: {
    status: 400,
    description:
      'A field is missing or malformed, the file is not a PDF, JPG or PNG, the file is larger than 10 MB, ' +
      'empty, cannot be opened, is password-protected or has more pages than allowed.',
  },
  document_type_unsupported: {
    status: 400,
    description: 'document_type is not one of kontoauszug, steuerbescheid, lohnabrechnung, mahnung, kuendigung, bussgeldbescheid.',
  },
  invalid_api_key: { status: 401, description: 'The Authorization header is missing, malformed or names an unknown key.' },
  revoked_api_key: { status: 401, description: 'The API key has been revoked.' },
  quota_exceeded: { status: 402, description: 'The trial allowance of 50 successful calls is used up (trial tier only).' },
  insufficient_scope: { status: 403, description: 'The API key lacks the scope this endpoint requires.' },
  not_found: { status: 404, description: 'No route or resource at this address.' },
  method_not_allowed: { status: 405, description: 'The route exists but not for this HTTP method.' },
  request_timeout: {
    status: 408,
    description: 'The request body was not received within REQUEST_TIMEOUT_MS (a stalled or very slow upload); nothing was billed.',
  },
  document_not_recognized: { status: 422, description: 'The document does not match the given document_type.' },
  rate_limited: { status: 429, description: 'The per-minute rate limit of the organization is exceeded; see Retry-After.' },
  request_headers_too_large: { status: 431, description: 'The request headers exceed the server\'s limit (16 KB in total).' },
  processing_failed: { status: 500, description: 'Reading or analysing the document failed; the call is not billed.' },
  internal_error: { status: 500, description: 'An unexpected fault outside document processing; nothing was billed.' },
  service_unavailable: {
    status: 503,
    description:
      'A dependency (database, shared rate-limit store, payment provider) cannot be reached, the server is shutting down, ' +
      'or it is overloaded (no reading capacity within QUEUE_WAIT_MS); nothing was billed; retry after Retry-After seconds.',
  },
} as const satisfies Record<string, { status: number; description: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

export function statusOf(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].status;
}
