import { DOCUMENT_TYPES, isDocumentType, type DocumentType } from '../domain/document-types.js';
import { sniffFileKind, unsupportedImageFormat, type FileKind } from '../domain/file-kind.js';
import { statusOf } from '../domain/error-codes.js';
import { newId } from '../domain/random-id.js';
import type { PagePreview } from '../pipeline/run-pipeline.js';
import type { Clock } from '../ports/clock.js';
import type { RateLimitDecision, RateLimiter } from '../ports/rate-limiter.js';
import type { Organization, Store } from '../ports/store.js';
import { analyzeDocument, type AnalyzeBody, type AnalyzeDeps, type FailureReport } from './analyze-document.js';
import { commitCall, releaseCall, reserveCall, type CommitDeps, type Reservation } from './meter-calls.js';
import { limitsOf } from './organization-limits.js';
import { withRetries } from './retry.js';
import { fail, ok, type Outcome, type ServiceError } from './service-error.js';

/**
 * One metered analyze call, shared by POST /api/v1/analyze and the account area's "Try it"
 * page, so both bill, refuse and record exactly alike. The steps, in the order of SPEC §2
 * (after the key checks, which only the API has):
 *   3. rate limit of the organization      → hitOrganizationRateLimit
 *   4. trial quota: reserve a call         → meter-calls.reserveCall
 *   5. validation of the form              → validateAnalyzeForm
 *   6. processing; release on failure      → analyzeHoldingReservation
 *      commit once the 200 is written       → settleDelivery
 *   and the audit record of SPEC §7        → recordAnalyzeCall
 * The API runs 3–4 in its auth gate (plugins/api-auth.ts) for every keyed route and 5–6 in the
 * route; the account page runs them all through runMeteredAnalysis.
 */
export interface MeteredAnalysisDeps extends AnalyzeDeps, CommitDeps {
  store: Store;
  clock: Clock;
  rateLimiter: RateLimiter;
}

/** Counts one request against the organization's per-minute budget. Throws when the limiter is down. */
export async function hitOrganizationRateLimit(deps: { rateLimiter: RateLimiter }, organization: Organization): Promise<RateLimitDecision> {
  return deps.rateLimiter.hit(`org:${organization.id}`, limitsOf(organization).rateLimitPerMinute);
}

export interface AnalyzeForm {
  documentType: string | undefined;
  file: { bytes: Uint8Array } | null;
}

export interface AcceptedUpload {
  documentType: DocumentType;
  bytes: Uint8Array;
  kind: FileKind;
}

/** Validation of SPEC §2: document_type present and one of the six, one non-empty PDF/JPG/PNG. */
export function validateAnalyzeForm(form: AnalyzeForm): Outcome<AcceptedUpload> {
  const documentType = form.documentType === undefined ? undefined : trimAsciiWhitespace(form.documentType);
  if (!documentType) return fail('invalid_request', "Field 'document_type' is missing.", 'document_type');
  if (!isDocumentType(documentType)) {
    return fail('document_type_unsupported', `document_type must be one of ${DOCUMENT_TYPES.join(', ')}.`, 'document_type');
  }
  if (!form.file) return fail('invalid_request', "Field 'file' is missing.", 'file');
  if (form.file.bytes.length === 0) return fail('invalid_request', 'The file is empty.', 'file');
  const kind = sniffFileKind(form.file.bytes);
  if (!kind) {
    const named = unsupportedImageFormat(form.file.bytes);
    if (named) return fail('invalid_request', `${named} images are not supported; send JPG, PNG or PDF.`, 'file');
    return fail('invalid_request', 'The file is not a PDF, JPG or PNG.', 'file');
  }
  return ok({ documentType, bytes: form.file.bytes, kind });
}

/**
 * Only ASCII spaces, tabs and line breaks around a form value are forgiven (a trailing newline
 * from `curl -F document_type=@file`); String#trim would also take a no-break space or other
 * Unicode spaces, so `"kontoauszug\u00a0"` would pass as a valid type.
 */
export function trimAsciiWhitespace(value: string): string {
  return value.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');
}

