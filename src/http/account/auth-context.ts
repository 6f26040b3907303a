import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LoginLinkDeps } from '../../services/login-links.js';
import { afterResponse } from './after-response.js';
import { composeLoginMail } from './auth-mails.js';
import type { AccountAreaDeps } from './deps.js';
import { ACCOUNT_PREFIX } from './guard.js';
import { localeOf } from './i18n.js';

export const SESSION_COOKIE = 'kt_session';
export const KEYS_PATH = `${ACCOUNT_PREFIX}/keys`;

/** What every group of auth routes shares: the area's deps and the per-request helpers built on them. */
export interface AuthContext {
  deps: AccountAreaDeps;
  /** The public address links point to (never the request's Host header; see AccountAreaDeps). */
  baseUrl: () => string;
  /** What the link use cases need, bound to this request (its language, its after-response queue). */
  linkDeps: (request: FastifyRequest) => LoginLinkDeps;
  /** Whether the session is signed into an organization that still exists. */
  signedIn: (request: FastifyRequest) => Promise<boolean>;
}

/** Builds the context once per registration of the auth routes on `app`. */
export function authContext(app: FastifyInstance, deps: AccountAreaDeps): AuthContext {
  const runAfterResponse = afterResponse(app);
  const baseUrl = deps.publicBaseUrl ?? (() => deps.config.publicBaseUrl);

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

  const signedIn = async (request: FastifyRequest): Promise<boolean> => {
    const organizationId = request.session.organizationId;
    return organizationId ? (await deps.store.getOrganization(organizationId)) !== null : false;
  };

  return { deps, baseUrl, linkDeps, signedIn };
}
