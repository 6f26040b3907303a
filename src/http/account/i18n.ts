import type { FastifyRequest } from 'fastify';
import { AREA_MESSAGES } from './messages/area.js';
import { AUTH_MESSAGES } from './messages/auth.js';
import { COMMON_MESSAGES } from './messages/common.js';
import { LOCALES, type Locale, type Messages } from './locales.js';

/**
 * German and English copy of the account area. Each message file holds both languages of its
 * part; a key missing in one language is a test failure (test/http/account-i18n.test.ts), not a
 * blank on the page. `{name}` placeholders are filled by `t(key, { name })`.
 */
export { LOCALES, type Locale, type Messages };

const MESSAGES: Messages = merge([COMMON_MESSAGES, AUTH_MESSAGES, AREA_MESSAGES]);

function merge(parts: Messages[]): Messages {
  const out: Messages = { de: {}, en: {} };
  for (const part of parts) {
    for (const locale of LOCALES) {
      for (const [key, text] of Object.entries(part[locale])) {
        if (key in out[locale]) throw new Error(`message key '${key}' (${locale}) is defined twice`);
        out[locale][key] = text;
      }
    }
  }
  return out;
}

export function messageKeys(locale: Locale): string[] {
  return Object.keys(MESSAGES[locale]);
}

export type Translate = (key: string, vars?: Record<string, string | number>) => string;

export function translator(locale: Locale): Translate {
  return (key, vars) => {
    const text = MESSAGES[locale][key];
    if (text === undefined) throw new Error(`message key '${key}' is missing (${locale})`);
    return vars ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : text;
  };
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Name of the cookie that keeps a chosen language (set by `?lang=`). */
export const LOCALE_COOKIE = 'kt_lang';

/**
 * The page language: `?lang=` (a switch link), then the cookie it set, then the first language
 * of Accept-Language we have, then German (the paperwork is German).
 */
export function localeOf(request: FastifyRequest): Locale {
  const query = (request.query as Record<string, unknown> | undefined)?.lang;
  if (isLocale(query)) return query;
  const cookie = request.cookies?.[LOCALE_COOKIE];
  if (isLocale(cookie)) return cookie;
  const header = request.headers['accept-language'];
  if (typeof header === 'string') {
    const ranked = header
      .split(',')
      .map((part) => {
        const [tag = '', ...params] = part.trim().split(';');
        const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
        return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q) };
      })
      .filter((r) => r.q > 0)
      .sort((a, b) => b.q - a.q);
    const found = ranked.find((r) => isLocale(r.lang));
    if (found) return found.lang as Locale;
  }
  return 'de';
}
