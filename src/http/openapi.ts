import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ERROR_CATALOGUE, ERROR_CODES } from '../domain/error-codes.js';
import { SCOPES } from '../domain/scopes.js';
import { AUTH_REALM } from './errors.js';
import { ErrorBodySchema, RECONCILED_HEADER } from './schemas.js';

type OpenApiDoc = ReturnType<typeof jsonSchemaTransformObject>;
type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type Json = Record<string, unknown>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A multipart route's form, read by the handler as it streams (not validated by Fastify):
     * the document's request body is generated from it.
     */
    form?: z.ZodObject;
    /** 200 answers in other media types than JSON (a string body each), by media type: their description. */
    alternativeContent?: Readonly<Record<string, string>>;
  }
}

/**
 * The OpenAPI document, generated from what the server does: the route schemas it validates
 * and serializes with, the gate each route sits behind (its scope, whether it is metered) and
 * the headers the plugins set. Served at /api/v1/openapi.json; a page at /docs.
 *
 * What a route schema cannot say is derived here, once, from the same facts the server acts
 * on, so no route can forget it:
 * - a keyed route (config.scope) answers 401, 403, 429, 500 and 503 from the gate, a metered
 *   one also 402; every route 408 (body or headers not received in time) and 431 (headers too
 *   large), both answered before the route runs;
 * - `security` names the scope; a JSON body that may be left out is not `required`;
 * - response headers: X-Request-Id on every response (plugins/request-context.ts), the
 *   RateLimit headers once a key was verified (plugins/api-auth.ts), Retry-After on 429 and
 *   503, WWW-Authenticate on 401 and 403 (errors.ts);
 * - requests outside the operations are answered 404, 405 (with Allow), 400 (a URL that cannot
 *   be decoded) or 431: components.responses, named by the extension `x-unmatched-responses`
 *   (an operation cannot declare a method it lacks).
 */
export async function installOpenApi(app: FastifyInstance, publicBaseUrl: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Klartext Document Understanding API',
        version: '1.0.0',
        description:
          'Structured JSON from German documents. Every error answers with ' +
          '`{ "error": { "code", "message", "param"?, "request_id" } }`. Error codes:\n\n' +
          Object.entries(ERROR_CATALOGUE)
            .map(([code, e]) => `- \`${code}\` (HTTP ${e.status}): ${e.description}`)
            .join('\n') +
          '\n\nA path that exists answers another method with 405 and `Allow`; any other path 404; a URL that ' +
          'cannot be decoded 400; headers over 16 KB 431 (`components.responses`, listed in `x-unmatched-responses`).',
      },
      servers: [{ url: publicBaseUrl }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description:
              '`Authorization: Bearer kt_live_…` (or `kt_test_…`). Each operation names the scope its key needs ' +
              `in \`security\` and \`x-required-scope\`; the scopes are ${SCOPES.map((s) => `\`${s}\``).join(', ')}.`,
          },
        },
      },
    },
    transform: (input) => jsonSchemaTransform(withGate(input)),
    transformObject: (documentObject) => finishDocument(jsonSchemaTransformObject(documentObject) as OpenApiDoc),
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list' } });
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

/** The key gate's answers (plugins/api-auth.ts), and a fault or an unreachable dependency behind it. */
const GATE_STATUSES = [401, 403, 429, 500, 503] as const;
/** The trial quota, checked for metered routes only. */
const METERED_STATUSES = [402] as const;
/** Answered before any route runs: a body or headers not received in time, headers too large. */
const EVERY_ROUTE_STATUSES = [408, 431] as const;

/** Carries config.alternativeContent to finishDocument, which adds the media types to the 200. */
const ALTERNATIVE_CONTENT = 'x-alternative-content';

/** Marks an operation whose JSON body may be left out; finishDocument turns it into `required: false`. */
const BODY_OPTIONAL = 'x-body-optional';

/** Adds to a visible route's schema what its config says: gate statuses, scope, form, operationId check. */
function withGate(input: TransformInput): TransformInput {
  const schema = input.schema as Json | undefined;
  if (schema?.hide) return input;
  if (!schema || typeof schema.operationId !== 'string') {
    throw new Error(`Route ${input.url} is in the API document without an operationId.`);
  }
  const config =
    (input.route as { config?: { scope?: string; metered?: boolean; form?: z.ZodObject; alternativeContent?: Record<string, string> } }).config ?? {};
  const statuses: number[] = [...EVERY_ROUTE_STATUSES];
  if (config.scope) statuses.push(...GATE_STATUSES);
  if (config.metered) statuses.push(...METERED_STATUSES);
  const response: Json = { ...(schema.response as Json | undefined) };
  for (const status of statuses) response[status] ??= ErrorBodySchema;

  const out: Json = { ...schema, response };
  if (config.scope) {
    out.security = [{ bearerAuth: [config.scope] }];
    out['x-required-scope'] = config.scope;
    out.description = [schema.description, `Requires an API key with the scope \`${config.scope}\`.`].filter(Boolean).join('\n\n');
  }
  if (config.alternativeContent) out[ALTERNATIVE_CONTENT] = config.alternativeContent;
  if (config.form) {
    out.body = config.form;
    out.consumes = ['multipart/form-data'];
  } else if (schema.body && (schema.body as z.ZodType).safeParse(undefined).success) {
    out[BODY_OPTIONAL] = true;
  }
  return { ...input, schema: out } as TransformInput;
}

