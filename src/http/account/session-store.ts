import type { SessionStore } from '@fastify/session';
import type { Clock } from '../../ports/clock.js';
import type { Store } from '../../ports/store.js';

/** Sessions without an expiry in their cookie (never the case here) are kept for a day. */
const FALLBACK_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * @fastify/session's store interface over the Store port, so sessions live in the database
 * every instance shares: a sign-in on one instance is seen on all, and sign-out ends the
 * session everywhere. The session object is stored as JSON (organization id, e-mail, open upload
 * tokens); only a sign-in writes one (the CSRF secret is a cookie: plugin.ts).
 */
export function databaseSessionStore(deps: { store: Store; clock: Clock }): SessionStore {
  return {
    set(sessionId, session, callback) {
      const cookie = (session as { cookie?: { expires?: Date | string | null } }).cookie;
      const expires = cookie?.expires ? new Date(cookie.expires) : new Date(deps.clock.now().getTime() + FALLBACK_LIFETIME_MS);
      deps.store
        .setAccountSession({ id: sessionId, data: JSON.stringify(session), expiresAt: expires })
        .then(() => callback(), (err: Error) => callback(err));
    },
    get(sessionId, callback) {
      deps.store
        .getAccountSession(sessionId, deps.clock.now())
        .then(
          (record) => callback(null, record ? JSON.parse(record.data) : null),
          (err: Error) => callback(err, null),
        );
    },
    destroy(sessionId, callback) {
      deps.store.destroyAccountSession(sessionId).then(() => callback(), (err: Error) => callback(err));
    },
  };
}
