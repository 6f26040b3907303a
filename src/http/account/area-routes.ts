import type { FastifyInstance } from 'fastify';
import type { AccountAreaDeps } from './deps.js';

/** The signed-in pages: keys, usage, try it, billing (issue 9). */
export async function areaRoutes(_app: FastifyInstance, _deps: AccountAreaDeps): Promise<void> {}
