import type { FastifyInstance } from 'fastify';
import { requestSignUp } from '../../services/request-sign-up.js';
import { KEYS_PATH, type AuthContext } from './auth-context.js';
import { checkInbox, field, tooMany } from './auth-pages.js';
import { localeOf } from './i18n.js';
import { renderPage } from './render.js';

/**
 * GET/POST /sign-up: the form, and the request that mails a confirmation link (use case in
 * services/request-sign-up.ts). Someone already signed in is sent on to the account.
 */
export function signUpRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.get('/sign-up', { schema: { hide: true } }, async (request, reply) => {
    if (await ctx.signedIn(request)) return reply.redirect(KEYS_PATH, 303);
    return renderPage(request, reply, 'sign-up.eta', { titleKey: 'auth.signUp.title', form: true, values: { company: '', email: '' }, errors: {} });
  });

  app.post('/sign-up', { schema: { hide: true }, preHandler: app.csrfProtection }, async (request, reply) => {
    const outcome = await requestSignUp(ctx.linkDeps(request), {
      companyName: field(request, 'company'),
      email: field(request, 'email'),
      ip: request.ip,
      locale: localeOf(request),
    });
    switch (outcome.kind) {
      case 'invalid':
        return renderPage(
          request,
          reply,
          'sign-up.eta',
          {
            titleKey: 'auth.signUp.title',
            form: true,
            values: { company: outcome.companyName, email: outcome.email },
            errors: {
              company: outcome.errors.companyName ? `auth.error.${outcome.errors.companyName}` : undefined,
              email: outcome.errors.email ? `auth.error.${outcome.errors.email}` : undefined,
            },
          },
          400,
        );
      case 'limited':
        return tooMany(request, reply, outcome.retryAfterSeconds);
      case 'accepted':
        return checkInbox(request, reply, 'auth.checkInbox.signUp');
    }
  });
}
