import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * Holds real responses to the OpenAPI document the server serves, the way a client that
 * validates every response would: the status must be declared for the operation (or, outside
 * every operation, in `x-unmatched-responses`), the body must match its schema, every header
 * the document calls required must be there and match, and none of the API's own headers may
 * appear where the document does not declare it. Records which (operation, status) pairs were
 * seen, so a test can demand that every declared one was.
 */
export interface SeenResponse {
  status: number;
  header(name: string): string | null;
  body: string;
}

export async function seenFetch(res: Response): Promise<SeenResponse> {
  const body = await res.text();
  return { status: res.status, header: (name) => res.headers.get(name), body };
}

export async function seenIncoming(res: IncomingMessage): Promise<SeenResponse> {
  let body = '';
  for await (const chunk of res) body += String(chunk);
  return {
    status: res.statusCode ?? 0,
    header: (name) => {
      const v = res.headers[name.toLowerCase()];
      return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
    },
    body,
  };
}

type Json = Record<string, unknown>;
interface HeaderObject {
  required?: boolean;
  schema: Json;
}
interface ResponseObject {
  description: string;
  headers?: Record<string, HeaderObject>;
  content?: Record<string, { schema: Json }>;
  $ref?: string;
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { operationId?: string; responses: Record<string, ResponseObject>; security?: unknown[] } & Json>>;
  components: { schemas: Record<string, Json>; responses?: Record<string, ResponseObject> } & Json;
  'x-unmatched-responses'?: Record<string, { $ref: string }>;
}

/** The API's own headers: a response carrying one the document does not declare for it fails. */
const CONTRACT_HEADERS = [
  'x-request-id',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'retry-after',
  'www-authenticate',
  'allow',
  'content-disposition',
  'x-statement-reconciled',
];

export class ContractChecker {
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();
  /** `operationId status` of every response checked. */
  readonly seen = new Set<string>();

  constructor(readonly doc: OpenApiDocument) {
    // OpenAPI 3.1 schemas are JSON Schema 2020-12; `discriminator`, `example` and the like are
    // OpenAPI's annotations, so unknown keywords are allowed (strict off), formats are checked.
    this.ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(this.ajv);
    this.ajv.addFormat('binary', true);
    this.ajv.addSchema(doc as unknown as Json, 'openapi.json');
  }

  /** Every (operationId, status) pair the document declares. */
  declared(): string[] {
    const pairs: string[] = [];
    for (const item of Object.values(this.doc.paths)) {
      for (const op of Object.values(item)) {
        for (const status of Object.keys(op.responses)) pairs.push(`${op.operationId} ${status}`);
      }
    }
    for (const status of Object.keys(this.doc['x-unmatched-responses'] ?? {})) pairs.push(`unmatched ${status}`);
    return pairs;
  }

  /**
   * Checks one response to `method path` (the path as the document writes it). Returns the
   * parsed JSON body for further assertions.
   */
  check(method: string, path: string, res: SeenResponse): unknown {
    const op = this.doc.paths[path]?.[method.toLowerCase()];
    let response: ResponseObject | undefined;
    let pointer: string;
    let label: string;
    if (op) {
      label = `${op.operationId} ${res.status}`;
      response = op.responses[String(res.status)];
      pointer = `#/paths/${escape(path)}/${method.toLowerCase()}/responses/${res.status}`;
    } else {
      label = `unmatched ${res.status}`;
      const ref = this.doc['x-unmatched-responses']?.[String(res.status)]?.$ref;
      response = ref ? this.doc.components.responses?.[ref.split('/').pop()!] : undefined;
      pointer = ref ?? '';
    }
    assert.ok(response, `${method} ${path} answered ${res.status}, which the document does not declare (${res.body.slice(0, 200)})`);
    if (response.$ref) {
      pointer = response.$ref;
      response = this.doc.components.responses?.[response.$ref.split('/').pop()!];
      assert.ok(response, `${pointer} resolves`);
    }
    this.seen.add(label);

    const declaredHeaders = Object.fromEntries(Object.entries(response.headers ?? {}).map(([name, h]) => [name.toLowerCase(), { name, h }]));
    for (const [lower, { name, h }] of Object.entries(declaredHeaders)) {
      const value = res.header(lower);
      if (value === null) {
        assert.ok(!h.required, `${label}: required header ${name} is missing`);
        continue;
      }
      this.assertValid(`${pointer}/headers/${escape(name)}/schema`, value, `${label}: header ${name}`);
    }
    for (const lower of CONTRACT_HEADERS) {
      if (res.header(lower) !== null) assert.ok(declaredHeaders[lower], `${label}: header ${lower} is sent but not declared`);
    }

    const media = response.content ? Object.keys(response.content) : [];
    if (media.length === 0) {
      assert.equal(res.body, '', `${label}: a body the document does not declare`);
      return undefined;
    }
    const contentType = res.header('content-type') ?? '';
    const mediaType = media.find((m) => contentType.startsWith(m));
    assert.ok(mediaType, `${label}: Content-Type ${contentType} is not one of ${media.join(', ')}`);
    // JSON is checked as parsed JSON; any other declared media type (an export) as its text.
    const body: unknown = mediaType === 'application/json' ? JSON.parse(res.body) : res.body;
    this.assertValid(`${pointer}/content/${escape(mediaType)}/schema`, body, `${label}: body`);
    return body;
  }

  private assertValid(pointer: string, value: unknown, what: string): void {
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `openapi.json${pointer}` });
      this.validators.set(pointer, validate);
    }
    if (!validate(value)) {
      assert.fail(`${what} does not match the document: ${this.ajv.errorsText(validate.errors)}\n${JSON.stringify(value).slice(0, 500)}`);
    }
  }
}

/** A JSON pointer segment (RFC 6901), URI-encoded for use in a `$ref`. */
function escape(segment: string): string {
  return encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));
}
