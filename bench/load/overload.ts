/**
 * npm run loadtest:overload — one instance of the real service (own PostgreSQL database and
 * redis-server, WORKER_POOL_SIZE=1 unless --pool) is offered scans at four times what its
 * worker pool can process, measured first on three scans in a row. For two minutes after that
 * warm-up it prints what happens to the calls (answered, refused, how long they waited and with
 * what code and Retry-After), whether /healthz and /readyz keep answering (polled every second
 * on connections of their own), and the resident memory sampled every second. The service's
 * own settings apply (PROCESSING_TIMEOUT_MS default 60 s) unless --deadline is given.
 *
 * Checks: refused calls are 503 with Retry-After (docs/api.md) within the deadline + 5 s;
 * every health poll answers within 2 s; the RSS median of the last 30 s stays within 15 % + 32 MB
 * of the first 30 s; billable calls = 200s. Last line `overload: held` or
 * `overload: NOT held (<what>)`, exit 1 on the second.
 *
 * Options: --factor <x> (default 4), --seconds <s> sampled (default 120), --pool <n>,
 * --deadline <ms> (PROCESSING_TIMEOUT_MS), --runner tsx|dist, --keep.
 */
import { parseArgs } from 'node:util';
import type { Check } from './books.js';
import { makeAgent, postAnalyze, type CallRecord } from './client.js';
import { makeDocumentSet } from './documents.js';
import { Harness, runnerFrom } from './harness.js';
import { analyzeForm } from '../../test/support/multipart.js';
import { createOrganizations } from './organizations.js';
import { printChecks } from './report.js';
import { mb } from './rss.js';
import { countBy, formatCounts, max, ms, outcomeOf, percentile, table } from './stats.js';
import { booksOf, check, pollHealth } from './faults/context.js';

