import type { FastifyBaseLogger, FastifySerializerCompiler } from 'fastify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/**
 * Response serialization through the routes' zod schemas (unknown fields stripped, encodings
 * applied) that never turns a finished result into a 500: when a body breaks its schema's
 * formats — a value the pipeline read that does not match a documented pattern, a flag topic
 * the document does not list yet — the body is still sent as it is, and the mismatch is logged
 * by path and code (never the value: it may be document content). A client is better served by
 * its result with one odd value than by a 500 for a billable analysis it cannot retry into
 * anything else; the contract test (test/http/openapi-contract.test.ts) holds the formats.
 */
export function tolerantSerializerCompiler(log: FastifyBaseLogger): FastifySerializerCompiler<ZodType> {
  const strict = createSerializerCompiler({});
  return (route) => {
    const serialize = strict(route as Parameters<typeof strict>[0]);
    return (data: unknown) => {
      try {
        return serialize(data);
      } catch (err) {
        const issues = zodIssuesOf(err).map((i) => ({ path: i.path.join('.'), code: i.code }));
        log.warn({ route: `${route.method} ${route.url}`, status: route.httpStatus, issues }, 'response does not match its documented schema; sent as it is');
        return JSON.stringify(data);
      }
    };
  };
}

function zodIssuesOf(err: unknown): { path: PropertyKey[]; code: string }[] {
  const cause = (err as { cause?: { issues?: unknown } }).cause;
  return Array.isArray(cause?.issues) ? (cause.issues as { path: PropertyKey[]; code: string }[]).slice(0, 10) : [];
}
