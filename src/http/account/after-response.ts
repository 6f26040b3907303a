import type { FastifyInstance, FastifyRequest } from 'fastify';

export type RunAfterResponse = (request: FastifyRequest, task: () => Promise<void>) => void;

/**
 * Work a request leaves for after its response (the e-mail of a sign-up or sign-in request),
 * so the response time does not depend on what that work finds. Tasks start in onResponse;
 * closing the app waits for those still running, so a shutdown does not drop a link that
 * was promised. A failure is logged by its name and SMTP code only: the message of a mail
 * server's error may quote the address.
 */
export function afterResponse(app: FastifyInstance): RunAfterResponse {
  const queued = new WeakMap<FastifyRequest, (() => Promise<void>)[]>();
  const running = new Set<Promise<void>>();

  app.addHook('onResponse', async (request) => {
    const tasks = queued.get(request);
    if (!tasks) return;
    queued.delete(request);
    for (const task of tasks) {
      const done: Promise<void> = task()
        .catch((err: unknown) => {
          const e = err as { name?: unknown; code?: unknown; responseCode?: unknown };
          request.log.error({ err: { name: e?.name, code: e?.code, responseCode: e?.responseCode } }, 'account e-mail could not be sent');
        })
        .finally(() => running.delete(done));
      running.add(done);
    }
  });
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
  });

  return (request, task) => {
    const tasks = queued.get(request) ?? [];
    tasks.push(task);
    queued.set(request, tasks);
  };
}
