import { z } from 'zod';
import { DOCUMENT_TYPES, type DocumentType } from '../domain/document-types.js';
import { ERROR_CODES } from '../domain/error-codes.js';
import { MAX_UPLOAD_BYTES } from '../domain/file-kind.js';
import { PAID_CHECKOUT_TIERS, TIERS } from '../domain/tiers.js';
import { POSTING_TYPES, type AccountRecord, type Analysis, type StatementInfo, type Table } from '../pipeline/model/result.js';
import { ANALYSIS_VOCABULARY } from '../pipeline/pipelines.js';
import { RESPONSE_FORMATS } from '../services/export-statement.js';
import { FILE_FIELD } from './multipart-upload.js';

/**
 * Schemas the server validates and serializes with; the OpenAPI document is generated from
 * them (DESIGN habit 6), so the documentation cannot drift from the behaviour. Formats are
 * data here (patterns, enums, `format`), not prose: the serializer holds every response to
 * them, and a client generated from the document gets them as types.
 */

/** SPEC §8's German date: `DD.MM.YYYY` (domain/german-dates.ts formatGermanDate). */
const GERMAN_DATE = /^\d{2}\.\d{2}\.\d{4}$/;
/** SPEC §8's Betrag: leading `-` for debits, no `+`, `.` between thousands, two decimals (formatGermanAmount). */
const GERMAN_AMOUNT = /^-?\d{1,3}(?:\.\d{3})*,\d{2}$/;
/** SPEC §8a's amounts as data: a dot and a leading `-` for debits: `-1234.56`. */
const DECIMAL_AMOUNT = /^-?\d+\.\d{2}$/;
/** An IBAN in electronic format (no spaces), as SPEC §8a writes it. */
const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;
/** ISO 4217. */
const CURRENCY = /^[A-Z]{3}$/;

const germanAmount = () => z.string().regex(GERMAN_AMOUNT).describe('German notation: `-1.234,56`, `2.000,00`');
const page = () => z.number().int().min(1).describe('1-based page number');

export const ErrorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES as [string, ...string[]]).describe('Stable machine-readable error code'),
      message: z.string().describe('Human-readable explanation; may change between releases'),
      param: z.string().optional().describe('The request field at fault, where one is'),
      request_id: z
        .string()
        .regex(/^req_[0-9A-Za-z]{20}$/)
        .describe('Also in the X-Request-Id header; quote it to support'),
    }),
  })
  .meta({ id: 'Error' });

/** The analyze form (SPEC §2): exactly these fields; the route reads them by these names. */
export const AnalyzeFormSchema = z
  .strictObject({
    document_type: z.enum(DOCUMENT_TYPES),
    format: z
      .enum(RESPONSE_FORMATS)
      .optional()
      .describe(
        '`json` (default): the analysis as JSON. For `kontoauszug` only, the postings as a file: `camt053` ' +
          '(ISO 20022 camt.053.001.08, application/xml), `mt940` (SWIFT MT940 as German banks write it, text/plain), ' +
          '`csv` (UTF-8 with BOM, `;`, German notation, text/csv); the header X-Statement-Reconciled says whether ' +
          'the balances agree. With another document_type: 400 invalid_request (param `format`).',
      ),
    [FILE_FIELD]: z
      .file()
      .max(MAX_UPLOAD_BYTES)
      .describe('PDF, JPG or PNG (recognised by its bytes, not its Content-Type); at most 10 MB (10485760 bytes)'),
  })
  .meta({ id: 'AnalyzeForm' });

/** On an export (form field `format`): whether every account's balances agree (opening + Σ postings = closing). */
export const RECONCILED_HEADER = 'X-Statement-Reconciled';

/**
 * The 200 answers of analyze besides JSON (SPEC §8a exports), by media type: what the OpenAPI
 * document adds to the operation's 200 (openapi.ts), with the headers an export carries.
 */
export const EXPORT_CONTENT = {
  'application/xml': 'With `format=camt053`: ISO 20022 camt.053.001.08, one `Stmt` per account.',
  'text/plain': 'With `format=mt940`: SWIFT MT940 as German banks write it (DATEV-compatible), US-ASCII.',
  'text/csv': 'With `format=csv`: UTF-8 with BOM, `;`, German notation, a header row, one row per posting.',
} as const;

export const ANALYZE_FORM_FIELDS = { fields: ['document_type', 'format'], file: FILE_FIELD } as const satisfies {
  fields: readonly (keyof z.infer<typeof AnalyzeFormSchema>)[];
  file: keyof z.infer<typeof AnalyzeFormSchema>;
};