export type SettledAnalysis =
  | { ok: true; body: AnalyzeBody; pages: number; previews?: PagePreview[] }
  | { ok: false; error: ServiceError; pages: number | null; failure: FailureReport };

/** Who made the call: the request id names it in an overage report (meter event identifier). */
export interface CallOrigin {
  requestId: string;
  organization: Organization;
}

/**
 * Runs the pipeline with the call's reservation held. Every failure gives the reservation
 * back at once; a success leaves it held, because a result is only billable once it has
 * reached the client: the caller settles it with settleDelivery when the response is written
 * (commit) or the connection closed before (release). `signal` withdraws the work (the client
 * left, the server is draining); the outcome is then 503 service_unavailable.
 */
export async function analyzeHoldingReservation(
  deps: AnalyzeDeps & { store: Store },
  reservation: Reservation | null,
  upload: AcceptedUpload & { startedAt: number; signal?: AbortSignal; shareKey?: string; previewWidthPx?: number },
): Promise<SettledAnalysis> {
  let succeeded = false;
  try {
    const outcome = await analyzeDocument(deps, upload);
    if (!outcome.ok) return { ok: false, error: outcome.error, pages: outcome.pages, failure: outcome.failure };
    succeeded = true;
    return { ok: true, body: outcome.body, pages: outcome.pages, ...(outcome.previews ? { previews: outcome.previews } : {}) };
  } finally {
    if (reservation && !succeeded) await releaseCall(deps, reservation);
  }
}

/**
 * Settles a call's reservation once its response is done with: committed (billable, with its
 * overage report where due) only when `billable` names the successful call and the response
 * was written in full; released otherwise — a client that left before the answer is not
 * billed. Idempotent, like commit and release themselves.
 *
 * The response is out already, so a failed attempt cannot be answered with an error: it is
 * retried on a fresh connection with a bounded backoff (services/retry.ts) — a 200 the client
 * holds must not go unbilled because the pooled connection it was committed on had died. The
 * store settles a reservation by its id once, so a retry after a commit whose acknowledgement
 * was lost counts nothing: never billed twice. Throws only once the retries are used up.
 */
export async function settleDelivery(
  deps: CommitDeps & { clock: Clock },
  reservation: Reservation,
  billable: CallOrigin | null,
  delivered: boolean,
  opts: { retryDelaysMs?: readonly number[]; onRetry?: (err: Error, attempt: number) => void } = {},
): Promise<void> {
  const at = deps.clock.now();
  await withRetries(
    async () => {
      if (billable && delivered) await commitCall(deps, reservation, { ...billable, at });
      else await releaseCall(deps, reservation);
    },
    { delaysMs: opts.retryDelaysMs, onRetry: opts.onRetry },
  );
}

/**
 * The status an audit record gets for a call whose client closed the connection before the
 * answer was written (nginx's "client closed request"); never sent, since nobody is listening.
 */
export const CLIENT_CLOSED_REQUEST = 499;

/**
 * The audit record of SPEC §7: who, which key, what type, outcome, pages and time — no content.
 * Written after the response, so like the settlement it is retried on a fresh connection; its
 * id is chosen once and a second insert of the same id is a no-op, so a retry after a lost
 * acknowledgement never writes two records for one call.
 */
export async function recordAnalyzeCall(
  deps: { store: Store; clock: Clock },
  entry: { organizationId: string; keyId: string; documentType: DocumentType | null; statusCode: number; pages: number | null; latencyMs: number },
  opts: { retryDelaysMs?: readonly number[]; onRetry?: (err: Error, attempt: number) => void } = {},
): Promise<void> {
  const record = { id: newId('aud'), ...entry, createdAt: deps.clock.now() };
  await withRetries(() => deps.store.insertAuditRecord(record), { delaysMs: opts.retryDelaysMs, onRetry: opts.onRetry });
}

