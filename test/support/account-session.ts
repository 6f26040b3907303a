import { randomBytes } from 'node:crypto';
import { Signer } from '@fastify/cookie';
import { CSRF_COOKIE, SESSION_LIFETIME_MS, cookieSigningKey } from '../../src/http/account/plugin.js';
import type { TestServer } from './server.js';

/** The session secret tests give startServer (`config: { sessionSecret: TEST_SESSION_SECRET }`). */
export const TEST_SESSION_SECRET = 'test-session-secret-0123456789abcdef';

/**
 * A signed-in session made directly through the Store, as @fastify/session would store it
 * after sign-in (`{ cookie, organizationId, email }`), and the cookie that names it, signed the
 * way @fastify/session signs it (@fastify/cookie's Signer over the session id with the session
 * secret; the value URL-encoded as @fastify/cookie serializes it), with the browser's own
 * CSRF secret cookie (signed as the server signs it), so that the forms of the pages it opens
 * can be posted. Returns `kt_session=…; kt_csrf=…`.
 */
export async function signedInCookie(
  server: Pick<TestServer, 'store' | 'clock'>,
  organizationId: string,
  email = 'ops@testfirma.example',
  secret = TEST_SESSION_SECRET,
): Promise<string> {
  const id = randomBytes(24).toString('base64url');
  // The store compares expiry with the server's (manual) clock, @fastify/session with the real one.
  const expires = new Date(Math.max(Date.now(), server.clock.now().getTime()) + SESSION_LIFETIME_MS);
  const data = {
    cookie: {
      originalMaxAge: SESSION_LIFETIME_MS,
      expires: expires.toISOString(),
      secure: false,
      httpOnly: true,
      path: '/api-account',
      sameSite: 'lax',
      domain: null,
    },
    organizationId,
    email,
  };
  await server.store.setAccountSession({ id, data: JSON.stringify(data), expiresAt: expires });
  const csrfSecret = randomBytes(18).toString('base64url');
  const csrf = encodeURIComponent(new Signer(cookieSigningKey(secret)).sign(csrfSecret));
  return `kt_session=${encodeURIComponent(new Signer(secret).sign(id))}; ${CSRF_COOKIE}=${csrf}`;
}

/** The `_csrf` value of the first form on a page. */
export function csrfOf(html: string): string {
  const m = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!m) throw new Error('no _csrf field on the page');
  return m[1]!;
}

/** The action URL of the "Try it" upload form (it carries the single-use upload token). */
export function uploadActionOf(html: string): string {
  const m = /action="(\/api-account\/try\?token=[^"]+)"/.exec(html);
  if (!m) throw new Error('no upload form on the page');
  return m[1]!.replace(/&amp;/g, '&');
}