export const TableSchema = z
  .object({
    name: z.string().describe('`Umsätze DE89 3704 0044 0532 0130 00`, or `Umsätze` where no IBAN is printed'),
    headers: z.array(z.string()).describe('`["Datum", "Buchungstext", "Empfänger", "Betrag"]`'),
    rows: z.array(
      z.tuple([
        z
          .string()
          .regex(new RegExp(`^(?:${GERMAN_DATE.source.slice(1, -1)})?$`))
          .describe('Datum: booking date `DD.MM.YYYY`; empty where none could be read'),
        z.string().describe('Buchungstext'),
        z.string().describe('Empfänger; `""` where none is printed'),
        germanAmount().describe('Betrag in German notation: `-1.234,56`, `2.000,00`'),
      ]),
    ),
  })
  .meta({ id: 'Table' });

export const StatementSchema = z
  .object({
    iban: z.string().nullable().describe('As printed in groups of four: `DE89 3704 0044 0532 0130 00`'),
    bank: z.string().nullable(),
    period_start: z.string().regex(GERMAN_DATE).nullable().describe('`DD.MM.YYYY`'),
    period_end: z.string().regex(GERMAN_DATE).nullable().describe('`DD.MM.YYYY`'),
    opening_balance: germanAmount().nullable(),
    closing_balance: germanAmount().nullable(),
    currency: z.string().regex(CURRENCY).describe('ISO 4217 (`EUR`, `CHF`)'),
    reconciled: z.boolean().describe('opening + Σ postings = closing'),
  })
  .meta({ id: 'Statement' });

const EvidenceFields = {
  page: page(),
  box: z
    .tuple([z.number().min(0).max(1), z.number().min(0).max(1), z.number().min(0).max(1), z.number().min(0).max(1)])
    .describe('`[x0, y0, x1, y1]` as fractions of the page width and height, top-left origin'),
  source: z.enum(['text_layer', 'ocr']),
  confidence: z.number().min(0).max(1).describe('1 on a text layer; on OCR the least sure word read'),
};

export const EvidenceSchema = z.object(EvidenceFields).meta({ id: 'Evidence' });

export const PostingSchema = z
  .object({
    id: z.string().describe('Stable across calls and overlapping statements of one account'),
    booking_date: z.iso.date(),
    value_date: z.iso.date().nullable(),
    amount: z.string().regex(DECIMAL_AMOUNT).describe('Decimal with a dot, leading `-` for debits: `-1234.56`'),
    currency: z.string().regex(CURRENCY),
    counterparty: z.object({
      name: z.string().nullable(),
      iban: z.string().regex(IBAN).nullable(),
      bic: z.string().nullable(),
      ultimate: z.string().nullable().describe('The merchant behind a payment service (PayPal, Klarna …)'),
    }),
    type: z.enum(POSTING_TYPES),
    type_text: z.string().nullable().describe('The type as printed (`Lastschrift`)'),
    purpose: z.string().nullable(),
    references: z.object({
      end_to_end_id: z.string().nullable(),
      mandate_id: z.string().nullable(),
      creditor_id: z.string().nullable(),
      customer_reference: z.string().nullable(),
    }),
    text: z.string().describe('The whole posting text as printed, lines joined by one space'),
    evidence: z.object({ ...EvidenceFields, verified: z.enum(['running_balance', 'reconciled', 'none']) }),
  })
  .meta({ id: 'Posting' });

const BalanceSchema = z.object({
  amount: z.string().regex(DECIMAL_AMOUNT),
  date: z.iso.date().nullable(),
  evidence: EvidenceSchema.nullable(),
});

export const AccountSchema = z
  .object({
    iban: z.string().regex(IBAN).nullable().describe('Electronic format, no spaces'),
    bic: z.string().nullable(),
    holder: z.string().nullable(),
    bank: z.string().nullable(),
    currency: z.string().regex(CURRENCY),
    period: z.object({ start: z.iso.date().nullable(), end: z.iso.date().nullable() }),
    opening_balance: BalanceSchema.nullable(),
    closing_balance: BalanceSchema.nullable(),
    reconciled: z.boolean(),
    postings: z.array(PostingSchema),
  })
  .meta({ id: 'Account' });

const KeyNumberSchema = z
  .object({ value: z.string().describe('As printed, with unit or currency'), page: page(), evidence: EvidenceSchema.optional() })
  .meta({ id: 'KeyNumber' });

const SectionSchema = z.object({ title: z.string(), page: page(), text: z.string() });
const CheckSchema = z.object({ rule: z.string(), holds: z.boolean(), values: z.record(z.string(), z.string()) });

