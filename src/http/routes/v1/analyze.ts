import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isDocumentType } from '../../../domain/document-types.js';
import type { Clock } from '../../../ports/clock.js';
import type { Store } from '../../../ports/store.js';
import type { AnalyzeDeps } from '../../../services/analyze-document.js';
import { acceptResponseFormat, exportStatement } from '../../../services/export-statement.js';
import { analyzeHoldingReservation, trimAsciiWhitespace, validateAnalyzeForm } from '../../../services/run-metered-analysis.js';
import { ApiError } from '../../api-error.js';
import { readUploadForm } from '../../multipart-upload.js';
import { ANALYZE_FORM_FIELDS, AnalyzeFormSchema, AnalyzeResponseSchema, ErrorBodySchema, EXPORT_CONTENT, RECONCILED_HEADER } from '../../schemas.js';

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
      config: { scope: 'analyze:write', metered: true, form: AnalyzeFormSchema, alternativeContent: EXPORT_CONTENT },
      schema: {
        operationId: 'analyzeDocument',
        summary: 'Analyze a document',
        description:
          'Multipart form with `document_type`, `file` (PDF, JPG or PNG, at most 10 MB) and optionally `format`; no other field. ' +
          'Synchronous; only a 200 is billed. The JSON answer is discriminated by `document_type`; with `format` ' +
          '`camt053`, `mt940` or `csv` a statement is answered as that file instead (SPEC §8a).',
        tags: ['analyze'],
        response: { 200: AnalyzeResponseSchema, 400: ErrorBodySchema, 422: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const form = await readUploadForm(request, ANALYZE_FORM_FIELDS);
      const given = form.fields.get('document_type');
      const rawType = given === undefined ? undefined : trimAsciiWhitespace(given);
      if (rawType && isDocumentType(rawType)) request.documentType = rawType;
      const accepted = validateAnalyzeForm({ documentType: rawType, file: form.file });
      if (!accepted.ok) throw ApiError.from(accepted.error);
      const givenFormat = form.fields.get('format');
      const format = acceptResponseFormat(givenFormat === undefined ? undefined : trimAsciiWhitespace(givenFormat), accepted.value.documentType);
      if (!format.ok) throw ApiError.from(format.error);

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
      if (format.value === 'json') {
        request.billableCall = { requestId: request.id, organization: request.auth!.organization };
        return reply.code(200).send(outcome.body);
      }
      // An export that cannot be made (no account found) is refused and, like every refusal, not billed.
      const file = exportStatement(outcome.body, format.value, { createdAt: deps.clock.now() });
      if (!file.ok) throw ApiError.from(file.error);
      const accounts = 'accounts' in outcome.body ? (outcome.body.accounts ?? []) : [];
      request.billableCall = { requestId: request.id, organization: request.auth!.organization };
      return reply
        .code(200)
        .type(file.value.contentType)
        .header('Content-Disposition', `attachment; filename="kontoauszug.${file.value.filenameExtension}"`)
        .header(RECONCILED_HEADER, String(accounts.every((a) => a.reconciled)))
        .send(file.value.body);
    },
  );
}