const HEADERS: Record<string, Json> = {
  'X-Request-Id': { description: 'The request id (`req_` + 20 base62 characters); also `error.request_id`', schema: { type: 'string', pattern: '^req_[0-9A-Za-z]{20}$' } },
  'RateLimit-Limit': { description: "Requests per minute of the organization's tier", schema: { type: 'string', pattern: '^[0-9]+$' } },
  'RateLimit-Remaining': { description: 'Requests left in the current minute', schema: { type: 'string', pattern: '^[0-9]+$' } },
  'RateLimit-Reset': { description: 'Seconds until the current minute ends', schema: { type: 'string', pattern: '^[0-9]+$' } },
  'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'string', pattern: '^[0-9]+$' } },
  'WWW-Authenticate': {
    description:
      `RFC 6750: \`Bearer realm="${AUTH_REALM}"\`; with \`error="invalid_token"\` where a key was sent but is unknown, malformed or ` +
      'revoked; on 403 `error="insufficient_scope"` and the `scope` the operation needs',
    schema: { type: 'string', pattern: `^Bearer realm="${AUTH_REALM}"` },
  },
  Allow: { description: 'The methods the path answers, comma-separated', schema: { type: 'string' } },
};

/** Sent with a 200 in one of the alternative media types (an export), never with JSON. */
const EXPORT_HEADERS: Record<string, Json> = {
  'Content-Disposition': {
    description: 'On an export: `attachment; filename="kontoauszug.<ext>"` (`camt053.xml`, `sta`, `csv`)',
    required: false,
    schema: { type: 'string', pattern: '^attachment; filename="kontoauszug\\.[a-z0-9.]+"$' },
  },
  [RECONCILED_HEADER]: {
    description: "On an export: whether every account's balances agree (opening + Σ postings = closing); a file is exported either way and says so",
    required: false,
    schema: { type: 'string', enum: ['true', 'false'] },
  },
};

/** A header of a response, written inline: a Reference Object cannot carry `required`. */
const header = (name: string, required: boolean): Json => ({ ...HEADERS[name], required });

/**
 * The headers each status of an operation carries. RateLimit headers are sent once the key is
 * verified: always on 200, 402, 403, 422 and 429; they may be missing on a 400, 408, 500 or 503
 * that came before that (a request the framework refused, a database that cannot be reached).
 */
