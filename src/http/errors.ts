import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { bearerToken } from '../domain/api-key-format.js';
import type { ErrorCode } from '../domain/error-codes.js';
import { ApiError, errorBody } from './api-error.js';
import { echoed } from './echoed-text.js';

/**
 * The one mapper from anything thrown to the error body of SPEC §2. Framework and multipart
 * errors about the request become 400 invalid_request with a message that names the fault;
 * anything unexpected is 500 with a generic message — the internal one is logged, never sent.
 */
const REQUEST_FAULTS: Record<string, { message: string; param?: string }> = {
  FST_REQ_FILE_TOO_LARGE: { message: 'The file is larger than 10 MB (10485760 bytes).', param: 'file' },
  FST_FILES_LIMIT: { message: 'Send exactly one file in the field file.', param: 'file' },
  FST_PARTS_LIMIT: { message: 'The form has too many parts; send only document_type and file.' },
  FST_FIELDS_LIMIT: { message: 'The form has too many fields; send only document_type and file.' },
  FST_PROTO_VIOLATION: { message: 'A form field name is not allowed.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { message: 'The request must be multipart/form-data.' },
  FST_MP_PREMATURE_CLOSE: { message: 'The upload ended before the form was complete.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { message: 'Unsupported Content-Type for this endpoint.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { message: 'The request body is too large.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { message: 'The JSON body is empty.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { message: 'The Content-Length header does not match the body.' },
};

/** Socket-level codes of a dependency that cannot be reached (Node's net errors). */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/**
 * PostgreSQL SQLSTATEs of an unavailable server: class 08 (connection exception), 57P01–57P03
 * (admin/crash shutdown, cannot connect now), 53300 (too many connections).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
/** pg's own messages: the pool's connect timeout and a socket that ended under a client. */
const UNREACHABLE_MESSAGE = /^(timeout exceeded when trying to connect|Connection terminated\b)/;

/**
 * Whether an error thrown by a dependency (the database) means it cannot be reached rather than
 * that the request or our code is wrong — such a call is answered 503 service_unavailable with
 * Retry-After (nothing was billed: the store could not commit), not 500. Looks through `cause`
 * and AggregateError (a host with several addresses), a few levels deep.
 */
export function isUnreachableDependency(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  const code = (error as NodeJS.ErrnoException).code;
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  if (UNREACHABLE_MESSAGE.test(error.message)) return true;
  if (error instanceof AggregateError && error.errors.some((e) => isUnreachableDependency(e, depth + 1))) return true;
  return isUnreachableDependency(error.cause, depth + 1);
}

/** Seconds a client is asked to wait after a 503 (the same as for the other dependencies). */
const RETRY_AFTER_SECONDS = '30';

/** The protection space of every keyed route: one realm, the API key's. */
export const AUTH_REALM = 'klartext';

/**
 * RFC 6750 §3: every 401 challenges with `Bearer realm=…`; where a bearer token was sent and is
 * refused (unknown, malformed, revoked) it adds `error="invalid_token"` and the public message,
 * where none was (no header, another scheme) no error code (§3.1). A 403 for a missing scope
 * names the scope the route needs. The message is our own ASCII text; quotes and backslashes
 * are dropped all the same, as a quoted-string cannot hold them unescaped.
 */
function bearerChallenge(request: FastifyRequest, code: ErrorCode, message: string): string | null {
  const realm = `Bearer realm="${AUTH_REALM}"`;
  if (code === 'insufficient_scope') {
    const scope = request.routeOptions.config.scope;
    return `${realm}, error="insufficient_scope"${scope ? `, scope="${scope}"` : ''}`;
  }
  if (code !== 'invalid_api_key' && code !== 'revoked_api_key') return null;
  if (!bearerToken(request.headers.authorization)) return realm;
  return `${realm}, error="invalid_token", error_description="${message.replace(/["\\]/g, '')}"`;
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  status: number,
  message: string,
  param?: string,
): FastifyReply {
  // An answer given before the request's body was read to its end says Connection: close, and
  // the rest of the body is read before the connection closes: plugins/early-answer.ts.
  return reply.code(status).type('application/json; charset=utf-8').send(errorBody(code, message, request.id, param));
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError | Error, request, reply) => {
    if (error instanceof ApiError) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      // The key gate's refusals (the only 401s and 403s) carry the challenge.
      const challenge = bearerChallenge(request, error.code, error.message);
      if (challenge) reply.header('WWW-Authenticate', challenge);
      return sendError(request, reply, error.code, error.status, error.message, error.param);
    }
    const fastifyError = error as FastifyError;
    if (hasZodFastifySchemaValidationErrors(fastifyError)) {
      const issue = fastifyError.validation[0];
      const path = issue?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
      // A strict body's unknown field is reported by zod at the object's path, with its name
      // in `keys`: the field at fault is that name (SPEC §2 `param`), as for the analyze form.
      const unknownKey = issue?.keyword === 'unrecognized_keys' ? (issue.params as { keys?: string[] }).keys?.[0] : undefined;
      if (unknownKey !== undefined) {
        const field = [...(path ? [path] : []), echoed(unknownKey)].join('.');
        return sendError(request, reply, 'invalid_request', 400, `Unknown field '${field}'.`, field);
      }
      const field = path && path.length > 0 ? path : undefined;
      const message = field ? `Field '${field}' is invalid: ${issue?.message ?? 'bad value'}.` : `The request is invalid: ${issue?.message ?? 'bad value'}.`;
      return sendError(request, reply, 'invalid_request', 400, message, field);
    }
    const known = fastifyError.code ? REQUEST_FAULTS[fastifyError.code] : undefined;
    if (known) return sendError(request, reply, 'invalid_request', 400, known.message, known.param);
    if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      // Other client faults reported by the framework, e.g. a body that is not valid JSON.
      const message = fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'The body is not valid JSON.'
        : 'The request could not be read.';
      return sendError(request, reply, 'invalid_request', 400, message);
    }
    if (isUnreachableDependency(error)) {
      const code = (error as NodeJS.ErrnoException).code;
      request.log.error({ err: { name: error.name, code, message: error.message } }, 'dependency unreachable');
      reply.header('Retry-After', RETRY_AFTER_SECONDS);
      return sendError(request, reply, 'service_unavailable', 503, 'The service is temporarily unavailable; nothing was billed. Retry shortly.');
    }
    request.log.error({ err: { name: error.name, message: error.message, stack: error.stack } }, 'unhandled error');
    return sendError(request, reply, 'internal_error', 500, 'An internal error occurred; nothing was billed. Quote the request_id to support.');
  });

  // 405 for a path that exists with other methods, 404 otherwise (SPEC §2).
  const routes: { pattern: RegExp; methods: Set<string> }[] = [];
  app.addHook('onRoute', (route) => {
    const pattern = new RegExp(`^${route.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[^/]+/g, '[^/]+')}$`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const entry = routes.find((r) => r.pattern.source === pattern.source);
    if (entry) methods.forEach((m) => entry.methods.add(m));
    else routes.push({ pattern, methods: new Set(methods) });
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = routes.filter((r) => r.pattern.test(path)).flatMap((r) => [...r.methods]);
    if (allowed.length > 0) {
      reply.header('Allow', [...new Set(allowed)].sort().join(', '));
      return sendError(request, reply, 'method_not_allowed', 405, `Method ${request.method} is not allowed on ${echoed(path)}.`);
    }
    return sendError(request, reply, 'not_found', 404, `No route ${request.method} ${echoed(path)}.`);
  });
}
