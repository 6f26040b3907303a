import { Redis } from 'ioredis';
import type { RateLimiter } from '../../ports/rate-limiter.js';
import { MemoryRateLimiter } from './memory.js';
import { RedisRateLimiter } from './redis.js';

export interface RateLimiterOptions {
  /** Prefix of every key, so several deployments (or test runs) can share one Redis. */
  keyPrefix?: string;
  /** Connection errors after start (Redis restarts); hit() throws meanwhile. Default: ignored. */
  onRedisError?: (err: Error) => void;
}

/** How long the first connection may take before the start fails, in ms. */
const CONNECT_TIMEOUT_MS = 5_000;
/**
 * How long one command may take before it fails, in ms. A Redis that is frozen (SIGSTOP, a
 * stalled VM) keeps its socket open and never answers: without this bound every keyed request
 * and /readyz would wait as long as the freeze lasts, instead of answering 503 at once.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;

/**
 * Redis-backed when REDIS_URL is set (connects now and rejects if Redis cannot be reached,
 * so a misconfigured instance does not start), in-process otherwise.
 */
export async function openRateLimiter(
  redisUrl: string | undefined,
  opts: RateLimiterOptions = {},
): Promise<RateLimiter> {
  const keyPrefix = opts.keyPrefix ?? 'klartext:rl';
  if (redisUrl === undefined || redisUrl.trim() === '') return new MemoryRateLimiter(keyPrefix);

  const client = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // Requests fail instead of queueing while Redis is away: a rate-limit check must answer now.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    // ioredis waits this long for a dead socket to close on disconnect (default 2 s), which
    // would hold a failed start open for that long.
    disconnectTimeout: 500,
  });
  // Without a listener ioredis prints every reconnect error itself.
  client.on('error', (err: Error) => opts.onRedisError?.(err));
  try {
    await client.connect();
    await client.ping();
  } catch (err) {
    client.disconnect();
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(`Redis at ${describe(redisUrl)} is not reachable: ${reason}`, { cause: err });
  }
  return new RedisRateLimiter(client, keyPrefix);
}

/** Host and port only: the URL may carry a password. */
function describe(redisUrl: string): string {
  try {
    const url = new URL(redisUrl);
    return `${url.hostname}:${url.port || '6379'}`;
  } catch {
    return '(unparseable REDIS_URL)';
  }
}
