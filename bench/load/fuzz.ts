/**
 * npm run fuzz — hostile input against a spawned instance of the real service (own PostgreSQL
 * database, in-process rate limiter, WORKER_POOL_SIZE=1, PROCESSING_TIMEOUT_MS=20000):
 *  1. a time-bounded mutation loop (default 60 s, two callers) over real fixtures — text PDFs
 *     from the generators, a rendered PNG page, a scanner JPEG, the bad files of
 *     scripts/fixtures/bad-files.ts — and over the multipart envelope around them;
 *  2. the named hostile cases of issue 10 (bench/load/fuzz-named.ts), one by one, with their
 *     expected status, time and memory.
 * A finding is: the process died, a request got no answer within PROCESSING_TIMEOUT_MS + 15 s,
 * a 5xx other than 500 processing_failed, the RSS above --max-rss-mb (default 1536), or a named
 * case outside its expectation. Prints counts by status and code, the findings (with the
 * mutation steps that made them; the same --seed replays them), and last
 * `fuzz: no findings` or `fuzz: N finding(s) (…)`, exit 1 on the second.
 *
 * Options: --seconds <s> (default 60), --seed <n> (default: time), --no-named, --only-named,
 * --max-rss-mb <n>, --runner tsx|dist, --keep.
 */
import { parseArgs } from 'node:util';
import { corruptPdf, encryptedPdf, truncated, undecodableJpeg, undecodablePng } from '../../scripts/fixtures/bad-files.js';
import { prng, scanJpeg } from '../../scripts/fixtures/degrade.js';
import { CLEAN, pngPage, renderPages } from '../../scripts/fixtures/scans.js';
import { payslipLines, statementLines, textPdf, TINY_PNG } from '../../test/support/documents.js';
import { makeAgent, postAnalyze, type CallRecord } from './client.js';
import { letterDocument, statementDocument } from './documents.js';
import { envelope, mutateFile, TYPES } from './fuzz-mutations.js';
import { NAMED_CASES } from './fuzz-named.js';
import { Harness, runnerFrom } from './harness.js';
import type { ServiceInstance } from './instances.js';
import { createOrganizations } from './organizations.js';
import { mb } from './rss.js';
import { countBy, formatCounts, ms, outcomeOf, table } from './stats.js';
import { scanPages } from '../../scripts/fixtures/texts.js';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    seed: { type: 'string' },
    'no-named': { type: 'boolean', default: false },
    'only-named': { type: 'boolean', default: false },
    'max-rss-mb': { type: 'string', default: '1536' },
    runner: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const seconds = Number(args.seconds);
const seed = args.seed ? Number(args.seed) : Date.now() % 1_000_000;
const maxRss = Number(args['max-rss-mb']) * 1024 * 1024;
const PROCESSING_TIMEOUT_MS = 20_000;
const DEADLINE_MS = PROCESSING_TIMEOUT_MS + 15_000;
const out = (s: string) => process.stdout.write(`${s}\n`);

interface Finding {
  kind: string;
  what: string;
}

async function seeds(): Promise<{ name: string; bytes: Uint8Array; type: string; contentType: string }[]> {
  const marker = 'FUZZ';
  const [page] = await renderPages([scanPages()[0]!], 100);
  return [
    { name: 'payslip text PDF', bytes: await textPdf([payslipLines()]), type: 'lohnabrechnung', contentType: 'application/pdf' },
    { name: 'statement text PDF (small)', bytes: await textPdf([statementLines()]), type: 'kontoauszug', contentType: 'application/pdf' },
    { name: 'statement (generator)', bytes: (await statementDocument('sparkasse-sh', 2, marker)).bytes, type: 'kontoauszug', contentType: 'application/pdf' },
    { name: 'mahnung (generator)', bytes: (await letterDocument('mahnung', 5, marker)).bytes, type: 'mahnung', contentType: 'application/pdf' },
    { name: 'scanned page PNG 72 dpi', bytes: await pngPage(scanPages()[1]!, 72), type: 'bussgeldbescheid', contentType: 'image/png' },
    { name: 'scanned page JPEG 100 dpi', bytes: await scanJpeg(page!, { ...CLEAN, seed: 5, skew: 0.5 }, 70), type: 'bussgeldbescheid', contentType: 'image/jpeg' },
    { name: 'tiny PNG', bytes: TINY_PNG, type: 'mahnung', contentType: 'image/png' },
    { name: 'encrypted PDF', bytes: await encryptedPdf(), type: 'lohnabrechnung', contentType: 'application/pdf' },
    { name: 'corrupt PDF', bytes: corruptPdf(), type: 'mahnung', contentType: 'application/pdf' },
    { name: 'truncated PDF', bytes: truncated(await textPdf([payslipLines()])), type: 'lohnabrechnung', contentType: 'application/pdf' },
    { name: 'undecodable JPEG', bytes: undecodableJpeg(), type: 'mahnung', contentType: 'image/jpeg' },
    { name: 'undecodable PNG', bytes: undecodablePng(), type: 'mahnung', contentType: 'image/png' },
  ];
}

