import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { descendantsOf } from '../../../bench/load/rss.js';
import { GENERATORS } from '../../../scripts/fixtures/analysis/index.js';
import { CLEAN, scanPdf } from '../../../scripts/fixtures/scans.js';
import { createDocumentReader, defaultReaderConfig, type ReaderWithStats } from '../../../src/pipeline/reading/read-document.js';
import { windowFor } from '../../../src/services/meter-calls.js';
import { availableEngines } from '../../pipeline/ocr-engines.js';
import { analyze, auditRecordsOf, createOrg, errorOf, startServer, type TestServer } from '../../support/server.js';

/**
 * Issue 10, faults: an OCR process killed or hung. Native tesseract reads pages in a child
 * process of the service: one long-lived process per pool thread (the default since session
 * 14), or one per call (`KLARTEXT_NATIVE_OCR=per-call`). A process killed while it reads a
 * scanned letter costs that call only: 500 processing_failed, not billed, audited; the pool
 * heals, and the next scan on the same reader is read (200) and billed. With the long-lived
 * process also: one killed between scans costs no call, and one that hangs (SIGSTOP) is
 * killed at the processing deadline (500, not billed) and the next scan is read. The deadline
 * of the other calls is raised far above a one-page read: on a loaded machine the 60 s default
 * can cut off the healed scan (500 processing_failed, as for any failure): the likeliest cause
 * of this test's two failures in session 13 (load 30–55), where the next scan came back 500.
 * (`npm run faults -- ocr-kill` does the first against two service processes under load.)
 * Needs native tesseract: without it there is no process to kill, and the test says so by skipping.
 */
const native = availableEngines().includes('native');
/**
 * The processing deadline of these servers: generous, so that a one-page scan on a loaded
 * machine (27–59 s seen at load 18–40) is not cut off; and a shorter one for the hung
 * call, still long enough for the page to reach OCR under load.
 */
const DEADLINE_MS = 180_000;
const SHORT_DEADLINE_MS = 30_000;

async function billable(server: TestServer, organizationId: string): Promise<number> {
  const org = await server.store.getOrganization(organizationId);
  return server.store.billableCalls({ organizationId, counterKey: windowFor(org!, server.clock.now()).counterKey });
}

function tesseracts(): number[] {
  return descendantsOf(process.pid)
    .filter((d) => d.name === 'tesseract')
    .map((d) => d.pid);
}

/** The pid of a tesseract child of this process not in `known`, once one appears (polled), or null. */
async function tesseractChild(timeoutMs: number, known: readonly number[] = []): Promise<number | null> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = tesseracts().find((pid) => !known.includes(pid));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 10));
  }
  return null;
}

async function gone(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!tesseracts().includes(pid)) return true;
    await new Promise((r) => setTimeout(r, 10));
  }
  return false;
}

/** user + system clock ticks of `pid` (/proc/<pid>/stat fields 14 and 15), or -1 when it is gone. */
function cpuTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return -1;
  }
}

/** True once `pid` uses CPU (polled): an idle long-lived tesseract uses none until a page comes. */
async function cpuGrows(pid: number, timeoutMs: number): Promise<boolean> {
  const start = cpuTicks(pid);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const now = cpuTicks(pid);
    if (now < 0) return false;
    if (now > start) return true;
    await new Promise((r) => setTimeout(r, 10));
  }
  return false;
}

/** A flatbed scan of a dunning letter's first page: one page for tesseract. */
const scanOfOnePage = () => scanPdf([GENERATORS.mahnung(3).pages[0]!], CLEAN, [0.4], 39);

/** A reader with one pool thread on native tesseract in `mode`, behind a test server. */
function readerWith(mode: 'long-lived' | 'per-call'): ReaderWithStats {
  // Read by the pool's threads when they start (adapters/ocr/create-ocr-engine.ts).
  process.env.KLARTEXT_NATIVE_OCR = mode;
  return createDocumentReader({ ...defaultReaderConfig, workerPoolSize: 1, warmUp: false, ocrEngine: 'native' });
}

