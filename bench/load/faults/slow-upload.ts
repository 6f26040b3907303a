import { countBy, formatCounts, ms, outcomeOf } from '../stats.js';
import { booksOf, check, doc, orgsFor, send, sendStreamed, sleep, type FaultCase } from './context.js';

/**
 * A client that uploads one byte a second (its Content-Length promises the whole body). The
 * server must end it once REQUEST_TIMEOUT_MS has passed (plus the slack of Node's check of
 * request timeouts, at most CHECK_SLACK_MS), not bill it and keep nothing; other clients are
 * served meanwhile.
 */
const CHECK_SLACK_MS = 5_000;

export const slowUpload: FaultCase = {
  name: 'slow-upload',
  what: 'a client uploads one byte a second; REQUEST_TIMEOUT_MS must free it',
  async run(ctx) {
    const [org] = await orgsFor(ctx, [{ label: 'slow-trial', tier: 'trial', rateLimit: 600 }]);
    const limit = ctx.settings.requestTimeoutMs;
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const controller = new AbortController();
    // The client gives up on its own only well past the bound, so the server's cut is what is measured.
    const giveUp = setTimeout(() => controller.abort(new Error('client gave up')), limit + 105_000);
    const slow = sendStreamed(
      ctx,
      ctx.a,
      org!,
      doc(ctx, 'letter', 1),
      (body, stream) => {
        timer = setInterval(() => {
          if (sent >= body.length) return clearInterval(timer);
          stream.push(body.subarray(sent, sent + 1));
          sent += 1;
        }, 1_000);
      },
      controller.signal,
    );
    await sleep(3_000);
    const meanwhile = await send(ctx, ctx.a, org!, doc(ctx, 'statement', 1));
    ctx.out(`  another client meanwhile: ${outcomeOf(meanwhile)} in ${ms(meanwhile.latencyMs)}`);
    const r = await slow;
    clearInterval(timer);
    clearTimeout(giveUp);
    ctx.out(`  the slow upload (${sent} bytes sent) ended ${outcomeOf(r)} after ${ms(r.latencyMs)} (REQUEST_TIMEOUT_MS ${limit})`);
    const freedInTime = r.latencyMs <= limit + CHECK_SLACK_MS && !(r.transportError ?? '').includes('Abort');
    const records = [r, meanwhile];
    return [
      check(
        `the slow upload is ended by the server within REQUEST_TIMEOUT_MS + ${CHECK_SLACK_MS / 1000} s`,
        freedInTime,
        [`ended after ${ms(r.latencyMs)}: ${outcomeOf(r)}`],
        `slow upload held ${ms(r.latencyMs)} (REQUEST_TIMEOUT_MS ${limit})`,
      ),
      check('other clients are served meanwhile', meanwhile.status === 200, [formatCounts(countBy([meanwhile], outcomeOf))], 'other client not served during a slow upload'),
      ...(await booksOf(ctx.h.db.url, [org!], records, { abandoned: r.status === null ? [r] : [], waitMs: 15_000 })),
    ];
  },
};
