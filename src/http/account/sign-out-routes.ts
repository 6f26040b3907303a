import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from './auth-context.js';
import { messagePage } from './auth-pages.js';
import { ACCOUNT_PREFIX } from './guard.js';

/** POST /sign-out ends the session everywhere; GET /signed-out says so. */
export function signOutRoutes(app: FastifyInstance): void {
  app.post('/sign-out', { schema: { hide: true }, preHandler: app.csrfProtection }, async (request, reply) => {
    // Deleted in the database, so the old cookie is worthless on every instance.
    await request.session.destroy();
    reply.clearCookie(SESSION_COOKIE, { path: ACCOUNT_PREFIX });
    return reply.redirect(`${ACCOUNT_PREFIX}/signed-out`, 303);
  });

  app.get('/signed-out', { schema: { hide: true } }, async (request, reply) =>
    messagePage(request, reply, {
      titleKey: 'auth.signedOut.title',
      paragraphs: [{ key: 'auth.signedOut.body' }],
      links: [{ href: `${ACCOUNT_PREFIX}/sign-in`, key: 'auth.signedOut.again' }],
    }),
  );
}
