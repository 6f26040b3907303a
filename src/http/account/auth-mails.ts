import type { MailMessage } from '../../ports/mailer.js';
import type { LoginMail } from '../../services/login-links.js';
import { escapeHtml } from '../html.js';
import { isLocale, translator } from './i18n.js';

/**
 * The sign-up and sign-in e-mails in the language of the page that asked for them: plain text,
 * and the same as simple HTML (no images, no styles beyond defaults, nothing loaded from
 * elsewhere). Links come from the use case, which builds them from PUBLIC_BASE_URL.
 */
export function composeLoginMail(mail: LoginMail): MailMessage {
  const t = translator(isLocale(mail.locale) ? mail.locale : 'de');
  const validity = t('auth.mail.validity', { minutes: mail.validMinutes });
  let subject: string;
  let intro: string;
  let ignore: string;
  let links: { label: string | null; url: string }[];
  switch (mail.kind) {
    case 'confirm_sign_up':
      subject = t('auth.mail.signUp.subject');
      intro = t('auth.mail.signUp.body');
      ignore = t('auth.mail.signUp.ignore');
      links = [{ label: null, url: mail.link }];
      break;
    case 'already_registered':
    case 'sign_in': {
      const many = mail.links.length > 1;
      const prefix = mail.kind === 'sign_in' ? 'auth.mail.signIn' : 'auth.mail.already';
      subject = t(`${prefix}.subject`);
      intro = t(many ? `${prefix}.bodyMany` : `${prefix}.body`);
      ignore = t('auth.mail.signIn.ignore');
      links = mail.links.map((l) => ({ label: many ? l.organizationName : null, url: l.url }));
      break;
    }
  }
  const text = [
    t('auth.mail.greeting'),
    '',
    intro,
    '',
    ...links.flatMap((l) => (l.label ? [`${l.label}:`, l.url, ''] : [l.url, ''])),
    validity,
    ignore,
    '',
    t('auth.mail.signature'),
    '',
  ].join('\n');
  const html = [
    '<!doctype html>',
    `<html lang="${isLocale(mail.locale) ? mail.locale : 'de'}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>`,
    `<p>${escapeHtml(t('auth.mail.greeting'))}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    ...links.map(
      (l) => `<p>${l.label ? `${escapeHtml(l.label)}:<br>` : ''}<a href="${escapeHtml(l.url)}">${escapeHtml(l.url)}</a></p>`,
    ),
    `<p>${escapeHtml(validity)}<br>${escapeHtml(ignore)}</p>`,
    `<p>${escapeHtml(t('auth.mail.signature'))}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: mail.to, subject, text, html };
}
