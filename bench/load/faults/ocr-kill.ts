import type { Check } from '../books.js';
import { countBy, formatCounts, ms, outcomeOf } from '../stats.js';
import { booksOf, check, doc, orgsFor, send, waitForChild, type FaultCase } from './context.js';

/**
 * An OCR worker killed mid-page: native tesseract runs one child process per page; the case
 * sends a scan, waits for that child and SIGKILLs it while it reads. The call must end 500
 * processing_failed and not be billed, and the pool must heal: the next scans are read.
 * With the tesseract.js engine there is no process to kill (it runs in a worker thread) and
 * the case says so instead of pretending.
 */
export const ocrKill: FaultCase = {
  name: 'ocr-kill',
  what: 'the native tesseract child process SIGKILLed mid-page, then two more scans',
  async run(ctx) {
    const [org] = await orgsFor(ctx, [{ label: 'ocr-pro', tier: 'pro' }]);
    const scan = doc(ctx, 'scan', 0);
    const baseline = await send(ctx, ctx.a, org!, scan);
    ctx.out(`  baseline: the scan alone took ${ms(baseline.latencyMs)} (${outcomeOf(baseline)})`);
    const pending = send(ctx, ctx.a, org!, scan);
    const pid = await waitForChild(ctx.a, 'tesseract', 60_000);
    if (pid === null) {
      const r = await pending;
      ctx.out(`  no tesseract child process appeared (engine runs in-process?); the scan ended ${outcomeOf(r)}`);
      return [
        check('an OCR worker process could be killed', false, ['skipped: no native tesseract process to kill'], 'ocr-kill skipped (no tesseract process)'),
        ...(await booksOf(ctx.h.db.url, [org!], [baseline, r])),
      ];
    }
    process.kill(pid, 'SIGKILL');
    const killedAt = Date.now();
    const killed = await pending;
    ctx.out(`  killed tesseract pid ${pid}; the call ended ${outcomeOf(killed)} ${ms(killed.doneAt - killedAt)} after the kill`);
    const next = [await send(ctx, ctx.a, org!, scan), await send(ctx, ctx.a, org!, doc(ctx, 'scan', 1))];
    ctx.out(`  the next scans on the same instance: ${next.map((r) => `${outcomeOf(r)} in ${ms(r.latencyMs)}`).join(', ')}`);
    const records = [baseline, killed, ...next];
    const checks: Check[] = [
      check(
        'the call whose OCR process was killed ends 500 processing_failed',
        killed.status === 500 && killed.code === 'processing_failed',
        [`got ${outcomeOf(killed)}`],
        `killed OCR gave ${outcomeOf(killed)}`,
      ),
      check('the pool heals: the next scans are read (200)', next.every((r) => r.status === 200), [formatCounts(countBy(next, outcomeOf))], 'pool did not heal after the OCR kill'),
    ];
    return [...checks, ...(await booksOf(ctx.h.db.url, [org!], records))];
  },
};
