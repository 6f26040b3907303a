/**
 * npm run loadtest — two instances of the real service on one PostgreSQL database (created and
 * dropped by this script on the shared server) and one Redis (a redis-server of its own on a
 * free port), several organizations on different tiers, a mix of text-layer statements,
 * letters and scans made in memory by the fixture generators, sent with undici. Prints
 * throughput, latency percentiles per document kind and type, errors by code and peak RSS per
 * instance; then checks the books against the database and the planted markers against
 * everything the service keeps. The last line is exactly `loadtest: books balanced` or
 * `loadtest: books NOT balanced (<what differs>)`; the exit code is 1 on the second.
 *
 *   npm run loadtest                            # ~90 s of load, ~2.5 min in all
 *   npm run loadtest -- --duration 600 --scale 3 --pool 2 --runner dist
 *
 * Options: --duration <s> of offered load (default 90); --scale <x> multiplies every
 * organization's offered rate (default 1); --pool <n> WORKER_POOL_SIZE per instance (default 1);
 * --runner tsx|dist (default tsx: src/main.ts through tsx; dist builds and runs dist/src/main.js);
 * --keep keeps the run folder (instance logs, temp folders). Loopback only.
 */
import { parseArgs } from 'node:util';
import { checkBooks, checkRateLimits, settledBooks, type Check } from './books.js';
import { getPath, makeAgent } from './client.js';
import { makeDocumentSet } from './documents.js';
import { drive, type Stream } from './driver.js';
import { Harness, runnerFrom } from './harness.js';
import { checkMarkers } from './markers.js';
import { createOrganizations, type OrgSpec } from './organizations.js';
import { printChecks, printFigures, verdict } from './report.js';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '90' },
    scale: { type: 'string', default: '1' },
    pool: { type: 'string', default: '1' },
    runner: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const durationS = Number(args.duration);
const scale = Number(args.scale);
const pool = Number(args.pool);
if (!(durationS > 0 && durationS <= 3600) || !(scale > 0 && scale <= 50) || !Number.isInteger(pool) || pool < 1 || pool > 16) {
  throw new Error('--duration must be 1…3600 s, --scale 0…50, --pool 1…16');
}
const out = (s: string) => process.stdout.write(`${s}\n`);

/**
 * Who calls, at what rate and with what. trial-capped starts with 40 of its 50 calls used
 * (made before the run through the metering service) and sends up to 40 more, so it meets its
 * cap (402) within the run even on a slow machine; trial-default and starter are offered more
 * than their per-minute limits (429s expected) — starter mostly with invalid calls, which the
 * server answers 400 without reading anything, so passing 60 a minute does not take reading 60
 * documents a minute.
 */
const ORGS: OrgSpec[] = [
  { label: 'trial-capped', tier: 'trial', rateLimit: 600, prefill: 40 },
  { label: 'trial-default', tier: 'trial' },
  { label: 'starter', tier: 'starter' },
  { label: 'pro', tier: 'pro' },
  { label: 'business', tier: 'business' },
];

