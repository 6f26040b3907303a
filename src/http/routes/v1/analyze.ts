import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DOCUMENT_TYPES, isDocumentType } from '../../../domain/document-types.js';
import { sniffFileKind } from '../../../domain/file-kind.js';
import { newId } from '../../../domain/random-id.js';
import type { Clock } from '../../../ports/clock.js';
import type { Store } from '../../../ports/store.js';
import { analyzeDocument, type AnalyzeDeps } from '../../../services/analyze-document.js';
import { commitCall } from '../../../services/meter-calls.js';
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
 * the reservation taken by the auth gate is committed here just before the answer, and given
 * back by the gate's onResponse hook on every other outcome.
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
      const documentType = form.fields.get('document_type')?.trim();
      if (!documentType) throw new ApiError('invalid_request', "Field 'document_type' is missing.", 'document_type');
      if (!isDocumentType(documentType)) {
        throw new ApiError(
          'document_type_unsupported',
          `document_type must be one of ${DOCUMENT_TYPES.join(', ')}.`,
          'document_type',
        );
      }
      request.documentType = documentType;
      if (!form.file) throw new ApiError('invalid_request', "Field 'file' is missing.", 'file');
      if (form.file.bytes.length === 0) throw new ApiError('invalid_request', 'The file is empty.', 'file');
      const kind = sniffFileKind(form.file.bytes);
      if (!kind) throw new ApiError('invalid_request', 'The file is not a PDF, JPG or PNG.', 'file');

      const outcome = await analyzeDocument(deps, {
        documentType,
        bytes: form.file.bytes,
        kind,
        startedAt: request.startedAt,
      });
      request.pagesProcessed = outcome.pages;
      if (!outcome.ok) {
        if (outcome.error.code === 'processing_failed') {
          request.log.warn({ failure: outcome.failure, document_type: documentType }, 'processing failed');
        }
        throw ApiError.from(outcome.error);
      }
      if (request.reservation) {
        await commitCall(deps, request.reservation, { requestId: request.id, organization: request.auth!.organization, at: deps.clock.now() });
      }
      return reply.code(200).send(outcome.body);
    },
  );

  // The audit record of SPEC §7: who, what type, outcome, size and time — no content.
  app.addHook('onResponse', async (request, reply) => {
    if (request.routeOptions.url !== '/api/v1/analyze' || !request.auth) return;
    await deps.store
      .insertAuditRecord({
        id: newId('aud'),
        organizationId: request.auth.organization.id,
        keyId: request.auth.key.id,
        documentType: request.documentType && isDocumentType(request.documentType) ? request.documentType : null,
        statusCode: reply.statusCode,
        pages: request.pagesProcessed,
        latencyMs: Math.round(reply.elapsedTime),
        createdAt: deps.clock.now(),
      })
      .catch((err: Error) => request.log.error({ err: { name: err.name, message: err.message } }, 'audit insert failed'));
  });
}
