/**
 * Text-layer statements at the speed of the text (issue 20 §2): generated text-layer bank
 * statements of the eval's layouts (scripts/fixtures/kontoauszug, the re-encoded-font layout
 * left out: it is OCR'd), sent one at a time over HTTP to a real server, against poppler's
 * `pdftotext -layout` on the same files in the same run; then where a request's time goes.
 *
 *   npm run bench:text                          # 42 statements, 1 warm-up round + 5 measured
 *   npm run bench:text -- --files 42 --rounds 5
 *
 * The server is test/support/server.ts's startServer: real buildApp, a real SQLite file, real
 * metering (reserve, commit, audit), the real pipelines and a reader as the service builds it
 * (pool of `availableParallelism()` threads; no OCR warm-up: no page here is OCR'd). The client
 * is Node's fetch over keep-alive in this process, each statement's multipart body encoded once
 * beforehand (as bench:overhead does: a client's own encoding is not the server's time, and here
 * it would take the same two cores). Latency is client-observed (sent → body read).
 *
 * Breakdown: the server's own phases come from Fastify hooks added before listen, a timing
 * wrapper around the (real) reader and around each (real) stage, and timing wrappers on the
 * store's methods (metering and audit writes). The reading thread's own steps cannot be timed
 * from outside the thread, so they are measured on this thread on the same files (same code,
 * warm); "thread hop" is the read as the request saw it minus that. Layout is measured the same
 * way (its passes are called inside the stages, whose times include them). Numbers are printed,
 * never asserted.
 */
// First: takes the engine's built-ins before anything loads pdf.js (the fixtures render with it), so
// this process's server runs on them as production's does (reading/pdfjs.ts).
import '../src/pipeline/reading/pdfjs.js';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { fixtureFor, textLayerPdf } from '../scripts/fixtures/kontoauszug/generate.js';
import { LAYOUTS } from '../scripts/fixtures/kontoauszug/layouts.js';
import { documentLines } from '../src/pipeline/layout/lines.js';
import { documentTextLines } from '../src/pipeline/layout/text-lines.js';
import type { LoadedDocument } from '../src/pipeline/model/document.js';
import type { DocumentReader } from '../src/pipeline/model/reader.js';
import type { PipelineRegistry, Stage } from '../src/pipeline/model/stage.js';
import { buildPipelineRegistry } from '../src/pipeline/pipelines.js';
import { checkPdfInflation } from '../src/pipeline/reading/pdf-inflation.js';
import { pageRules } from '../src/pipeline/reading/page-rules.js';
import { pathFreePages } from '../src/pipeline/reading/path-free-pages.js';
import { extractPageText, openPdf } from '../src/pipeline/reading/pdf-text.js';
import { createDocumentReader, defaultReaderConfig } from '../src/pipeline/reading/read-document.js';
import { defaultTextLayerThresholds, judgeTextLayer } from '../src/pipeline/reading/text-layer-quality.js';
import { createOrg, startServer } from '../test/support/server.js';

const run = promisify(execFile);
const { values: args } = parseArgs({ options: { files: { type: 'string' }, rounds: { type: 'string' } } });
const FILES = Number(args.files ?? 42);
const ROUNDS = Number(args.rounds ?? 5);

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? NaN;
}
const mean = (v: readonly number[]) => (v.length ? v.reduce((a, b) => a + b, 0) / v.length : NaN);

/** CPU ms of this process (all threads) and its waited-for children (pdftotext), Linux. */
function cpuMs(): { own: number; children: number } {
  const own = process.cpuUsage();
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return { own: (own.user + own.system) / 1000, children: (Number(fields[13]) + Number(fields[14])) * 10 };
}

/** The statements: every text-layer layout with seed 1, then seed 2, … until `FILES`. */
async function statements(): Promise<{ id: string; pdf: Uint8Array; pages: number }[]> {
  const layouts = LAYOUTS.filter((l) => !l.textLayer);
  const out: { id: string; pdf: Uint8Array; pages: number }[] = [];
  for (let seed = 1; out.length < FILES; seed++) {
    for (const layout of layouts) {
      if (out.length >= FILES) break;
      const f = fixtureFor(layout, seed);
      out.push({ id: f.id, pdf: await textLayerPdf(f), pages: f.pages.length });
    }
  }
  return out;
}

