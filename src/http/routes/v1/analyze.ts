import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DOCUMENT_TYPES, isDocumentType } from '../../../domain/document-types.js';
import type { Clock } from '../../../ports/clock.js';
import type { Store } from '../../../ports/store.js';
import type { AnalyzeDeps } from '../../../services/analyze-document.js';
import { analyzeAndSettle, recordAnalyzeCall, validateAnalyzeForm } from '../../../services/run-metered-analysis.js';
import { ApiError } from '../../api-error.js';
import { readUploadForm } from '../../multipart-upload.js';
import { AnalyzeResponseSchema, AUTH_ERRORS, ErrorBodySchema } from '../../schemas.js';

export interface AnalyzeRouteDeps extends AnalyzeDeps {
  store: Store;
  clock: Clock;
  /** The payment provider invoices overage calls (they are recorded at commit). */
  reportsOverage: boolean;
}

/**
 * POST /api/v1/analyze: multipart document_type + file, synchronous. Only a 200 is billable:
 * the reservation taken by the auth gate is committed by services/run-metered-analysis when
 * the analysis succeeds and given back on every other outcome (the gate's onResponse hook
 * catches what ends a request before the analysis, e.g. a validation error).
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
      const form = await readUploadForm(request, { fields: ['document_type'], file: 'file' });
      const rawType = form.fields.get('document_type')?.trim();
      if (rawType && isDocumentType(rawType)) request.documentType = rawType;
      const accepted = validateAnalyzeForm({ documentType: rawType, file: form.file });
      if (!accepted.ok) throw ApiError.from(accepted.error);

      const outcome = await analyzeAndSettle(deps, request.reservation, {
        ...accepted.value,
        startedAt: request.startedAt,
        origin: { requestId: request.id, organization: request.auth!.organization },
      });
      request.pagesProcessed = outcome.pages;
      if (!outcome.ok) {
        if (outcome.error.code === 'processing_failed') {
          request.log.warn({ failure: outcome.failure, document_type: accepted.value.documentType }, 'processing failed');
        }
        throw ApiError.from(outcome.error);
      }
      return reply.code(200).send(outcome.body);
    },
  );

  // The audit record of SPEC §7: who, what type, outcome, size and time — no content.
  app.addHook('onResponse', async (request, reply) => {
    if (request.routeOptions.url !== '/api/v1/analyze' || !request.auth) return;
    await recordAnalyzeCall(deps, {
      organizationId: request.auth.organization.id,
      keyId: request.auth.key.id,
      documentType: request.documentType && isDocumentType(request.documentType) ? request.documentType : null,
      statusCode: reply.statusCode,
      pages: request.pagesProcessed,
      latencyMs: Math.round(reply.elapsedTime),
    }).catch((err: Error) => request.log.error({ err: { name: err.name, message: err.message } }, 'audit insert failed'));
  });
}
