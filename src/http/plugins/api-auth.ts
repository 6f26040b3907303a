import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../ports/clock.js';
import type { RateLimiter, RateLimitDecision } from '../../ports/rate-limiter.js';
import type { Store } from '../../ports/store.js';
import { reserveCall } from '../../services/meter-calls.js';
import { hitOrganizationRateLimit } from '../../services/run-metered-analysis.js';
import { verifyApiKey } from '../../services/verify-api-key.js';
import { ApiError } from '../api-error.js';

export interface ApiAuthDeps {
  store: Store;
  clock: Clock;
  rateLimiter: RateLimiter;
}

/**
 * The gate in front of every keyed /api/v1 route, in the order of SPEC §2:
 * 1. key missing/unknown → 401 invalid_api_key, revoked → 401 revoked_api_key;
 * 2. scope → 403 insufficient_scope; 3. rate limit → 429 rate_limited; 4. trial quota →
 * 402 quota_exceeded. Every authenticated request counts against the per-minute budget and
 * carries the RateLimit headers, whatever its outcome. The quota is a reservation taken here
 * and settled by plugins/metered-calls.ts once the response is done (commit only when the
 * route's 200 was written in full, release otherwise).
 */
export function installApiAuth(app: FastifyInstance, deps: ApiAuthDeps): void {
  app.addHook('onRequest', async (request, reply) => {
    const scope = request.routeOptions.config.scope;
    if (!scope) return;

    const verification = await verifyApiKey(deps, request.headers.authorization);
    if (!verification.ok) {
      if (verification.reason === 'revoked') throw new ApiError('revoked_api_key', 'This API key has been revoked.');
      throw new ApiError(
        'invalid_api_key',
        verification.reason === 'missing'
          ? 'Send the header Authorization: Bearer <API key>.'
          : 'The API key is not valid.',
      );
    }
    request.auth = { key: verification.key, organization: verification.organization };

    const decision = await hitRateLimit(deps.rateLimiter, request);
    setRateLimitHeaders(reply, decision);

    if (!verification.key.scopes.includes(scope)) {
      throw new ApiError('insufficient_scope', `This API key lacks the scope ${scope}.`);
    }
    if (!decision.allowed) {
      throw new ApiError(
        'rate_limited',
        `The rate limit of ${decision.limit} requests per minute is exceeded; retry in ${decision.resetSeconds} s.`,
        undefined,
        { 'Retry-After': String(decision.resetSeconds) },
      );
    }
    if (request.routeOptions.config.metered) {
      const reservation = await reserveCall(deps, verification.organization);
      if (!reservation) {
        throw new ApiError(
          'quota_exceeded',
          'The trial allowance of 50 calls is used up. Choose a plan with POST /api/v1/billing/checkout.',
        );
      }
      request.reservation = reservation;
    }
  });
}

async function hitRateLimit(limiter: RateLimiter, request: FastifyRequest): Promise<RateLimitDecision> {
  try {
    return await hitOrganizationRateLimit({ rateLimiter: limiter }, request.auth!.organization);
  } catch (err) {
    request.log.error({ err: { name: (err as Error).name, message: (err as Error).message } }, 'rate limiter unavailable');
    throw new ApiError('service_unavailable', 'The service is temporarily unavailable; retry shortly.', undefined, {
      'Retry-After': '5',
    });
  }
}

function setRateLimitHeaders(reply: FastifyReply, decision: RateLimitDecision): void {
  reply.header('RateLimit-Limit', String(decision.limit));
  reply.header('RateLimit-Remaining', String(decision.remaining));
  reply.header('RateLimit-Reset', String(decision.resetSeconds));
}