const { values: args } = parseArgs({
  options: {
    factor: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '120' },
    pool: { type: 'string', default: '1' },
    deadline: { type: 'string' },
    runner: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const factor = Number(args.factor);
const seconds = Number(args.seconds);
const pool = Number(args.pool);
const deadlineMs = args.deadline ? Number(args.deadline) : 60_000;
if (!(factor > 0 && factor <= 20) || !(seconds >= 30 && seconds <= 3600) || !Number.isInteger(pool) || pool < 1 || !(deadlineMs >= 1000)) {
  throw new Error('--factor 0…20, --seconds 30…3600, --pool ≥ 1, --deadline ≥ 1000 ms');
}
const out = (s: string) => process.stdout.write(`${s}\n`);
const HEALTH_BOUND_MS = 2_000;

async function main(): Promise<void> {
  const started = Date.now();
  const docs = await makeDocumentSet();
  const h = await Harness.open({ prefix: 'overload', runner: runnerFrom(args.runner), keep: args.keep });
  let ok = false;
  try {
    const [org] = await createOrganizations(h.db.url, [{ label: 'overload-business', tier: 'business', rateLimit: 100_000 }]);
    const env: Record<string, string> = { WORKER_POOL_SIZE: String(pool) };
    if (args.deadline) env.PROCESSING_TIMEOUT_MS = String(deadlineMs);
    const inst = await h.startInstance('instance', env);
    const agent = makeAgent({ connections: 512, headersTimeoutMs: deadlineMs + 120_000 });
    const scan = docs.byKind.scan[0]!;
    const form = analyzeForm(scan);
    const call = () =>
      postAnalyze({
        dispatcher: agent,
        url: inst.url,
        apiKey: org!.apiKey,
        body: form.body,
        contentType: form.contentType,
        meta: { org: org!.label, kind: scan.kind, documentType: scan.documentType, instance: inst.name },
      });
    out(`overload: 1 instance (${h.options.runner}, WORKER_POOL_SIZE=${pool}, PROCESSING_TIMEOUT_MS=${deadlineMs}) on ${h.db.name}, redis-server :${h.redis!.port}`);

    // Warm-up: the pool's pace on this document, one call at a time.
    const warm: CallRecord[] = [];
    for (let i = 0; i < 3; i++) warm.push(await call());
    if (warm.some((r) => r.status !== 200)) throw new Error(`warm-up scans failed: ${warm.map(outcomeOf).join(', ')}`);
    const serviceMs = percentile(warm.map((r) => r.latencyMs), 50);
    const capacity = pool / (serviceMs / 1000); // calls per second the pool completes
    const rate = capacity * factor;
    out(`warm-up: ${warm.map((r) => ms(r.latencyMs)).join(', ')} per ${scan.label} → pool capacity ${capacity.toFixed(2)}/s; offering ${factor} × = ${rate.toFixed(2)}/s for ${seconds} s`);

    const health = pollHealth([inst], '/healthz');
    const ready = pollHealth([inst], '/readyz');
    const rss: { t: number; rss: number; tree: number }[] = [];
    const t0 = Date.now();
    const sampler = setInterval(() => {
      const s = inst.sample();
      rss.push({ t: (Date.now() - t0) / 1000, rss: s.rss, tree: s.treeRss });
    }, 1_000);
    inst.resetPeaks();
    const calls: Promise<CallRecord>[] = [];
    const total = Math.round(rate * seconds);
    for (let k = 0; k < total; k++) {
      const wait = t0 + (k * 1000) / rate - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      calls.push(call());
    }
    const sendEnd = Date.now();
    await new Promise((r) => setTimeout(r, Math.max(0, t0 + seconds * 1000 - Date.now())));
    clearInterval(sampler);
    out(`sent ${calls.length} calls in ${((sendEnd - t0) / 1000).toFixed(0)} s; waiting for the last answers…`);
    const records = await Promise.all(calls);
    await health.stop();
    await ready.stop();

    const oks = records.filter((r) => r.status === 200);
    const refused = records.filter((r) => r.status !== 200);
    out('');
    out(`calls: ${formatCounts(countBy(records, outcomeOf))}`);
    out(
      table(
        ['', 'n', 'p50', 'p95', 'max'],
        [
          ['answered 200', oks.length, ms(percentile(oks.map((r) => r.latencyMs), 50)), ms(percentile(oks.map((r) => r.latencyMs), 95)), ms(max(oks.map((r) => r.latencyMs)))],
          ['refused', refused.length, ms(percentile(refused.map((r) => r.latencyMs), 50)), ms(percentile(refused.map((r) => r.latencyMs), 95)), ms(max(refused.map((r) => r.latencyMs)))],
        ],
      ),
    );
    out(`refusals with Retry-After: ${refused.filter((r) => r.retryAfter).length} of ${refused.length} (values ${formatCounts(countBy(refused.filter((r) => r.retryAfter), (r) => r.retryAfter!))})`);
    const polls = [...health.samples.map((s) => ({ ...s, path: '/healthz' })), ...ready.samples.map((s) => ({ ...s, path: '/readyz' }))];
    for (const path of ['/healthz', '/readyz']) {
      const mine = polls.filter((p) => p.path === path);
      out(`${path}: ${mine.length} polls, ${formatCounts(countBy(mine, (p) => String(p.status ?? 'no answer')))}; latency p50 ${ms(percentile(mine.map((p) => p.latencyMs), 50))}, p99 ${ms(percentile(mine.map((p) => p.latencyMs), 99))}, max ${ms(Math.max(...mine.map((p) => p.latencyMs)))}`);
    }
    const bucket = 15;
    const rows: (string | number)[][] = [];
    for (let from = 0; from < seconds; from += bucket) {
      const s = rss.filter((x) => x.t >= from && x.t < from + bucket);
      if (s.length === 0) continue;
      rows.push([`${from}–${from + bucket} s`, mb(percentile(s.map((x) => x.rss), 50)), mb(Math.max(...s.map((x) => x.rss))), mb(percentile(s.map((x) => x.tree), 50))]);
    }
    out('RSS after warm-up (sampled every second):');
    out(table(['window', 'median', 'max', 'median with children'], rows));
    const first = percentile(rss.filter((x) => x.t < 30).map((x) => x.rss), 50);
    const last = percentile(rss.filter((x) => x.t >= seconds - 30).map((x) => x.rss), 50);
    out(`RSS median first 30 s ${mb(first)}, last 30 s ${mb(last)}, peak ${mb(inst.peakRss)} (with children ${mb(inst.peakTreeRss)})`);

    const badRefusals = refused.filter((r) => !(r.status === 503 && r.retryAfter));
    const lateRefusals = refused.filter((r) => r.latencyMs > deadlineMs + 5_000);
    const slowPolls = polls.filter((p) => p.status !== 200 || p.latencyMs > HEALTH_BOUND_MS);
    const checks: Check[] = [
      check(
        'calls beyond capacity are refused with 503 and Retry-After',
        badRefusals.length === 0,
        [`${badRefusals.length} of ${refused.length} refusals were something else: ${formatCounts(countBy(badRefusals, outcomeOf))}`],
        `refusals were ${formatCounts(countBy(badRefusals, outcomeOf))}, not 503 with Retry-After`,
      ),
      check(
        `no call waits longer than the deadline + 5 s (${ms(deadlineMs + 5_000)})`,
        lateRefusals.length === 0 && records.every((r) => r.latencyMs <= deadlineMs + 5_000),
        [`longest wait ${ms(Math.max(...records.map((r) => r.latencyMs)))}`],
        `calls waited up to ${ms(Math.max(...records.map((r) => r.latencyMs)))}`,
      ),
      check(
        `health checks keep answering 200 within ${HEALTH_BOUND_MS / 1000} s`,
        slowPolls.length === 0,
        [`${slowPolls.length} of ${polls.length} polls slow or not 200`],
        `${slowPolls.length} health polls slow or failed`,
      ),
      check(
        'RSS stays flat after warm-up (last 30 s within 15 % + 32 MB of the first 30 s)',
        last <= first * 1.15 + 32 * 1024 * 1024,
        [`${mb(first)} → ${mb(last)}`],
        `RSS grew ${mb(first)} → ${mb(last)}`,
      ),
      ...(await booksOf(h.db.url, [org!], [...warm, ...records])),
    ];
    out('');
    printChecks(checks, out);
    await agent.close();
    const differs = checks.flatMap((c) => c.differs);
    await h.close();
    out(`total time ${((Date.now() - started) / 1000).toFixed(0)} s`);
    ok = differs.length === 0;
    out(ok ? 'overload: held' : `overload: NOT held (${differs.join('; ')})`);
  } finally {
    await h.close();
  }
  process.exitCode = ok ? 0 : 1;
}

main().catch((err: unknown) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  out(`overload: NOT held (the run failed: ${(err as Error).message.split('\n')[0]})`);
  process.exit(1);
});
