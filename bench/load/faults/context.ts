import { Readable } from 'node:stream';
import type { Agent } from 'undici';
import { checkBooks, settledBooks, type BookOptions, type Check } from '../books.js';
import { getPath, makeAgent, postAnalyze, type CallRecord } from '../client.js';
import type { DocumentSet, LoadDocument } from '../documents.js';
import type { Harness } from '../harness.js';
import type { ServiceInstance } from '../instances.js';
import { analyzeForm } from '../../../test/support/multipart.js';
import { createOrganizations, type OrgSpec, type RunOrg } from '../organizations.js';
import { descendantsOf } from '../rss.js';

/** What every fault case gets: the harness, two running instances, the documents, a client. */
export interface FaultContext {
  h: Harness;
  a: ServiceInstance;
  b: ServiceInstance;
  docs: DocumentSet;
  agent: Agent;
  out: (s: string) => void;
  /** Settings every fault instance runs with (ms). */
  settings: { requestTimeoutMs: number; processingTimeoutMs: number; shutdownGraceMs: number };
}

export interface FaultCase {
  name: string;
  what: string;
  run(ctx: FaultContext): Promise<Check[]>;
}

export const orgsFor = (ctx: FaultContext, specs: OrgSpec[]): Promise<RunOrg[]> => createOrganizations(ctx.h.db.url, specs);

export function doc(ctx: FaultContext, kind: 'statement' | 'letter' | 'scan', i = 0): LoadDocument {
  const list = ctx.docs.byKind[kind];
  return list[i % list.length]!;
}

/** One analyze call with a whole body. */
export function send(ctx: FaultContext, instance: ServiceInstance, org: RunOrg, d: LoadDocument, signal?: AbortSignal): Promise<CallRecord> {
  const form = analyzeForm(d);
  return postAnalyze({
    dispatcher: ctx.agent,
    url: instance.url,
    apiKey: org.apiKey,
    body: form.body,
    contentType: form.contentType,
    meta: { org: org.label, kind: d.kind, documentType: d.documentType, instance: instance.name },
    ...(signal ? { signal } : {}),
  });
}

/**
 * One analyze call whose body is streamed by `pace`: it gets the whole body and pushes what it
 * likes when it likes; Content-Length announces the whole body, as a real upload does.
 */
export function sendStreamed(
  ctx: FaultContext,
  instance: ServiceInstance,
  org: RunOrg,
  d: LoadDocument,
  pace: (body: Buffer, stream: Readable) => void,
  signal?: AbortSignal,
): Promise<CallRecord> {
  const form = analyzeForm(d);
  const stream = new Readable({ read() {} });
  pace(form.body, stream);
  return postAnalyze({
    dispatcher: ctx.agent,
    url: instance.url,
    apiKey: org.apiKey,
    body: stream,
    contentType: form.contentType,
    extraHeaders: { 'content-length': String(form.body.length) },
    meta: { org: org.label, kind: d.kind, documentType: d.documentType, instance: instance.name },
    ...(signal ? { signal } : {}),
  });
}

/** Polls /readyz (or another path) of the instances every `everyMs` until stopped. */
export function pollHealth(instances: ServiceInstance[], path: string, everyMs = 1000) {
  const samples: { at: number; instance: string; status: number | null; latencyMs: number }[] = [];
  let stopped = false;
  // Its own connections: a poll must never queue behind a hung analyze call.
  const agent = makeAgent({ connections: 2, headersTimeoutMs: 60_000 });
  const loops = instances.map(async (i) => {
    while (!stopped) {
      const at = Date.now();
      const r = await getPath(agent, `${i.url}${path}`, 30_000);
      samples.push({ at, instance: i.name, status: r.status, latencyMs: r.latencyMs });
      const wait = everyMs - (Date.now() - at);
      if (wait > 0) await new Promise((res) => setTimeout(res, wait));
    }
  });
  return {
    samples,
    async stop() {
      stopped = true;
      await Promise.all(loops);
      await agent.close();
    },
  };
}

/**
 * Waits until the instance reads a page by OCR — whichever engine: its /metrics gauge
 * klartext_reading_ocr_running (src/http/plugins/metrics.ts), read with the harness's
 * METRICS_TOKEN. False if none within the time.
 */
export async function waitForOcrInFlight(ctx: FaultContext, instance: ServiceInstance, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const text = await fetch(`${instance.url}/metrics`, { headers: ctx.h.metricsHeaders, signal: AbortSignal.timeout(5_000) })
      .then((r) => r.text())
      .catch(() => '');
    const running = /^klartext_reading_ocr_running (\d+)$/m.exec(text);
    if (running && Number(running[1]) > 0) return true;
    await sleep(20);
  }
  return false;
}

/** Resolves with the pid of the first `name` child process of `instance` (polled every 20 ms), or null. */
export async function waitForChild(instance: ServiceInstance, name: string, timeoutMs: number): Promise<number | null> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = descendantsOf(instance.pid).find((d) => d.name === name);
    if (found) return found.pid;
    await new Promise((r) => setTimeout(r, 20));
  }
  return null;
}

/**
 * The books of a case. `waitMs`: how long work still running on the server (abandoned calls)
 * may take to settle its reservation before the books are read.
 */
export async function booksOf(databaseUrl: string, orgs: RunOrg[], records: CallRecord[], options: BookOptions & { waitMs?: number } = {}): Promise<Check[]> {
  const abandoned = new Set(options.abandoned ?? []);
  const books = await settledBooks(databaseUrl, orgs, (o) => records.filter((r) => r.org === o.label && (r.status !== null || abandoned.has(r))).length, {
    timeoutMs: options.waitMs ?? 15_000,
    untilNoReservation: options.waitMs !== undefined,
  });
  return checkBooks(orgs, records, books, options);
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function check(name: string, ok: boolean, lines: string[], differs: string): Check {
  return { name, ok, lines, differs: ok ? [] : [differs] };
}
