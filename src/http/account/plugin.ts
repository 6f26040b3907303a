import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import csrf from '@fastify/csrf-protection';
import session from '@fastify/session';
import view from '@fastify/view';
import { Eta } from 'eta';
import type { FastifyError, FastifyInstance } from 'fastify';
import { installPageHeaders } from '../page-headers.js';
import { areaRoutes } from './area-routes.js';
import type { AccountAreaDeps } from './deps.js';
import { authRoutes } from './auth-routes.js';
import { ACCOUNT_PREFIX } from './guard.js';
import { landingRoutes } from './landing-routes.js';
import { renderPage } from './render.js';
import { databaseSessionStore } from './session-store.js';

/** Signed-in sessions last a week; the cookie dies with them. */
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** The cookie that holds a browser's CSRF secret (signed; see accountArea). */
export const CSRF_COOKIE = 'kt_csrf';

/**
 * The key that signs cookies other than the session's (the CSRF secret), derived from the
 * session secret so that one setting covers both, yet a signature made for one cookie is never
 * valid for the other.
 */
export function cookieSigningKey(sessionSecret: string): string {
  return createHmac('sha256', sessionSecret).update('klartext cookie signing key').digest('hex');
}

const here = dirname(fileURLToPath(import.meta.url));
/** Templates and assets sit beside this file in src/; `npm run build` copies them to dist/. */
export const VIEWS_DIR = join(here, 'views');

/**
 * The landing page `/`, the static assets and the account area `/api-account` (SPEC §6):
 * server-rendered HTML that works without JavaScript. Registered as its own encapsulated
 * context, so its cookie, session, CSRF and view plugins never touch the /api/v1 routes.
 */
export async function publicPages(app: FastifyInstance, deps: AccountAreaDeps): Promise<void> {
  // Unset: a random secret per process, which is right for one instance (docs/account.md).
  const sessionSecret = deps.config.sessionSecret ?? randomBytes(32).toString('hex');
  await app.register(cookie, { secret: cookieSigningKey(sessionSecret) });
  await app.register(view, {
    engine: { eta: new Eta({ views: VIEWS_DIR, autoEscape: true, cache: true }) },
    root: VIEWS_DIR,
    production: true,
  });
  installPageHeaders(app);

  const assets = {
    'klartext.css': { type: 'text/css; charset=utf-8', body: readFileSync(join(VIEWS_DIR, 'assets', 'klartext.css')) },
    'klartext.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(join(VIEWS_DIR, 'assets', 'klartext.js')) },
  } as const;
  app.get<{ Params: { name: string } }>('/assets/:name', { schema: { hide: true } }, async (request, reply) => {
    const asset = assets[request.params.name as keyof typeof assets];
    if (!asset) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply.type(asset.type).header('Cache-Control', 'public, max-age=3600').send(asset.body);
  });

  await app.register(landingRoutes, deps);
  await app.register(accountArea, { ...deps, sessionSecret, prefix: ACCOUNT_PREFIX });
}

async function accountArea(app: FastifyInstance, options: AccountAreaDeps & { sessionSecret: string; prefix?: string }): Promise<void> {
  // The options carry the register() prefix; handing it on would prefix the routes twice.
  const { prefix: _prefix, sessionSecret, ...deps } = options;
  await app.register(session, {
    secret: sessionSecret,
    cookieName: 'kt_session',
    cookie: {
      path: ACCOUNT_PREFIX,
      httpOnly: true,
      // Secure whenever the request came over TLS (also behind a proxy with TRUST_PROXY).
      secure: 'auto',
      sameSite: 'lax',
      maxAge: SESSION_LIFETIME_MS,
    },
    store: databaseSessionStore(deps),
    // A session is written only once something is put in it: at sign-in (auth-routes.ts).
    saveUninitialized: false,
  });
  // CSRF by signed double submit: the secret sits in a signed, HttpOnly cookie of the browser,
  // the form carries a token made from it. Not in the session: a form for an anonymous visitor
  // then needs no session row, which every GET of the sign-up page used to write (issue 19).
  // The signature keeps a secret planted by someone else (a sibling domain's cookie) from
  // being accepted; SameSite=Lax keeps the cookie off cross-site POSTs in the first place.
  await app.register(csrf, {
    sessionPlugin: '@fastify/cookie',
    cookieKey: CSRF_COOKIE,
    cookieOpts: { path: ACCOUNT_PREFIX, httpOnly: true, sameSite: 'lax', secure: 'auto', signed: true },
  });

  // Pages answer in HTML, also when something fails; the API's JSON errors stay under /api/v1.
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error.code === 'FST_CSRF_INVALID_TOKEN' || error.code === 'FST_CSRF_MISSING_SECRET') {
      return renderPage(request, reply, 'error.eta', { titleKey: 'common.csrf.title', bodyKey: 'common.csrf.body' }, 403);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return renderPage(request, reply, 'error.eta', { titleKey: 'common.error.title', bodyKey: 'common.error.body' }, error.statusCode);
    }
    request.log.error({ err: { name: error.name, message: error.message, stack: error.stack } }, 'account page failed');
    return renderPage(request, reply, 'error.eta', { titleKey: 'common.error.title', bodyKey: 'common.error.body' }, 500);
  });
  app.setNotFoundHandler(async (request, reply) =>
    renderPage(request, reply, 'error.eta', { titleKey: 'common.notFound.title', bodyKey: 'common.notFound.body' }, 404),
  );

  await app.register(authRoutes, deps);
  await app.register(areaRoutes, deps);
}
