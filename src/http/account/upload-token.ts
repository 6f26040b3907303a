import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

declare module '@fastify/session' {
  interface FastifySessionObject {
    /** Single-use tokens of the "Try it" upload form (newest last, at most MAX_OPEN). */
    uploadTokens?: string[];
  }
}

/**
 * CSRF protection of the multipart "Try it" form. @fastify/csrf-protection reads its token from
 * the parsed body, but a multipart body is read only after the call has been admitted (rate
 * limit, trial quota), and its `_csrf` field could arrive after a 10 MB file. So the form's
 * action carries a token in its query string, checked before a byte of the body is read.
 * A URL ends up in request logs, so this token is not the session's CSRF token but a random one
 * that the session holds and that is used up by the request carrying it: what a log shows is
 * already spent. Cross-site forms cannot know it (nor can they read the page that holds it).
 */
const MAX_OPEN = 5;

export function issueUploadToken(request: FastifyRequest): string {
  const token = randomBytes(24).toString('base64url');
  request.session.uploadTokens = [...(request.session.uploadTokens ?? []), token].slice(-MAX_OPEN);
  return token;
}

/** True once for each issued token; false for anything else. */
export function consumeUploadToken(request: FastifyRequest, token: unknown): boolean {
  if (typeof token !== 'string' || token.length === 0 || token.length > 64) return false;
  const open = request.session.uploadTokens ?? [];
  const given = Buffer.from(token);
  const index = open.findIndex((t) => {
    const stored = Buffer.from(t);
    return stored.length === given.length && timingSafeEqual(stored, given);
  });
  if (index === -1) return false;
  request.session.uploadTokens = open.filter((_, i) => i !== index);
  return true;
}