function headersOf(status: number, keyed: boolean): Json {
  const headers: Json = { 'X-Request-Id': header('X-Request-Id', true) };
  if (keyed && status !== 401 && status !== 431) {
    const always = status < 300 || [402, 403, 422, 429].includes(status);
    for (const name of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']) headers[name] = header(name, always);
  }
  if (status === 429 || status === 503) headers['Retry-After'] = header('Retry-After', true);
  if (status === 401 || (keyed && status === 403)) headers['WWW-Authenticate'] = header('WWW-Authenticate', true);
  return headers;
}

function descriptionOf(status: number, given: unknown): string {
  if (status < 300) return typeof given === 'string' && given !== 'Default Response' ? given : 'Success';
  const codes = ERROR_CODES.filter((code) => ERROR_CATALOGUE[code].status === status);
  return codes.map((code) => `\`${code}\`: ${ERROR_CATALOGUE[code].description}`).join('\n\n');
}

const errorResponse = (status: number, extra: Json = {}): Json => ({
  description: descriptionOf(status, undefined),
  headers: { 'X-Request-Id': header('X-Request-Id', true), ...extra },
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The whole document: headers and descriptions on every response, optional bodies, 404/405. */
function finishDocument(doc: OpenApiDoc): OpenApiDoc {
  const paths = ((doc as Json).paths ?? {}) as Record<string, Record<string, Json>>;
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      const keyed = Array.isArray(operation.security) && operation.security.length > 0;
      const responses = (operation.responses ?? {}) as Record<string, Json>;
      for (const [status, response] of Object.entries(responses)) {
        response.description = descriptionOf(Number(status), response.description);
        response.headers = headersOf(Number(status), keyed);
      }
      const alternatives = operation[ALTERNATIVE_CONTENT] as Record<string, string> | undefined;
      if (alternatives && responses['200']) {
        delete operation[ALTERNATIVE_CONTENT];
        const ok = responses['200'];
        const content = (ok.content ?? {}) as Json;
        for (const [media, description] of Object.entries(alternatives)) content[media] = { schema: { type: 'string', description } };
        ok.content = content;
        ok.headers = { ...(ok.headers as Json), ...EXPORT_HEADERS };
      }
      if (operation[BODY_OPTIONAL]) {
        delete operation[BODY_OPTIONAL];
        const body = operation.requestBody as { required?: boolean; content?: Record<string, { schema?: Json }> } | undefined;
        if (body) {
          body.required = false;
          // Leaving the body out is said by `required: false`; the schema is of a body that is sent.
          for (const media of Object.values(body.content ?? {})) {
            const anyOf = media.schema?.anyOf as Json[] | undefined;
            const sent = anyOf?.filter((s) => s.type !== 'null');
            if (sent?.length === 1) media.schema = sent[0];
          }
        }
      }
    }
  }
  const components = ((doc as Json).components ?? {}) as Json;
  components.responses = {
    Unroutable: errorResponse(400),
    NotFound: errorResponse(404),
    MethodNotAllowed: errorResponse(405, { Allow: header('Allow', true) }),
    HeadersTooLarge: errorResponse(431),
  };
  (doc as Json).components = components;
  (doc as Json)['x-unmatched-responses'] = {
    400: { $ref: '#/components/responses/Unroutable' },
    404: { $ref: '#/components/responses/NotFound' },
    405: { $ref: '#/components/responses/MethodNotAllowed' },
    431: { $ref: '#/components/responses/HeadersTooLarge' },
  };
  components.schemas = reachableSchemas(doc as Json, (components.schemas ?? {}) as Json);
  return doc;
}

/**
 * Only the schemas the document uses: the zod registry yields an input and an output variant
 * of every named schema, and a client generator would emit both.
 */
function reachableSchemas(doc: Json, schemas: Json): Json {
  const prefix = '#/components/schemas/';
  const used = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(prefix)) {
        const name = value.slice(prefix.length);
        if (!used.has(name)) {
          used.add(name);
          visit(schemas[name]);
        }
      } else visit(value);
    }
  };
  visit({ ...doc, components: { ...(doc.components as Json), schemas: {} } });
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
}
