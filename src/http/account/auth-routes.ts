import type { FastifyInstance } from 'fastify';
import { authContext, KEYS_PATH } from './auth-context.js';
import { confirmRoutes } from './confirm-routes.js';
import type { AccountAreaDeps } from './deps.js';
import { ACCOUNT_PREFIX } from './guard.js';
import { signInRoutes } from './sign-in-routes.js';
import { signOutRoutes } from './sign-out-routes.js';
import { signUpRoutes } from './sign-up-routes.js';

/**
 * Sign-up, e-mail confirmation, sign-in by e-mail link, sign-out (issue 9; docs/account.md).
 * Routes are thin: the use cases live in services/request-sign-up.ts, request-sign-in.ts and
 * confirm-login-link.ts. Every POST is CSRF-protected. One file per route group; the pages they
 * share are in auth-pages.ts, the per-request helpers in auth-context.ts.
 */
export async function authRoutes(app: FastifyInstance, deps: AccountAreaDeps): Promise<void> {
  const ctx = authContext(app, deps);

  // GET /api-account: the keys when signed in, else sign-in.
  app.get('/', { schema: { hide: true } }, async (request, reply) =>
    reply.redirect((await ctx.signedIn(request)) ? KEYS_PATH : `${ACCOUNT_PREFIX}/sign-in`, 303),
  );

  signUpRoutes(app, ctx);
  signInRoutes(app, ctx);
  confirmRoutes(app, ctx);
  signOutRoutes(app);
}