/** A multipart body (document_type + file) encoded once, as a client library would send it. */
async function multipart(pdf: Uint8Array): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  form.append('document_type', 'kontoauszug');
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'kontoauszug.pdf');
  const req = new Request('http://127.0.0.1/', { method: 'POST', body: form });
  return { body: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

/** Per request: named phase durations (ms). The requests are sequential, so one is current. */
type Phases = Map<string, number>;
let current: Phases | null = null;
const marks = new WeakMap<object, Record<string, number>>();
const add = (phases: Phases | null, name: string, ms: number) => phases?.set(name, (phases.get(name) ?? 0) + ms);

function timedReader(inner: DocumentReader): DocumentReader {
  return {
    async read(bytes, kind, options) {
      const t0 = performance.now();
      const phases = current;
      try {
        return await inner.read(bytes, kind, options);
      } finally {
        add(phases, 'read (reader.read)', performance.now() - t0);
        phases?.set('@readEnd', performance.now());
        phases?.set('@readStart', t0);
      }
    },
    close: () => inner.close(),
    ...(inner.stats ? { stats: () => inner.stats!() } : {}),
  };
}

function timedPipelines(registry: PipelineRegistry): PipelineRegistry {
  const timed = (stage: Stage): Stage => ({
    name: stage.name,
    async run(ctx) {
      const t0 = performance.now();
      const phases = current;
      try {
        await stage.run(ctx);
      } finally {
        add(phases, `stage ${stage.name}`, performance.now() - t0);
        phases?.set('@stagesEnd', performance.now());
      }
    },
  });
  return Object.fromEntries(Object.entries(registry).map(([k, p]) => [k, { ...p, stages: p.stages.map(timed) }])) as unknown as PipelineRegistry;
}

function timingHooks(app: FastifyInstance): void {
  // Added after the app's own hooks: onRequest here runs once auth, rate limit and reservation are done.
  app.addHook('onRequest', async (request) => {
    marks.set(request, { authDone: performance.now() });
  });
  app.addHook('preHandler', async (request) => {
    marks.get(request)!.handler = performance.now();
  });
  app.addHook('preSerialization', async (request, _reply, payload) => {
    marks.get(request)!.serialize = performance.now();
    return payload;
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    marks.get(request)!.sent = performance.now();
    return payload;
  });
  app.addHook('onResponse', async (request) => {
    const m = marks.get(request)!;
    const p = current;
    if (!p || !m.handler) return;
    const end = performance.now();
    p.set('server: request in → auth, rate limit, reservation done', m.authDone! - request.startedAt);
    p.set('server: auth done → handler (body hooks)', m.handler - m.authDone!);
    p.set('server: multipart read + form validation', p.get('@readStart')! - m.handler);
    p.set('server: after stages → answer object', m.serialize! - p.get('@stagesEnd')!);
    p.set('server: serialization (zod schema + JSON)', m.sent! - m.serialize!);
    p.set('server: onSend → response written', end - m.sent!);
    p.set('@server', end - request.startedAt);
  });
}

/** Wraps every method of the store instance so the time spent in it is counted per method. */
function timeStore(store: object): Map<string, number[]> {
  const calls = new Map<string, number[]>();
  const proto = Object.getPrototypeOf(store) as Record<string, unknown>;
  for (const name of Object.getOwnPropertyNames(proto)) {
    const fn = proto[name];
    if (name === 'constructor' || typeof fn !== 'function') continue;
    (store as Record<string, unknown>)[name] = async (...a: unknown[]) => {
      const t0 = performance.now();
      try {
        return await (fn as (...x: unknown[]) => Promise<unknown>).apply(store, a);
      } finally {
        const list = calls.get(name) ?? [];
        list.push(performance.now() - t0);
        calls.set(name, list);
      }
    };
  }
  return calls;
}

/** The reading thread's steps for one PDF, on this thread: what the pdf-text task does, in its order. */
async function textPassInProcess(pdf: Uint8Array, phases: Phases): Promise<void> {
  let t = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    add(phases, name, now - t);
    t = now;
  };
  await checkPdfInflation(pdf);
  lap('inflation check (pdf-inflation.ts)');
  const doc = await openPdf(pdf);
  lap('pdf.js getDocument (open, copy of the bytes)');
  const pathFree = pathFreePages(pdf);
  for (let n = 1; n <= doc.numPages; n++) {
    const text = await extractPageText(doc, n);
    lap('extractPageText (pdf.js getPage + getTextContent, fonts, words)');
    judgeTextLayer(text.text, defaultTextLayerThresholds);
    lap('text-layer verdict (judgeTextLayer)');
    const free = pathFree(await doc.getPage(n));
    lap('path-free pre-scan (path-free-pages.ts)');
    if (!free) await pageRules(doc, n);
    lap('page rules where a path may be painted (pdf.js getOperatorList, page-rules.ts)');
  }
  await doc.destroy();
  lap('pdf.js destroy');
}

