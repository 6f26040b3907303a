import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DOCUMENT_TYPES, isDocumentType } from '../../../domain/document-types.js';
import type { Clock } from '../../../ports/clock.js';
import type { Store } from '../../../ports/store.js';
import type { AnalyzeDeps } from '../../../services/analyze-document.js';
import { analyzeHoldingReservation, trimAsciiWhitespace, validateAnalyzeForm } from '../../../services/run-metered-analysis.js';
import { ApiError } from '../../api-error.js';
import { FILE_FIELD, readUploadForm } from '../../multipart-upload.js';
import { AnalyzeResponseSchema, AUTH_ERRORS, ErrorBodySchema } from '../../schemas.js';

export interface AnalyzeRouteDeps extends AnalyzeDeps {
  store: Store;
  clock: Clock;
  /** The payment provider invoices overage calls (they are recorded at commit). */
  reportsOverage: boolean;
}

/**
 * POST /api/v1/analyze: multipart document_type + file, synchronous. Only a 200 that reached
 * the client is billable: the route marks its successful call (request.billableCall) and
 * plugins/metered-calls.ts commits the reservation once that response is written, or
 * releases it on every other outcome, and writes the audit record.
 */
export async function analyzeRoute(app: FastifyInstance, deps: AnalyzeRouteDeps): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v1/analyze',
    {
      config: { scope: 'analyze:write', metered: true },
      schema: {
        summary: 'Analyze a document',
        description:
          'Multipart form with `document_type` (one of ' +
          DOCUMENT_TYPES.join(', ') +
          ') and `file` (PDF, JPG or PNG, at most 10 MB). Synchronous; only a 200 is billed.',
        tags: ['analyze'],
        consumes: ['multipart/form-data'],
        security: [{ bearerAuth: [] }],
        response: { 200: AnalyzeResponseSchema, 400: ErrorBodySchema, 402: ErrorBodySchema, 422: ErrorBodySchema, ...AUTH_ERRORS },
      },
    },
    async (request, reply) => {
      const form = await readUploadForm(request, { fields: ['document_type'], file: FILE_FIELD });
      const given = form.fields.get('document_type');
      const rawType = given === undefined ? undefined : trimAsciiWhitespace(given);
      if (rawType && isDocumentType(rawType)) request.documentType = rawType;
      const accepted = validateAnalyzeForm({ documentType: rawType, file: form.file });
      if (!accepted.ok) throw ApiError.from(accepted.error);

      const outcome = await analyzeHoldingReservation(deps, request.reservation, {
        ...accepted.value,
        startedAt: request.startedAt,
        signal: request.clientGone ?? undefined,
        shareKey: request.auth!.organization.id,
      });
      request.pagesProcessed = outcome.pages;
      if (!outcome.ok) {
        if (outcome.error.code === 'processing_failed') {
          request.log.warn({ failure: outcome.failure, document_type: accepted.value.documentType }, 'processing failed');
        }
        throw ApiError.from(outcome.error);
      }
      request.billableCall = { requestId: request.id, organization: request.auth!.organization };
      return reply.code(200).send(outcome.body);
    },
  );
}
