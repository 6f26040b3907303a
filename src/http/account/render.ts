import type { FastifyReply, FastifyRequest } from 'fastify';
import { LOCALE_COOKIE, isLocale, localeOf, translator, type Locale, type Translate } from './i18n.js';

/**
 * Renders an account-area or landing page through @fastify/view (eta) with what every page
 * needs: the language and its translator, the signed-in account, a CSRF token for forms, the
 * link that switches language. Templates escape every `<%= %>` value (eta's autoEscape).
 */
export interface PageData {
  /** Translation key of the page title (the <title> and the h1 unless the view has its own). */
  titleKey: string;
  /** A CSRF token is made for pages with a form; signed-in pages always have one (sign-out). */
  form?: boolean;
  /**
   * false on pages that show a secret once (a new key) in a POST response: following the
   * language link would lose the secret (and re-request a used link), so the link is left out.
   */
  languageSwitch?: boolean;
  [name: string]: unknown;
}

export interface PageContext {
  locale: Locale;
  t: Translate;
  csrfToken: string | undefined;
  account: FastifyRequest['account'];
  /** The current URL with `lang` set to the other language; null where the page has no switch. */
  switchLanguageUrl: string | null;
  otherLocale: Locale;
  path: string;
}

export function pageContext(request: FastifyRequest, reply: FastifyReply, wantsForm: boolean, languageSwitch = true): PageContext {
  const locale = localeOf(request);
  const chosen = (request.query as Record<string, unknown> | undefined)?.lang;
  if (isLocale(chosen)) {
    // A switch link was followed: remember the choice for a year, on every path of the site.
    reply.setCookie(LOCALE_COOKIE, chosen, { path: '/', sameSite: 'lax', httpOnly: true, maxAge: 365 * 24 * 3600, secure: 'auto' });
  }
  const otherLocale: Locale = locale === 'de' ? 'en' : 'de';
  const url = new URL(request.url, 'http://local');
  url.searchParams.set('lang', otherLocale);
  const csrfToken = wantsForm || request.account ? reply.generateCsrf?.() : undefined;
  return {
    locale,
    t: translator(locale),
    csrfToken,
    account: request.account,
    switchLanguageUrl: languageSwitch ? `${url.pathname}${url.search}` : null,
    otherLocale,
    path: url.pathname,
  };
}

export async function renderPage(
  request: FastifyRequest,
  reply: FastifyReply,
  view: string,
  data: PageData,
  status = 200,
): Promise<FastifyReply> {
  const context = pageContext(request, reply, data.form === true, data.languageSwitch !== false);
  const html = await reply.viewAsync(view, { ...data, ...context });
  return reply.code(status).type('text/html; charset=utf-8').send(html);
}
