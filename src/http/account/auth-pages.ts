import type { FastifyReply, FastifyRequest } from 'fastify';
import { LOGIN_LINK_LIFETIME_MS } from '../../domain/login-link.js';
import { ACCOUNT_PREFIX } from './guard.js';
import { renderPage } from './render.js';

/** How long an e-mailed link stays valid, in whole minutes (shown on the pages). */
export const LINK_MINUTES = LOGIN_LINK_LIFETIME_MS / 60_000;

/** One text field of a urlencoded form (the first, if it was sent twice). */
export function field(request: FastifyRequest, name: string): string | undefined {
  const body = request.body as Record<string, unknown> | undefined;
  const value = body?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

/** One query parameter, when it was sent once as a string. */
export function query(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

/** A short page of paragraphs and links (check your inbox, link invalid, too many, signed out). */
interface Message {
  titleKey: string;
  paragraphs: { key: string; vars?: Record<string, string | number> }[];
  links?: { href: string; key: string }[];
}

export function messagePage(request: FastifyRequest, reply: FastifyReply, message: Message, status = 200): Promise<FastifyReply> {
  return renderPage(request, reply, 'auth-message.eta', { ...message, links: message.links ?? [] }, status);
}

/** 429 with Retry-After, the wait shown in whole minutes. */
export function tooMany(request: FastifyRequest, reply: FastifyReply, retryAfterSeconds: number): Promise<FastifyReply> {
  reply.header('Retry-After', String(retryAfterSeconds));
  return messagePage(
    request,
    reply,
    { titleKey: 'auth.limited.title', paragraphs: [{ key: 'auth.limited.body', vars: { minutes: Math.ceil(retryAfterSeconds / 60) } }] },
    429,
  );
}

/** The same "check your inbox" page whether or not the address is known (no enumeration). */
export function checkInbox(
  request: FastifyRequest,
  reply: FastifyReply,
  bodyKey: 'auth.checkInbox.signUp' | 'auth.checkInbox.signIn',
): Promise<FastifyReply> {
  return messagePage(request, reply, {
    titleKey: 'auth.checkInbox.title',
    paragraphs: [{ key: bodyKey, vars: { minutes: LINK_MINUTES } }, { key: 'auth.checkInbox.spam' }],
  });
}

/** 400: the link is unknown, used or expired — one page for all three, with the ways on. */
export function invalidLink(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  return messagePage(
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
}