/** The analysis of one type: its own key-number names and flag topics (SPEC §9) as enums. */
function analysisOf(vocabulary: { keyNumbers: readonly string[]; flagTopics: readonly string[] }) {
  return z.object({
    summary: z.string().describe('German, 2–5 sentences'),
    sections: z.array(SectionSchema),
    key_numbers: z
      .object(Object.fromEntries(vocabulary.keyNumbers.map((name) => [name, KeyNumberSchema.optional()])) as Record<string, z.ZodOptional<typeof KeyNumberSchema>>)
      .describe('Each key number the document prints, by its SPEC §9 name'),
    review_flags: z.array(
      z.object({
        topic: z.enum(vocabulary.flagTopics as [string, ...string[]]),
        severity: z.enum(['info', 'warning', 'critical']),
        description: z.string(),
      }),
    ),
    checks: z.array(CheckSchema),
  });
}

/** The component name of a document type's result: `KontoauszugResult`, `MahnungResult` … */
function resultId(type: DocumentType): string {
  return `${type[0]!.toUpperCase()}${type.slice(1)}Result`;
}

const AnalyzeCommon = {
  project_slug: z.string(),
  pages: z.number().int().min(1),
  latency_ms: z.number().int().min(0),
};

export const KontoauszugResultSchema = z
  .object({
    document_type: z.literal('kontoauszug'),
    ...AnalyzeCommon,
    tables: z.array(TableSchema).describe('One table per account found'),
    statement: z.union([StatementSchema, z.array(StatementSchema)]).optional().describe('One object, or one per account'),
    accounts: z.array(AccountSchema).optional().describe('SPEC §8a: the postings as data, one per account in the order of `tables`'),
  })
  .meta({ id: resultId('kontoauszug') });

const ANALYSIS_TYPES = Object.keys(ANALYSIS_VOCABULARY) as (keyof typeof ANALYSIS_VOCABULARY)[];

const analysisResults = ANALYSIS_TYPES.map((type) =>
  z
    .object({ document_type: z.literal(type), ...AnalyzeCommon, analysis: analysisOf(ANALYSIS_VOCABULARY[type]) })
    .meta({ id: resultId(type) }),
);

/**
 * Discriminated by `document_type`: kontoauszug answers with `tables`, the other types with
 * `analysis`. Typed as any schema for the route: the service's body does not correlate the
 * type with its vocabulary at compile time; the serializer checks it at run time, and
 * SCHEMAS_MATCH_THE_MODEL below keeps the shapes in step with the model.
 */
export const AnalyzeResponseSchema: z.ZodType<unknown> = z
  .discriminatedUnion('document_type', [KontoauszugResultSchema, ...analysisResults])
  .meta({
    id: 'AnalyzeResponse',
    discriminator: {
      propertyName: 'document_type',
      mapping: Object.fromEntries(DOCUMENT_TYPES.map((type) => [type, `#/components/schemas/${resultId(type)}`])),
    },
  });

export const UsageResponseSchema = z
  .object({
    organization: z.object({ id: z.string().regex(/^org_[0-9A-Za-z]+$/), name: z.string(), tier: z.enum(TIERS) }),
    period: z.object({ start: z.iso.datetime(), end: z.iso.datetime() }),
    usage: z.object({
      billable_calls: z.number().int().min(0),
      included_calls: z.number().int().min(0),
      overage_calls: z.number().int().min(0),
      overage_cents_per_call: z.number().int().min(0),
      overage_cost_cents: z.number().int().min(0),
    }),
  })
  .meta({ id: 'Usage' });

/** Strict, like the analyze form: an unknown field is 400 invalid_request naming it, not ignored. */
export const CheckoutBodySchema = z.strictObject({
  // The mapper (errors.ts) writes "Field 'tier' is invalid: <this>."
  tier: z.enum(PAID_CHECKOUT_TIERS, { error: `must be one of ${PAID_CHECKOUT_TIERS.join(', ')}` }),
});

/** The portal takes no fields; a body, when sent, must be empty (`{}`). */
export const PortalBodySchema = z.strictObject({}).nullish();

export const BillingSessionSchema = z
  .object({ url: z.url().describe('The provider’s hosted page; open it in a browser') })
  .meta({ id: 'BillingSession' });

/** Exactly the same type, in both directions. */
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * Compiles only while the response schemas describe the pipeline's own types field for field,
 * so a field added to the model cannot be stripped by the serializer unnoticed.
 */
export const SCHEMAS_MATCH_THE_MODEL: [
  Exactly<Omit<z.output<typeof TableSchema>, 'rows'>, Omit<Table, 'rows'>>,
  Exactly<z.output<typeof StatementSchema>, StatementInfo>,
  Exactly<z.output<typeof AccountSchema>, AccountRecord>,
  Exactly<Omit<z.output<(typeof analysisResults)[number]>['analysis'], 'key_numbers' | 'review_flags'>, Omit<Analysis, 'key_numbers' | 'review_flags'>>,
] = [true, true, true, true];