const bad5xx = (r: CallRecord) => r.status !== null && r.status >= 500 && !(r.status === 500 && r.code === 'processing_failed');

async function main(): Promise<void> {
  const started = Date.now();
  const h = await Harness.open({ prefix: 'fuzz', runner: runnerFrom(args.runner), redis: false, keep: args.keep });
  const findings: Finding[] = [];
  try {
    const [org] = await createOrganizations(h.db.url, [{ label: 'fuzz-business', tier: 'business', rateLimit: 1_000_000 }]);
    const env = { WORKER_POOL_SIZE: '1', PROCESSING_TIMEOUT_MS: String(PROCESSING_TIMEOUT_MS), REQUEST_TIMEOUT_MS: '30000' };
    let inst: ServiceInstance = await h.startInstance('instance', env);
    let restarts = 0;
    const agent = makeAgent({ connections: 8, headersTimeoutMs: DEADLINE_MS });
    const alive = async (context: string): Promise<void> => {
      if (inst.running) return;
      const exit = await inst.exited;
      findings.push({ kind: 'crash', what: `the process died (exit ${exit.code ?? exit.signal}) after ${context}: ${inst.logs.slice(-4).join(' | ').slice(0, 600)}` });
      inst = await h.startInstance(`instance-restart-${++restarts}`, env);
    };
    out(`fuzz: 1 instance (${h.options.runner}, WORKER_POOL_SIZE=1, PROCESSING_TIMEOUT_MS=${PROCESSING_TIMEOUT_MS}) on ${h.db.name}; seed ${seed}; deadline per request ${ms(DEADLINE_MS)}`);

    if (!args['only-named']) {
      const pool = await seeds();
      const rand = prng(seed);
      const records: { r: CallRecord; steps: string }[] = [];
      const end = Date.now() + seconds * 1000;
      let n = 0;
      const caller = async () => {
        while (Date.now() < end) {
          const s = pool[Math.floor(rand() * pool.length)]!;
          const other = pool[Math.floor(rand() * pool.length)]!;
          const m = mutateFile(s.bytes, rand, other.bytes);
          const type = rand() < 0.8 ? s.type : TYPES[Math.floor(rand() * TYPES.length)]!;
          const env2 = envelope(m.bytes, type, rand, 0.3);
          const steps = `#${++n} ${s.name}: ${[...m.steps, ...env2.steps].join('; ')}`;
          const r = await postAnalyze({
            dispatcher: agent,
            url: inst.url,
            apiKey: org!.apiKey,
            body: env2.body.body,
            contentType: env2.contentType,
            meta: { org: org!.label, kind: 'fuzz', documentType: type, instance: inst.name },
          });
          records.push({ r, steps });
          if (r.status === null) findings.push({ kind: 'no answer', what: `${r.transportError} after ${ms(r.latencyMs)} — ${steps}` });
          else if (bad5xx(r)) findings.push({ kind: '5xx', what: `${outcomeOf(r)} — ${steps}` });
          await alive(steps);
        }
      };
      await Promise.all([caller(), caller()]);
      const peak = inst.peakRss;
      out(`mutation loop: ${records.length} requests in ${seconds} s; peak RSS ${mb(peak)} (with children ${mb(inst.peakTreeRss)})`);
      out(`  by status and code: ${formatCounts(countBy(records.map((x) => x.r), outcomeOf))}`);
      const slowest = [...records].sort((a, b) => b.r.latencyMs - a.r.latencyMs).slice(0, 3);
      out(`  slowest: ${slowest.map((x) => `${ms(x.r.latencyMs)} ${outcomeOf(x.r)} (${x.steps.slice(0, 80)})`).join(' | ')}`);
      if (peak > maxRss) findings.push({ kind: 'memory', what: `peak RSS ${mb(peak)} > ${mb(maxRss)} in the mutation loop` });
      // Where a request got no answer, what the service logged at warn level or above helps find why.
      if (findings.some((f) => f.kind === 'no answer')) {
        const warnings = inst.logs.filter((l) => /"level":(40|50|60)/.test(l)).slice(-12);
        out(`  service warnings and errors (last ${warnings.length}):`);
        for (const l of warnings) out(`    | ${l.slice(0, 400)}`);
      }
    }

    if (!args['no-named']) {
      out('named hostile cases (issue 10):');
      const rows: (string | number)[][] = [];
      for (const c of NAMED_CASES) {
        const req = await c.build();
        await new Promise((r) => setTimeout(r, 1000));
        const before = inst.sample().rss;
        inst.resetPeaks();
        const r = await postAnalyze({
          dispatcher: agent,
          url: inst.url,
          apiKey: org!.apiKey,
          body: req.body,
          contentType: req.contentType,
          ...(req.headers ? { extraHeaders: req.headers } : {}),
          meta: { org: org!.label, kind: 'named', documentType: '', instance: inst.name },
        });
        const peak = inst.peakRss;
        await new Promise((res) => setTimeout(res, 5000));
        const kept = inst.sample().rss;
        const grow = Math.max(0, peak - before);
        const keep = Math.max(0, kept - before);
        const problems: string[] = [];
        if (r.status === null) problems.push(`no answer (${r.transportError}) after ${ms(r.latencyMs)}`);
        else if (!c.expect.includes(r.status)) problems.push(`${outcomeOf(r)}, expected ${c.expect.join(' or ')}`);
        if (r.latencyMs > c.maxMs) problems.push(`took ${ms(r.latencyMs)} > ${ms(c.maxMs)}`);
        if (grow > (c.maxGrowMb ?? 384) * 1024 * 1024) problems.push(`RSS +${mb(grow)} while running`);
        if (keep > (c.maxKeepMb ?? 192) * 1024 * 1024) problems.push(`RSS +${mb(keep)} kept 5 s after`);
        rows.push([`${c.name}${c.item ? ` [item ${c.item}]` : ''}`, outcomeOf(r), ms(r.latencyMs), `+${mb(grow)}`, `+${mb(keep)}`, problems.length === 0 ? 'ok' : 'FINDING']);
        for (const p of problems) findings.push({ kind: `named${c.item ? ` (item ${c.item})` : ''}`, what: `${c.name}: ${p}` });
        await alive(c.name);
      }
      out(table(['case', 'outcome', 'time', 'RSS peak', 'RSS kept', ''], rows));
    }
    await agent.close();
  } finally {
    await h.close();
  }
  out(`total time ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (findings.length === 0) {
    out('fuzz: no findings');
    return;
  }
  out(`findings (${findings.length}):`);
  const byKind = countBy(findings, (f) => f.kind);
  for (const [kind] of byKind) {
    const mine = findings.filter((f) => f.kind === kind);
    for (const f of mine.slice(0, 6)) out(`  [${kind}] ${f.what}`);
    if (mine.length > 6) out(`  [${kind}] … and ${mine.length - 6} more`);
  }
  out(`fuzz: ${findings.length} finding(s) (${formatCounts(byKind)})`);
  process.exitCode = 1;
}

main().catch((err: unknown) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  out(`fuzz: the run failed (${(err as Error).message.split('\n')[0]})`);
  process.exit(1);
});
