import { z } from 'zod';
import { DOCUMENT_TYPES } from '../domain/document-types.js';
import { ERROR_CODES } from '../domain/error-codes.js';
import { PAID_CHECKOUT_TIERS, TIERS } from '../domain/tiers.js';

/**
 * Schemas the server validates and serializes with; the OpenAPI document is generated from
 * them (DESIGN habit 6), so the documentation cannot drift from the behaviour.
 */
export const ErrorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES as [string, ...string[]]).describe('Stable machine-readable error code'),
      message: z.string().describe('Human-readable explanation; may change between releases'),
      param: z.string().optional().describe('The request field at fault, where one is'),
      request_id: z.string().describe('Also in the X-Request-Id header; quote it to support'),
    }),
  })
  .meta({ id: 'Error' });

export const TableSchema = z.object({
  name: z.string(),
  headers: z.array(z.string()),
  rows: z.array(z.array(z.string())),
});

export const StatementSchema = z.object({
  iban: z.string().nullable(),
  bank: z.string().nullable(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  opening_balance: z.string().nullable(),
  closing_balance: z.string().nullable(),
  currency: z.string(),
  reconciled: z.boolean(),
});

export const AnalysisSchema = z.object({
  summary: z.string(),
  sections: z.array(z.object({ title: z.string(), page: z.number().int(), text: z.string() })),
  key_numbers: z.record(z.string(), z.object({ value: z.string(), page: z.number().int() })),
  review_flags: z.array(
    z.object({ topic: z.string(), severity: z.enum(['info', 'warning', 'critical']), description: z.string() }),
  ),
  checks: z.array(z.object({ rule: z.string(), holds: z.boolean(), values: z.record(z.string(), z.string()) })),
});

const AnalyzeCommon = {
  document_type: z.enum(DOCUMENT_TYPES),
  project_slug: z.string(),
  pages: z.number().int(),
  latency_ms: z.number().int(),
};

export const AnalyzeResponseSchema = z
  .union([
    z.object({
      ...AnalyzeCommon,
      tables: z.array(TableSchema),
      statement: z.union([StatementSchema, z.array(StatementSchema)]).optional(),
    }),
    z.object({ ...AnalyzeCommon, analysis: AnalysisSchema }),
  ])
  .meta({ id: 'AnalyzeResponse' });

export const UsageResponseSchema = z
  .object({
    organization: z.object({ id: z.string(), name: z.string(), tier: z.enum(TIERS) }),
    period: z.object({ start: z.string(), end: z.string() }),
    usage: z.object({
      billable_calls: z.number().int(),
      included_calls: z.number().int(),
      overage_calls: z.number().int(),
      overage_cents_per_call: z.number().int(),
      overage_cost_cents: z.number().int(),
    }),
  })
  .meta({ id: 'Usage' });

/** Strict, like the analyze form: an unknown field is 400 invalid_request, not ignored. */
export const CheckoutBodySchema = z.strictObject({
  tier: z.string().describe(`One of ${PAID_CHECKOUT_TIERS.join(', ')}`),
});

/** The portal takes no fields; a body, when sent, must be empty (`{}`). */
export const PortalBodySchema = z.strictObject({}).nullish();

export const BillingSessionSchema = z.object({ url: z.string() }).meta({ id: 'BillingSession' });

/** Error statuses each authenticated route can answer with, for the OpenAPI document. */
export const AUTH_ERRORS = {
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  429: ErrorBodySchema,
  500: ErrorBodySchema,
} as const;