/** Kills the first tesseract that reads the call's page: 500, unbilled, audited; then a good read. */
async function killMidPageThenReadAgain(server: TestServer, scan: Uint8Array): Promise<void> {
  const org = await createOrg(server, { tier: 'pro' });
  const known = tesseracts();
  const call = analyze(server.url, org.apiKey, { documentType: 'mahnung', file: scan });
  const pid = await tesseractChild(60_000, known);
  assert.ok(pid, 'a tesseract process reads the page');
  process.kill(pid, 'SIGKILL');
  const killed = await call;
  assert.equal(killed.status, 500);
  assert.equal((await errorOf(killed)).code, 'processing_failed');
  const [record] = await auditRecordsOf(server, org.organizationId, 1, 10_000);
  assert.equal(record?.statusCode, 500);
  assert.equal(await billable(server, org.organizationId), 0);

  const next = await analyze(server.url, org.apiKey, { documentType: 'mahnung', file: scan });
  assert.equal(next.status, 200, `the pool healed; the next scan answered ${next.status} ${next.status === 200 ? '' : JSON.stringify(await errorOf(next))}`);
  assert.equal(await billable(server, org.organizationId), 1);
}

describe('an OCR process killed or hung, long-lived native tesseract (issue 10)', { skip: native ? false : 'native tesseract is not installed', timeout: 600_000 }, () => {
  let server: TestServer;
  /** The same reader behind a short processing deadline: for the hung call. */
  let hurried: TestServer;
  let reader: ReaderWithStats;
  let scan: Uint8Array;

  before(async () => {
    reader = readerWith('long-lived');
    server = await startServer({ reader, config: { processingTimeoutMs: DEADLINE_MS } });
    hurried = await startServer({ reader, config: { processingTimeoutMs: SHORT_DEADLINE_MS } });
    scan = await scanOfOnePage();
  });
  after(async () => {
    await server.close();
    await hurried.close();
    await reader.close();
    delete process.env.KLARTEXT_NATIVE_OCR;
  });

  test('killed mid-page: that call ends 500 processing_failed, unbilled and audited; the next scan is read and billed', async () => {
    await killMidPageThenReadAgain(server, scan);
  });

  test('killed between scans: no call is lost, the next scan is read and billed', async () => {
    const org = await createOrg(server, { tier: 'pro' });
    const [pid] = tesseracts();
    assert.ok(pid, 'the long-lived process waits between scans');
    process.kill(pid, 'SIGKILL');
    assert.ok(await gone(pid, 10_000));
    const next = await analyze(server.url, org.apiKey, { documentType: 'mahnung', file: scan });
    assert.equal(next.status, 200);
    assert.equal(await billable(server, org.organizationId), 1);
  });

  test('hung mid-page: killed at the processing deadline, 500 unbilled; the next scan is read and billed', async () => {
    const victim = await createOrg(hurried, { tier: 'pro' });
    const [pid] = tesseracts();
    assert.ok(pid, 'the long-lived process waits between scans');
    const call = analyze(hurried.url, victim.apiKey, { documentType: 'mahnung', file: scan });
    // Once it works on the page (its CPU time grows), it is stopped: alive, holding its pipes,
    // never answering — a hang as seen from outside.
    assert.ok(await cpuGrows(pid, 60_000), 'the long-lived process reads the page');
    process.kill(pid, 'SIGSTOP');
    const hung = await call;
    assert.equal(hung.status, 500);
    assert.equal((await errorOf(hung)).code, 'processing_failed');
    assert.ok(await gone(pid, 10_000), 'the hung process was killed');
    assert.equal(await billable(hurried, victim.organizationId), 0);

    const org = await createOrg(server, { tier: 'pro' });
    const next = await analyze(server.url, org.apiKey, { documentType: 'mahnung', file: scan });
    assert.equal(next.status, 200);
    assert.equal(await billable(server, org.organizationId), 1);
  });
});

describe('an OCR process killed mid-page, one native process per call (issue 10)', { skip: native ? false : 'native tesseract is not installed', timeout: 400_000 }, () => {
  let server: TestServer;
  let reader: ReaderWithStats;

  before(async () => {
    reader = readerWith('per-call');
    server = await startServer({ reader, config: { processingTimeoutMs: DEADLINE_MS } });
  });
  after(async () => {
    await server.close();
    await reader.close();
    delete process.env.KLARTEXT_NATIVE_OCR;
  });

  test('the call ends 500 processing_failed, unbilled and audited; the next scan is read and billed', async () => {
    await killMidPageThenReadAgain(server, await scanOfOnePage());
  });
});
