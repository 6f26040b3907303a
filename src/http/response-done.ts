import type { FastifyReply } from 'fastify';

export interface ResponseLifetime {
  /**
   * Resolves once the connection is done with the response: true when the whole response was
   * handed to the operating system ('finish' came before 'close'), false when the connection
   * closed first — the client left before its answer was written. Never rejects.
   */
  done: Promise<boolean>;
  /** Aborts when the client leaves before its answer is written (for withdrawing work). */
  clientGone: AbortSignal;
}

/**
 * Watches the raw response, not Fastify's onResponse hook: that hook runs only on 'finish'
 * (or a write error), so a client that disconnects mid-processing would never reach it. A
 * ServerResponse always emits 'close' — after 'finish' when the answer went out, alone when
 * the socket closed first — so `writableFinished` at 'close' tells the two apart.
 */
export function watchResponse(reply: FastifyReply): ResponseLifetime {
  const raw = reply.raw;
  const gone = new AbortController();
  const done = new Promise<boolean>((resolve) => {
    if (raw.writableFinished) return resolve(true);
    if (raw.destroyed) {
      gone.abort();
      return resolve(false);
    }
    raw.once('close', () => {
      if (!raw.writableFinished) gone.abort();
      resolve(raw.writableFinished);
    });
  });
  return { done, clientGone: gone.signal };
}
