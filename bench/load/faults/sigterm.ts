import type { CallRecord } from '../client.js';
import { countBy, formatCounts, ms, outcomeOf } from '../stats.js';
import { booksOf, check, doc, orgsFor, send, waitForOcrInFlight, type FaultCase } from './context.js';

/**
 * SIGTERM during in-flight OCR: an instance of its own (SHUTDOWN_GRACE_MS from the fault
 * settings) gets four scans and four text documents at once; once the first page is read by
 * OCR (native tesseract or tesseract.js: the instance's /metrics says so) it gets SIGTERM.
 * Every call in flight must get an HTTP answer — 200 if it finished in the grace time,
 * otherwise a clean refusal (503 with Retry-After) — never a closed connection; the process
 * exits by itself, and no reservation is left behind.
 */
export const sigterm: FaultCase = {
  name: 'sigterm',
  what: 'SIGTERM to an instance with 4 scans and 4 text documents in flight',
  async run(ctx) {
    const c = await ctx.h.startInstance('instance-c', {
      WORKER_POOL_SIZE: '1',
      REQUEST_TIMEOUT_MS: String(ctx.settings.requestTimeoutMs),
      PROCESSING_TIMEOUT_MS: String(ctx.settings.processingTimeoutMs),
      SHUTDOWN_GRACE_MS: String(ctx.settings.shutdownGraceMs),
    });
    const orgs = await orgsFor(ctx, [
      { label: 'term-trial', tier: 'trial', rateLimit: 600 },
      { label: 'term-business', tier: 'business' },
    ]);
    const calls: Promise<CallRecord>[] = [];
    for (let i = 0; i < 4; i++) calls.push(send(ctx, c, orgs[i % 2]!, doc(ctx, 'scan', i)));
    for (let i = 0; i < 4; i++) calls.push(send(ctx, c, orgs[i % 2]!, doc(ctx, i % 2 ? 'letter' : 'statement', i)));
    const reading = await waitForOcrInFlight(ctx, c, 90_000);
    const termAt = Date.now();
    ctx.out(`  SIGTERM ${reading ? 'while a page is read by OCR' : '(no OCR seen within 90 s)'}; grace ${ctx.settings.shutdownGraceMs} ms`);
    const stopping = c.stop('SIGTERM', ctx.settings.shutdownGraceMs + 20_000);
    const records = await Promise.all(calls);
    const exit = await stopping;
    const exitedAfter = Date.now() - termAt;
    ctx.out(`  calls: ${formatCounts(countBy(records, outcomeOf))}`);
    ctx.out(`  the process ${exit.killed ? 'had to be KILLED' : `exited (${exit.code ?? exit.signal})`} ${ms(exitedAfter)} after SIGTERM`);
    const closed = records.filter((r) => r.status === null);
    const refusedBadly = records.filter((r) => r.status !== null && r.status !== 200 && !(r.status === 503 && r.retryAfter));
    return [
      check(
        'SIGTERM arrives while a page is read by OCR',
        reading,
        [reading ? 'klartext_reading_ocr_running was above 0' : 'no page was read by OCR within 90 s'],
        'no OCR in flight at SIGTERM',
      ),
      check(
        'every call in flight gets an HTTP answer (200, or 503 with Retry-After)',
        closed.length === 0 && refusedBadly.length === 0,
        [`${closed.length} connection(s) closed without an answer; ${refusedBadly.length} other answer(s): ${formatCounts(countBy(refusedBadly, outcomeOf))}`],
        `${closed.length} call(s) cut without an answer at SIGTERM`,
      ),
      check(
        'the process exits by itself within the grace time (+5 s)',
        !exit.killed && exitedAfter <= ctx.settings.shutdownGraceMs + 5_000,
        [`exit ${exit.code ?? exit.signal} after ${ms(exitedAfter)}`],
        'no clean exit after SIGTERM',
      ),
      ...(await booksOf(ctx.h.db.url, orgs, records)),
    ];
  },
};
