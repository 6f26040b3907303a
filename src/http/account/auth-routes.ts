import type { FastifyInstance } from 'fastify';
import type { AccountAreaDeps } from './deps.js';

/** Sign-up, e-mail confirmation, sign-in by e-mail link, sign-out (issue 9). */
export async function authRoutes(_app: FastifyInstance, _deps: AccountAreaDeps): Promise<void> {}