export type MeteredCallResult =
  | {
      ok: true;
      status: 200;
      body: AnalyzeBody;
      documentType: DocumentType;
      pages: number;
      /** Each page as read, where the caller asked for previews. */
      previews?: PagePreview[];
      /** Settles the held reservation once the response is done: commit when delivered. */
      settle: (delivered: boolean) => Promise<void>;
    }
  | {
      ok: false;
      status: number;
      error: ServiceError;
      documentType: DocumentType | null;
      pages: number | null;
      /** Seconds until the rate-limit window resets (429 only). */
      retryAfterSeconds?: number;
      /** Kinds and names of a processing fault, for the caller's log (never content). */
      failure?: FailureReport;
      /** The limiter could not be reached (503); the caller logs it. */
      limiterError?: Error;
    };

/**
 * Steps 3–6 for a caller outside the API's auth gate (the account area's signed-in session
 * stands in for the key). `readForm` reads the upload only once the call is admitted, so a
 * rate-limited or quota-blocked request is refused before its body is read, as on the API.
 * Every failure releases the reservation, also when readForm throws; a success returns it
 * held, and the caller must call `settle` once its response is done (see settleDelivery).
 */
export async function runMeteredAnalysis(
  deps: MeteredAnalysisDeps,
  input: {
    organization: Organization;
    requestId: string;
    startedAt: number;
    readForm: () => Promise<Outcome<AnalyzeForm>>;
    /** Withdraws the work: the client left or the server is draining. */
    signal?: AbortSignal;
    /** Also return each page as read, this many pixels wide (the try-it page draws boxes on it). */
    previewWidthPx?: number;
  },
): Promise<MeteredCallResult> {
  const failed = (error: ServiceError, extra: Partial<Extract<MeteredCallResult, { ok: false }>> = {}): MeteredCallResult => ({
    ok: false,
    status: statusOf(error.code),
    error,
    documentType: null,
    pages: null,
    ...extra,
  });

  let decision: RateLimitDecision;
  try {
    decision = await hitOrganizationRateLimit(deps, input.organization);
  } catch (err) {
    return failed({ code: 'service_unavailable', message: 'The service is temporarily unavailable; retry shortly.' }, { limiterError: err as Error });
  }
  if (!decision.allowed) {
    return failed(
      { code: 'rate_limited', message: `The rate limit of ${decision.limit} requests per minute is exceeded; retry in ${decision.resetSeconds} s.` },
      { retryAfterSeconds: decision.resetSeconds },
    );
  }
  const reservation = await reserveCall(deps, input.organization);
  if (!reservation) {
    return failed({ code: 'quota_exceeded', message: `The trial allowance of ${limitsOf(input.organization).includedCalls} calls is used up.` });
  }
  let held = false;
  try {
    const form = await input.readForm();
    if (!form.ok) return failed(form.error);
    const accepted = validateAnalyzeForm(form.value);
    if (!accepted.ok) return failed(accepted.error);
    const { documentType } = accepted.value;
    const settled = await analyzeHoldingReservation(deps, reservation, {
      ...accepted.value,
      startedAt: input.startedAt,
      signal: input.signal,
      shareKey: input.organization.id,
      ...(input.previewWidthPx !== undefined ? { previewWidthPx: input.previewWidthPx } : {}),
    });
    if (!settled.ok) return failed(settled.error, { documentType, pages: settled.pages, failure: settled.failure });
    held = true;
    const origin: CallOrigin = { requestId: input.requestId, organization: input.organization };
    return {
      ok: true,
      status: 200,
      body: settled.body,
      documentType,
      pages: settled.pages,
      ...(settled.previews ? { previews: settled.previews } : {}),
      settle: (delivered) => settleDelivery(deps, reservation, origin, delivered),
    };
  } finally {
    if (!held && !reservation.settled) await releaseCall(deps, reservation);
  }
}

/**
 * The key id of audit records of calls made from the account area's "Try it" page: those calls
 * are made by a signed-in person, not with an API key. A fixed marker (not a `key_…` id, so it
 * can never name a real key) keeps key_id NOT NULL meaningful without a key nobody can use.
 */
export const ACCOUNT_AREA_KEY_ID = 'account_area';
