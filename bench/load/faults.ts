/**
 * npm run faults [-- case …] — faults under load, each ending with the books checked:
 *   pg-down       PostgreSQL refused, then black-holed, through a TCP proxy in front of 5432
 *   redis-freeze  the own redis-server frozen (SIGSTOP), thawed, then killed and restarted
 *   ocr-kill      the native tesseract child killed mid-page
 *   client-abort  clients that disconnect mid-upload or while their scan is read
 *   slow-upload   a client that uploads one byte a second
 *   sigterm       SIGTERM with OCR in flight
 * Two instances (and a third for sigterm) of the real service run on a PostgreSQL database of
 * the script's own, reached through the proxy, and on its own redis-server, with
 * REQUEST_TIMEOUT_MS=15000, PROCESSING_TIMEOUT_MS=60000 (the default: a loaded machine
 * must not turn slow OCR into failures) and SHUTDOWN_GRACE_MS=5000, so that the bounds come
 * within a short run. Every case prints what it saw and its checks, then
 * `faults <case>: books balanced` or `… NOT balanced (…)`; the last line sums them up as
 * `faults: books balanced` or `faults: books NOT balanced (…)`, exit 1 on the second.
 *
 * Options: --runner tsx|dist (default tsx), --keep (keep the run folder), --list.
 */
import { parseArgs } from 'node:util';
import { makeAgent } from './client.js';
import { makeDocumentSet } from './documents.js';
import { Harness, runnerFrom } from './harness.js';
import { printChecks, verdict } from './report.js';
import { clientAbort } from './faults/client-abort.js';
import type { FaultCase, FaultContext } from './faults/context.js';
import { ocrKill } from './faults/ocr-kill.js';
import { pgDown } from './faults/pg-down.js';
import { redisFreeze } from './faults/redis-freeze.js';
import { sigterm } from './faults/sigterm.js';
import { slowUpload } from './faults/slow-upload.js';

const CASES: FaultCase[] = [pgDown, redisFreeze, ocrKill, clientAbort, slowUpload, sigterm];
const SETTINGS = { requestTimeoutMs: 15_000, processingTimeoutMs: 60_000, shutdownGraceMs: 5_000 };

const { values: args, positionals } = parseArgs({
  options: { runner: { type: 'string' }, keep: { type: 'boolean', default: false }, list: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const out = (s: string) => process.stdout.write(`${s}\n`);

async function main(): Promise<void> {
  if (args.list) {
    for (const c of CASES) out(`${c.name.padEnd(13)} ${c.what}`);
    return;
  }
  const unknown = positionals.filter((p) => !CASES.some((c) => c.name === p));
  if (unknown.length > 0) throw new Error(`unknown case(s) ${unknown.join(', ')}; cases: ${CASES.map((c) => c.name).join(', ')}`);
  const selected = positionals.length > 0 ? CASES.filter((c) => positionals.includes(c.name)) : CASES;
  const started = Date.now();
  const docs = await makeDocumentSet();
  const h = await Harness.open({ prefix: 'faults', runner: runnerFrom(args.runner), proxy: true, keep: args.keep });
  const results: { name: string; ok: boolean; line: string }[] = [];
  try {
    const env = {
      WORKER_POOL_SIZE: '1',
      REQUEST_TIMEOUT_MS: String(SETTINGS.requestTimeoutMs),
      PROCESSING_TIMEOUT_MS: String(SETTINGS.processingTimeoutMs),
      SHUTDOWN_GRACE_MS: String(SETTINGS.shutdownGraceMs),
    };
    await createSchema(h);
    const [a, b] = await Promise.all([h.startInstance('instance-a', env), h.startInstance('instance-b', env)]);
    const agent = makeAgent({ connections: 16, headersTimeoutMs: 120_000 });
    const ctx: FaultContext = { h, a, b, docs, agent, out, settings: SETTINGS };
    out(`faults: instances ${a.name}, ${b.name} (${h.options.runner}) on ${h.db.name} via TCP proxy :${h.proxy!.port} → 5432, redis-server :${h.redis!.port}; ` +
      `REQUEST_TIMEOUT_MS ${SETTINGS.requestTimeoutMs}, PROCESSING_TIMEOUT_MS ${SETTINGS.processingTimeoutMs}, SHUTDOWN_GRACE_MS ${SETTINGS.shutdownGraceMs}`);
    for (const c of selected) {
      out('');
      out(`== ${c.name}: ${c.what}`);
      const t = Date.now();
      try {
        const checks = await c.run(ctx);
        printChecks(checks, out);
        const v = verdict(`faults ${c.name}`, checks);
        out(`${v.line}   [${((Date.now() - t) / 1000).toFixed(0)} s]`);
        results.push({ name: c.name, ok: v.ok, line: v.line });
      } catch (err) {
        const line = `faults ${c.name}: books NOT balanced (the case failed: ${(err as Error).message.split('\n')[0]})`;
        process.stderr.write(`${(err as Error).stack}\n`);
        out(line);
        results.push({ name: c.name, ok: false, line });
      }
      // An instance that died is a finding of this case: show how, and start a fresh one for the next.
      for (const key of ['a', 'b'] as const) {
        const i = ctx[key];
        if (i.running) continue;
        const exit = await i.exited;
        const line = `faults ${c.name}: books NOT balanced (${i.name} died: exit ${exit.code ?? exit.signal})`;
        out(`  ${i.name} DIED during ${c.name} (exit ${exit.code ?? exit.signal}); its last log lines:`);
        for (const l of i.logs.slice(-25)) out(`    | ${l.slice(0, 300)}`);
        results.push({ name: `${c.name}/${i.name}`, ok: false, line });
        ctx[key] = await h.startInstance(`${i.name}-restarted-after-${c.name}`, env);
        out(`  started ${ctx[key].name} in its place`);
      }
    }
    await agent.close();
  } finally {
    await h.close();
  }
  out('');
  out(`total time ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const failed = results.filter((r) => !r.ok);
  if (failed.length === 0) out('faults: books balanced');
  else out(`faults: books NOT balanced (${failed.map((f) => f.line.replace(/^faults ([^:]+): books NOT balanced \((.*)\)$/, '$1: $2')).join('; ')})`);
  process.exitCode = failed.length === 0 ? 0 : 1;
}

/** Migrates the run's database before two instances start on it. */
async function createSchema(h: Harness): Promise<void> {
  const { openStore } = await import('../../src/adapters/store/open-store.js');
  const store = await openStore(h.db.url);
  try {
    await store.migrate();
  } finally {
    await store.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  out(`faults: books NOT balanced (the run failed: ${(err as Error).message.split('\n')[0]})`);
  process.exit(1);
});
