import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LOGIN_LINK_LIFETIME_MS } from '../../domain/login-link.js';
import { confirmLoginLink } from '../../services/confirm-login-link.js';
import type { LoginLinkDeps } from '../../services/login-links.js';
import { requestSignIn } from '../../services/request-sign-in.js';
import { requestSignUp } from '../../services/request-sign-up.js';
import { afterResponse } from './after-response.js';
import { composeLoginMail } from './auth-mails.js';
import type { AccountAreaDeps } from './deps.js';
import { ACCOUNT_PREFIX, safeNext } from './guard.js';
import { localeOf } from './i18n.js';
import { renderPage } from './render.js';

const SESSION_COOKIE = 'kt_session';
const KEYS_PATH = `${ACCOUNT_PREFIX}/keys`;
const LINK_MINUTES = LOGIN_LINK_LIFETIME_MS / 60_000;

/** One text field of a urlencoded form (the first, if it was sent twice). */
function field(request: FastifyRequest, name: string): string | undefined {
  const body = request.body as Record<string, unknown> | undefined;
  const value = body?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

function query(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

/** A short page of paragraphs and links (check your inbox, link invalid, too many, signed out). */
interface Message {
  titleKey: string;
  paragraphs: { key: string; vars?: Record<string, string | number> }[];
  links?: { href: string; key: string }[];
}

function messagePage(request: FastifyRequest, reply: FastifyReply, message: Message, status = 200): Promise<FastifyReply> {
  return renderPage(request, reply, 'auth-message.eta', { ...message, links: message.links ?? [] }, status);
}

/**
 * Sign-up, e-mail confirmation, sign-in by e-mail link, sign-out (issue 9; docs/account.md).
 * Routes are thin: the use cases live in services/request-sign-up.ts, request-sign-in.ts and
 * confirm-login-link.ts. Every POST is CSRF-protected.
 */
export async function authRoutes(app: FastifyInstance, deps: AccountAreaDeps): Promise<void> {
  const runAfterResponse = afterResponse(app);
  const baseUrl = deps.publicBaseUrl ?? (() => deps.config.publicBaseUrl);

  /** What the link use cases need, bound to this request (its language, its after-response queue). */
  const linkDeps = (request: FastifyRequest): LoginLinkDeps => {
    const locale = localeOf(request);
    return {
      store: deps.store,
      clock: deps.clock,
      mailer: deps.mailer,
      composeMail: composeLoginMail,
      confirmUrl: (token, next) => {
        const url = new URL(`${baseUrl()}${ACCOUNT_PREFIX}/confirm`);
        url.searchParams.set('token', token);
        if (next && next !== KEYS_PATH) url.searchParams.set('next', next);
        url.searchParams.set('lang', locale);
        return url.toString();
      },
      runLater: (task) => runAfterResponse(request, task),
    };
  };

  const tooMany = (request: FastifyRequest, reply: FastifyReply, retryAfterSeconds: number) => {
    reply.header('Retry-After', String(retryAfterSeconds));
    return messagePage(
      request,
      reply,
      { titleKey: 'auth.limited.title', paragraphs: [{ key: 'auth.limited.body', vars: { minutes: Math.ceil(retryAfterSeconds / 60) } }] },
      429,
    );
  };

  /** The same "check your inbox" page whether or not the address is known (no enumeration). */
  const checkInbox = (request: FastifyRequest, reply: FastifyReply, bodyKey: 'auth.checkInbox.signUp' | 'auth.checkInbox.signIn') =>
    messagePage(request, reply, {
      titleKey: 'auth.checkInbox.title',
      paragraphs: [{ key: bodyKey, vars: { minutes: LINK_MINUTES } }, { key: 'auth.checkInbox.spam' }],
    });

  // GET /api-account: the keys when signed in, else sign-in.
  /** Whether the session is signed into an organization that still exists. */
  const signedIn = async (request: FastifyRequest): Promise<boolean> => {
    const organizationId = request.session.organizationId;
    return organizationId ? (await deps.store.getOrganization(organizationId)) !== null : false;
  };

  app.get('/', { schema: { hide: true } }, async (request, reply) =>
    reply.redirect((await signedIn(request)) ? KEYS_PATH : `${ACCOUNT_PREFIX}/sign-in`, 303),
  );

  // ---- sign-up ---------------------------------------------------------------------------
  // Someone already signed in has nothing to do on these forms: on to the account (or `next`).
  app.get('/sign-up', { schema: { hide: true } }, async (request, reply) => {
    if (await signedIn(request)) return reply.redirect(KEYS_PATH, 303);
    return renderPage(request, reply, 'sign-up.eta', { titleKey: 'auth.signUp.title', form: true, values: { company: '', email: '' }, errors: {} });
  });

  app.post('/sign-up', { schema: { hide: true }, preHandler: app.csrfProtection }, async (request, reply) => {
    const outcome = await requestSignUp(linkDeps(request), {
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

  // ---- sign-in ---------------------------------------------------------------------------
  app.get('/sign-in', { schema: { hide: true } }, async (request, reply) => {
    const next = safeNext(query(request, 'next'));
    if (await signedIn(request)) return reply.redirect(next, 303);
    return renderPage(request, reply, 'sign-in.eta', { titleKey: 'auth.signIn.title', form: true, next, email: '', error: undefined });
  });

  app.post('/sign-in', { schema: { hide: true }, preHandler: app.csrfProtection }, async (request, reply) => {
    const next = safeNext(field(request, 'next'));
    const outcome = await requestSignIn(linkDeps(request), { email: field(request, 'email'), ip: request.ip, locale: localeOf(request), next });
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

  // ---- the e-mailed link -----------------------------------------------------------------
  const invalidLink = (request: FastifyRequest, reply: FastifyReply) =>
    messagePage(
      request,
      reply,
      {
        titleKey: 'auth.invalid.title',
        paragraphs: [{ key: 'auth.invalid.body', vars: { minutes: LINK_MINUTES } }],
        links: [
          { href: `${ACCOUNT_PREFIX}/sign-in`, key: 'auth.invalid.signIn' },
          { href: `${ACCOUNT_PREFIX}/sign-up`, key: 'auth.invalid.signUp' },
        ],
      },
      400,
    );

  // GET only shows a button: mail scanners that open links must not use them up.
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
    const base = baseUrl();
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

  // ---- sign-out --------------------------------------------------------------------------
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