/** pdf.js's share of extractPageText: the same pages' getPage + getTextContent alone, on a fresh open. */
async function pdfjsTextContent(pdf: Uint8Array, phases: Phases): Promise<void> {
  const doc = await openPdf(pdf);
  const t = performance.now();
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    await page.getTextContent();
    page.cleanup();
  }
  add(phases, '  of which pdf.js getPage + getTextContent alone (fonts included)', performance.now() - t);
  await doc.destroy();
}

function table(title: string, rows: [string, ...string[]][], header: string[]): void {
  console.log(`\n${title}`);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

async function main(): Promise<void> {
  const files = await statements();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'klartext-bench-text-'));
  const reader = createDocumentReader({ ...defaultReaderConfig, warmUp: false });
  const server = await startServer({ reader: timedReader(reader), pipelines: timedPipelines(buildPipelineRegistry()), beforeListen: timingHooks });
  const storeCalls = timeStore(server.store);
  try {
    const org = await createOrg(server, { tier: 'enterprise', rateLimit: 1_000_000, included: 1_000_000, overageCents: 0 });
    const bodies = await Promise.all(files.map((f) => multipart(f.pdf)));
    const paths = files.map((f, i) => {
      const p = path.join(dir, `${i}.pdf`);
      writeFileSync(p, f.pdf);
      return p;
    });

    // ---- HTTP, one request at a time --------------------------------------------------------
    const httpMs: number[] = [];
    const perRequest: Phases[] = [];
    let statusOk = 0;
    let cpu0 = cpuMs();
    for (let round = 0; round <= ROUNDS; round++) {
      if (round === 1) {
        for (const k of storeCalls.keys()) storeCalls.delete(k);
        cpu0 = cpuMs();
      }
      for (const form of bodies) {
        const phases: Phases = new Map();
        current = phases;
        const t0 = performance.now();
        const res = await fetch(`${server.url}/api/v1/analyze`, {
          method: 'POST',
          headers: { authorization: `Bearer ${org.apiKey}`, 'content-type': form.contentType },
          body: form.body,
        });
        await res.arrayBuffer();
        const ms = performance.now() - t0;
        current = null;
        if (round === 0) continue; // warm-up round
        if (res.status === 200) statusOk++;
        httpMs.push(ms);
        phases.set('@client', ms);
        perRequest.push(phases);
      }
    }
    const httpCpu = cpuMs().own - cpu0.own;
    const requests = files.length * ROUNDS;

    // ---- pdftotext -layout on the same files, same run -------------------------------------
    const popplerMs: number[] = [];
    const c0 = cpuMs().children;
    for (let round = 0; round <= ROUNDS; round++) {
      for (const p of paths) {
        const t0 = performance.now();
        await run('pdftotext', ['-layout', p, '-'], { maxBuffer: 64 * 1024 * 1024 });
        if (round > 0) popplerMs.push(performance.now() - t0);
      }
    }
    const popplerCpu = cpuMs().children - c0;

    // ---- the reading thread's steps and the layout passes, on this thread -------------------
    const inProcess: Phases[] = [];
    const docs: LoadedDocument[] = [];
    for (const f of files) docs.push(await reader.read(f.pdf, 'pdf', { maxPages: 100, signal: new AbortController().signal }));
    for (let round = 0; round <= ROUNDS; round++) {
      for (const [i, f] of files.entries()) {
        const phases: Phases = new Map();
        await textPassInProcess(f.pdf, phases);
        await pdfjsTextContent(f.pdf, phases);
        let t = performance.now();
        documentLines(docs[i]!);
        add(phases, 'layout: documentLines (once)', performance.now() - t);
        t = performance.now();
        documentTextLines(docs[i]!);
        add(phases, 'layout: documentTextLines (once)', performance.now() - t);
        if (round > 0) inProcess.push(phases);
      }
    }

    // ---- print -------------------------------------------------------------------------------
    const cpus = os.cpus();
    const pages = files.reduce((s, f) => s + f.pages, 0);
    console.log(`Text-layer statements over HTTP (issue 20 §2)`);
    console.log(
      `node ${process.version} · ${cpus.length} CPU (${cpus[0]?.model.trim() ?? '?'}) · load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`,
    );
    console.log(
      `${files.length} statements (${pages} pages, ${files.length} layouts/seeds) · 1 warm-up + ${ROUNDS} rounds, one request at a time · pool of ${defaultReaderConfig.workerPoolSize} · SQLite · ${statusOk}/${requests} HTTP 200`,
    );
    const p50 = percentile(httpMs, 50);
    const pt50 = percentile(popplerMs, 50);
    table('', [
      ['Klartext POST /api/v1/analyze', p50.toFixed(1), percentile(httpMs, 95).toFixed(1), (httpCpu / requests).toFixed(1)],
      ['pdftotext -layout (same files)', pt50.toFixed(1), percentile(popplerMs, 95).toFixed(1), (popplerCpu / popplerMs.length).toFixed(1)],
    ], ['per request', 'p50 ms', 'p95 ms', 'CPU ms']);
    console.log(`ratio p50 Klartext / pdftotext: ${(p50 / pt50).toFixed(1)}×`);

    const names = (list: Phases[]) => [...new Set(list.flatMap((p) => [...p.keys()]))].filter((n) => !n.startsWith('@'));
    const row = (list: Phases[], n: string): [string, string, string] => {
      const v = list.map((p) => p.get(n) ?? 0);
      return [n, percentile(v, 50).toFixed(2), mean(v).toFixed(2)];
    };
    const serverRows = names(perRequest).map((n) => row(perRequest, n));
    const clientOutside = perRequest.map((p) => p.get('@client')! - p.get('@server')!);
    serverRows.push(['outside the server hooks (HTTP parsing and writing, routing, the fetch client)', percentile(clientOutside, 50).toFixed(2), mean(clientOutside).toFixed(2)]);
    table('Where a request goes (server side, per request)', serverRows, ['phase', 'p50 ms', 'mean ms']);

    const readSteps = names(inProcess).map((n) => row(inProcess, n));
    const textPass = inProcess.map((p) => [...p.entries()].filter(([k]) => !k.startsWith('layout') && !k.startsWith(' ')).reduce((s, [, v]) => s + v, 0));
    // Per statement: its read over HTTP minus its text pass here (both the median of its runs).
    const ofFile = (values: number[], i: number) => percentile(values.filter((_, j) => j % files.length === i), 50);
    const reads = perRequest.map((p) => p.get('read (reader.read)')!);
    const hop = files.map((_, i) => ofFile(reads, i) - ofFile(textPass, i));
    readSteps.push(['⇒ the text pass (the rows above the indented one)', percentile(textPass, 50).toFixed(2), mean(textPass).toFixed(2)]);
    readSteps.push(['⇒ thread hop + queue (reader.read − text pass, per statement)', percentile(hop, 50).toFixed(2), mean(hop).toFixed(2)]);
    table('The read and the layout passes, measured on this thread on the same files (per statement)', readSteps, ['step', 'p50 ms', 'mean ms']);

    const storeRows = [...storeCalls.entries()].map(([n, v]): [string, string, string, string] => [n, (v.length / requests).toFixed(2), percentile(v, 50).toFixed(2), (v.reduce((a, b) => a + b, 0) / requests).toFixed(2)]);
    table('Store calls (SQLite) per request', storeRows, ['method', 'calls', 'p50 ms', 'ms per request']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await server.close();
    await reader.close();
  }
}

await main();