async function main(): Promise<void> {
  const started = Date.now();
  const docs = await makeDocumentSet();
  const h = await Harness.open({ prefix: 'load', runner: runnerFrom(args.runner), keep: args.keep });
  let exitCode = 1;
  try {
    const orgs = await createOrganizations(h.db.url, ORGS);
    const env = { WORKER_POOL_SIZE: String(pool) };
    const [a, b] = await Promise.all([h.startInstance('instance-a', env), h.startInstance('instance-b', env)]);
    out(`loadtest: 2 instances (${h.options.runner}, WORKER_POOL_SIZE=${pool}) on PostgreSQL database ${h.db.name} and own redis-server :${h.redis!.port}; ` +
      `ready ${((Date.now() - started) / 1000).toFixed(1)} s after the script started`);
    out(`documents: ${Object.entries(docs.byKind).map(([k, l]) => `${l.length} ${k}${l.length === 1 ? '' : 's'}`).join(', ')} (in memory, marker ${docs.marker})`);
    const org = (label: string) => orgs.find((o) => o.label === label)!;
    const s = (n: number) => Math.max(1, Math.round(n * scale));
    const streams: Stream[] = [
      { org: org('trial-capped'), perMinute: s(40), mix: { statement: 1, letter: 1 }, concurrency: 4, maxRequests: 40 },
      { org: org('trial-default'), perMinute: s(16), mix: { letter: 2, statement: 1 }, concurrency: 6 },
      { org: org('starter'), perMinute: s(80), mix: { invalid: 6, statement: 1, letter: 1, scan: 0.1 }, concurrency: 8 },
      { org: org('pro'), perMinute: s(12), mix: { statement: 1, letter: 1, scan: 1 }, concurrency: 2 },
      { org: org('business'), perMinute: s(20), mix: { statement: 2, letter: 1, scan: 0.5 }, concurrency: 2 },
    ];
    for (const st of streams) {
      out(`  ${st.org.label.padEnd(14)} ${st.org.tier.padEnd(9)} limit ${String(st.org.rateLimitPerMinute).padStart(3)}/min, offered ${st.perMinute}/min` +
        `${st.maxRequests ? ` (at most ${st.maxRequests})` : ''}, mix ${Object.entries(st.mix).map(([k, w]) => `${k} ${w}`).join(' ')}` +
        `${st.org.prefilled ? `; ${st.org.prefilled} of ${st.org.includedCalls} calls used before the run` : ''}`);
    }
    const agent = makeAgent({ connections: 16 });
    const targets = [a, b].map((i) => ({ name: i.name, url: i.url }));
    out(`load: ${durationS} s…`);
    const records = await drive(streams, { targets, durationMs: durationS * 1000, dispatcher: agent, docs });
    out('');
    printFigures(records, [a, b], out);

    const books = await settledBooks(h.db.url, orgs, (o) => records.filter((r) => r.org === o.label && r.status !== null).length);
    const metrics = await Promise.all(
      [a, b].map(async (i) => {
        // A refused scrape would make the marker check below pass on an empty text.
        const scrape = await getPath(agent, `${i.url}/metrics`, 10_000, h.metricsHeaders);
        if (scrape.status !== 200) throw new Error(`${i.name}: /metrics answered ${scrape.status ?? scrape.error}`);
        return { name: i.name, text: scrape.body };
      }),
    );
    await agent.close();
    const stops = await Promise.all([a, b].map((i) => i.stop('SIGTERM', 30_000)));
    out(`instances stopped: ${[a, b].map((i, k) => `${i.name} ${stops[k]!.killed ? 'KILLED after 30 s' : `exit ${stops[k]!.code ?? stops[k]!.signal}`}`).join(', ')}`);

    out('');
    out('books:');
    const checks: Check[] = [...checkBooks(orgs, records, books), checkRateLimits(orgs, records)];
    printChecks(checks, out);
    out('data handling:');
    const markerCheck = await checkMarkers([docs.marker], orgs.map((o) => o.apiKey), {
      databaseUrl: h.db.url,
      runStartedAt: started,
      logs: [a, b].map((i) => ({ name: i.name, lines: i.logs })),
      metrics,
      tempDirs: [a, b].map((i) => h.dir.sub(`${i.name}/tmp`)),
    });
    printChecks([markerCheck], out);
    const v = verdict('loadtest', [...checks, markerCheck]);
    await h.close();
    out(`total time ${((Date.now() - started) / 1000).toFixed(0)} s`);
    out(v.line);
    exitCode = v.ok ? 0 : 1;
  } finally {
    await h.close();
  }
  process.exitCode = exitCode;
}

main().catch((err: unknown) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  out(`loadtest: books NOT balanced (the run failed: ${(err as Error).message.split('\n')[0]})`);
  process.exit(1);
});
