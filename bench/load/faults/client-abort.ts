import type { CallRecord } from '../client.js';
import { mb } from '../rss.js';
import { countBy, formatCounts, outcomeOf } from '../stats.js';
import { booksOf, check, doc, orgsFor, send, sendStreamed, sleep, type FaultCase } from './context.js';

/**
 * Clients that leave: three disconnect mid-upload (64 KiB of a scan sent, then the connection
 * is destroyed), two leave while their scan is being read (aborted 1.5 s after the upload was
 * complete — issue 10 item 1). None may be billed; each is owed an audit record ("every
 * answered or abandoned call", docs/api.md); no reservation, temp file or memory may be left.
 * A normal call afterwards shows the instance is fine.
 */
export const clientAbort: FaultCase = {
  name: 'client-abort',
  what: '3 clients disconnect mid-upload, 2 leave while their scan is read',
  async run(ctx) {
    const [org] = await orgsFor(ctx, [{ label: 'abort-trial', tier: 'trial', rateLimit: 600 }]);
    const scan = doc(ctx, 'scan', 0);
    const rssBefore = ctx.a.sample().rss;
    const midUpload: Promise<CallRecord>[] = [];
    for (let i = 0; i < 3; i++) {
      const controller = new AbortController();
      midUpload.push(
        sendStreamed(
          ctx,
          ctx.a,
          org!,
          scan,
          (body, stream) => {
            stream.push(body.subarray(0, 64 * 1024));
            setTimeout(() => controller.abort(new Error('client left mid-upload')), 500);
          },
          controller.signal,
        ),
      );
    }
    const left = await Promise.all(midUpload);
    ctx.out(`  mid-upload: ${formatCounts(countBy(left, outcomeOf))}`);

    const whileReading: CallRecord[] = [];
    for (let i = 0; i < 2; i++) {
      const controller = new AbortController();
      // The body is 0.7–1.2 MB over loopback: sent well within the first 1.5 s.
      const pending = send(ctx, ctx.a, org!, scan, controller.signal);
      setTimeout(() => controller.abort(new Error('client left while waiting')), 1_500 + 1_000);
      whileReading.push(await pending);
    }
    ctx.out(`  left while the scan was read: ${formatCounts(countBy(whileReading, outcomeOf))}`);
    // Let the server finish or drop the abandoned work before looking at the books.
    await sleep(15_000);
    const normal = await send(ctx, ctx.a, org!, doc(ctx, 'letter', 0));
    ctx.out(`  a normal call afterwards: ${outcomeOf(normal)}`);
    const rssAfter = ctx.a.sample().rss;
    ctx.out(`  RSS of ${ctx.a.name}: ${mb(rssBefore)} before, ${mb(rssAfter)} after`);
    const abandoned = [...left, ...whileReading].filter((r) => r.status === null);
    const records = [...left, ...whileReading, normal];
    return [
      check('the instance answers normally afterwards', normal.status === 200, [outcomeOf(normal)], `normal call after aborts: ${outcomeOf(normal)}`),
      ...(await booksOf(ctx.h.db.url, [org!], records, { abandoned, waitMs: ctx.settings.processingTimeoutMs + 15_000 })),
    ];
  },
};
