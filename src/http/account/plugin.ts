import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import csrf from '@fastify/csrf-protection';
import session from '@fastify/session';
import view from '@fastify/view';
import { Eta } from 'eta';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { areaRoutes } from './area-routes.js';
import type { AccountAreaDeps } from './deps.js';
import { authRoutes } from './auth-routes.js';
import { ACCOUNT_PREFIX } from './guard.js';
import { landingRoutes } from './landing-routes.js';
import { renderPage } from './render.js';
import { databaseSessionStore } from './session-store.js';

/** Signed-in sessions last a week; the cookie dies with them. */
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

const here = dirname(fileURLToPath(import.meta.url));
/** Templates and assets sit beside this file in src/; `npm run build` copies them to dist/. */
export const VIEWS_DIR = join(here, 'views');

/**
 * Headers of every HTML page: no framing, no inline script or style, nothing loaded from
 * elsewhere; forms may only go to this service (and on to the payment provider's pages).
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self' https://checkout.stripe.com https://billing.stripe.com",
  "frame-ancestors 'none'",
].join('; ');

function setPageHeaders(reply: FastifyReply): void {
  reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  reply.header('X-Frame-Options', 'DENY');
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Referrer-Policy', 'same-origin');
}

/**
 * The landing page `/`, the static assets and the account area `/api-account` (SPEC §6):
 * server-rendered HTML that works without JavaScript. Registered as its own encapsulated
 * context, so its cookie, session, CSRF and view plugins never touch the /api/v1 routes.
 */
export async function publicPages(app: FastifyInstance, deps: AccountAreaDeps): Promise<void> {
  await app.register(cookie);
  await app.register(view, {
    engine: { eta: new Eta({ views: VIEWS_DIR, autoEscape: true, cache: true }) },
    root: VIEWS_DIR,
    production: true,
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) setPageHeaders(reply);
    return payload;
  });

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
  await app.register(accountArea, { ...deps, prefix: ACCOUNT_PREFIX });
}

async function accountArea(app: FastifyInstance, options: AccountAreaDeps & { prefix?: string }): Promise<void> {
  // Fastify reads `prefix` from a plugin's options: the routes below inherit it from this
  // context, and passing it on would register them under /api-account/api-account.
  const { prefix: _inherited, ...deps } = options;
  const secret = deps.config.sessionSecret ?? randomBytes(32).toString('hex');
  await app.register(session, {
    secret,
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
    // A session is written only once something is put in it (a CSRF secret, a sign-in).
    saveUninitialized: false,
  });
  await app.register(csrf, { sessionPlugin: '@fastify/session' });

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
