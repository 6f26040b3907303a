import type { FastifyInstance } from 'fastify';
import { requestSignIn } from '../../services/request-sign-in.js';
import type { AuthContext } from './auth-context.js';
import { checkInbox, field, query, tooMany } from './auth-pages.js';
import { safeNext } from './guard.js';
import { localeOf } from './i18n.js';
import { renderPage } from './render.js';

/**
 * GET/POST /sign-in: the form, and the request that mails a sign-in link (use case in
 * services/request-sign-in.ts). `next` is kept only when it stays inside the account area
 * (safeNext); someone already signed in goes straight there.
 */
export function signInRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.get('/sign-in', { schema: { hide: true } }, async (request, reply) => {
    const next = safeNext(query(request, 'next'));
    if (await ctx.signedIn(request)) return reply.redirect(next, 303);
    return renderPage(request, reply, 'sign-in.eta', { titleKey: 'auth.signIn.title', form: true, next, email: '', error: undefined });
  });

  app.post('/sign-in', { schema: { hide: true }, preHandler: app.csrfProtection }, async (request, reply) => {
    const next = safeNext(field(request, 'next'));
    const outcome = await requestSignIn(ctx.linkDeps(request), { email: field(request, 'email'), ip: request.ip, locale: localeOf(request), next });
    switch (outcome.kind) {
      case 'invalid':
        return renderPage(
          request,
          reply,
          'sign-in.eta',
          { titleKey: 'auth.signIn.title', form: true, next, email: outcome.email, error: 'auth.error.email_invalid' },
          400,
        );
      case 'limited':
        return tooMany(request, reply, outcome.retryAfterSeconds);
      case 'accepted':
        return checkInbox(request, reply, 'auth.checkInbox.signIn');
    }
  });
}
