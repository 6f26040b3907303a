import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Organization, Store } from '../../ports/store.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in organization of an account-area request (set by requireAccount). */
    account?: { organization: Organization; email: string };
  }
}

declare module '@fastify/session' {
  interface FastifySessionObject {
    /** Set at sign-in; the only organization this session may see or change. */
    organizationId?: string;
    email?: string;
  }
}

export const ACCOUNT_PREFIX = '/api-account';

/**
 * The only places a `next` parameter may send someone after sign-in: paths of the account area
 * itself. Anything else (another host, `//evil.example`, `/\\evil`, a scheme, control
 * characters) falls back to the keys page — no open redirect.
 */
export function safeNext(value: unknown): string {
  const fallback = `${ACCOUNT_PREFIX}/keys`;
  if (typeof value !== 'string' || value.length > 512) return fallback;
  if (!/^\/api-account(\/[A-Za-z0-9\-._~/%?=&]*)?$/.test(value)) return fallback;
  if (value.includes('//') || value.includes('\\') || /%2f|%5c|%00/i.test(value)) return fallback;
  return value;
}

/**
 * preHandler of every signed-in page: loads the session's organization, or sends the visitor
 * to sign-in with the page as `next`. A session whose organization no longer exists ends.
 */
export function requireAccount(deps: { store: Store }) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const organizationId = request.session.organizationId;
    const organization = organizationId ? await deps.store.getOrganization(organizationId) : null;
    if (!organization) {
      if (organizationId) await request.session.destroy();
      const next = encodeURIComponent(safeNext(request.url));
      await reply.redirect(`${ACCOUNT_PREFIX}/sign-in?next=${next}`, 303);
      return;
    }
    request.account = { organization, email: request.session.email ?? organization.email };
  };
}
