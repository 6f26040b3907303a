import type { FastifyInstance } from 'fastify';
import { confirmLoginLink } from '../../services/confirm-login-link.js';
import type { AuthContext } from './auth-context.js';
import { field, invalidLink, query } from './auth-pages.js';
import { safeNext } from './guard.js';
import { renderPage } from './render.js';

/**
 * GET/POST /confirm: the e-mailed link. GET only shows a button (mail scanners that open links
 * must not use them up); POST spends the link (services/confirm-login-link.ts) and signs in, and
 * after a sign-up shows the first API key.
 */
export function confirmRoutes(app: FastifyInstance, ctx: AuthContext): void {
  const { deps } = ctx;

  app.get('/confirm', { schema: { hide: true } }, async (request, reply) => {
    const token = query(request, 'token');
    if (!token || token.length > 100) return invalidLink(request, reply);
    reply.header('Cache-Control', 'no-store');
    return renderPage(request, reply, 'confirm.eta', { titleKey: 'auth.confirm.title', form: true, token, next: safeNext(query(request, 'next')) });
  });

  app.post('/confirm', { schema: { hide: true }, preHandler: app.csrfProtection }, async (request, reply) => {
    const outcome = await confirmLoginLink({ store: deps.store, clock: deps.clock, keyMode: deps.config.apiKeyMode }, field(request, 'token'));
    if (outcome.kind === 'invalid') return invalidLink(request, reply);

    // A new session id at every sign-in (no session fixation); the old session is deleted.
    await request.session.regenerate();
    request.session.organizationId = outcome.organization.id;
    request.session.email = outcome.email;
    if (outcome.kind === 'signed_in') return reply.redirect(safeNext(field(request, 'next')), 303);

    // The first key is in this response only: never stored, never cached, and reloading the
    // page re-sends a used link, which shows the invalid-link page.
    request.account = { organization: outcome.organization, email: outcome.email };
    const base = ctx.baseUrl();
    reply.header('Cache-Control', 'no-store');
    return renderPage(request, reply, 'first-key.eta', {
      titleKey: 'auth.firstKey.title',
      languageSwitch: false,
      apiKey: outcome.apiKey,
      company: outcome.organization.name,
      usageCommand: `curl ${base}/api/v1/usage \\\n  -H "Authorization: Bearer ${outcome.apiKey}"`,
      analyzeCommand:
        `curl ${base}/api/v1/analyze \\\n  -H "Authorization: Bearer ${outcome.apiKey}" \\\n` +
        `  -F document_type=kontoauszug \\\n  -F file=@kontoauszug.pdf`,
    });
  });
}
