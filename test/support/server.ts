import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { createStripeBilling } from '../../src/adapters/billing/stripe.js';
import { createTestModeBilling } from '../../src/adapters/billing/test-mode.js';
import { createOutboxMailer } from '../../src/adapters/mailer/outbox.js';
import type { BillingProvider } from '../../src/ports/billing.js';
import { openRateLimiter } from '../../src/adapters/rate-limiter/open-rate-limiter.js';
import { openStore } from '../../src/adapters/store/open-store.js';
import { loadConfig, type Config } from '../../src/config/config.js';
import type { Scope } from '../../src/domain/scopes.js';
import type { Tier } from '../../src/domain/tiers.js';
import { buildApp, closeGracefully } from '../../src/http/app.js';
import { createDocumentReader, defaultReaderConfig } from '../../src/pipeline/reading/read-document.js';
import type { DocumentReader } from '../../src/pipeline/model/reader.js';
import type { PipelineRegistry } from '../../src/pipeline/model/stage.js';
import { buildPipelineRegistry } from '../../src/pipeline/pipelines.js';
import type { Mailer } from '../../src/ports/mailer.js';
import type { RateLimiter } from '../../src/ports/rate-limiter.js';
import type { AuditRecord, Store } from '../../src/ports/store.js';
import { changePlan } from '../../src/services/change-plan.js';
import { createOrganization } from '../../src/services/create-organization.js';
import { issueApiKey } from '../../src/services/manage-keys.js';
import { ManualClock } from './clock.js';
import { createTestDatabase, type Backend, type TestDatabase } from './databases.js';
import { STRIPE_TEST_SETTINGS } from './stripe-api-server.js';

/**
 * A real server for HTTP tests: the app as main.ts builds it, listening on a loopback port,
 * on a real SQLite file or PostgreSQL database, with the real reading layer. Tests talk to it
 * with fetch, like a client would.
 */
export interface TestServer {
  url: string;
  app: FastifyInstance;
  store: Store;
  db: TestDatabase;
  clock: ManualClock;
  billing: BillingProvider;
  /** Every log line the server wrote (JSON strings). */
  logs: string[];
  /** Where the server's e-mail goes when no `mailer` option is given (the real outbox adapter). */
  outboxDir: string;
  close(): Promise<void>;
}

export interface ServerOptions {
  backend?: Backend;
  /** Share a database with another instance (it is then not dropped by this one). */
  db?: TestDatabase;
  redisUrl?: string;
  /** Rate-limit key prefix; instances sharing one Redis budget use the same one. */
  rateLimitPrefix?: string;
  pipelines?: PipelineRegistry;
  clock?: ManualClock;
  config?: Partial<Config>;
  billingSecret?: string;
  /** Another reading layer (benchmarks pass one that must never be reached). */
  reader?: DocumentReader;
  /** Where logs go instead of `logs` (benchmarks count bytes rather than keep lines). */
  logStream?: Writable;
  /** Another mailer (an SMTP one pointed at a test's SMTP server); default: a temp outbox. */
  mailer?: Mailer;
  /** Stripe as provider, its API at this address (test/support/stripe-api-server.ts). */
  stripeApiBase?: string;
  /** The Stripe client's bounds (STRIPE_TIMEOUT_MS, STRIPE_MAX_NETWORK_RETRIES); default 10 s, no retries. */
  stripeClient?: { timeoutMs: number; maxNetworkRetries: number };
  /** Called with the built app before it listens (benchmarks add timing hooks here). */
  beforeListen?: (app: FastifyInstance) => void;
}

let sharedReader: DocumentReader | null = null;
/** One reading layer per test process: its worker pool is the expensive part. */
function reader(): DocumentReader {
  // No warm-up: tests do not measure the first scan, and its OCR run at start would only take
  // CPU from tests with their own time bounds.
  sharedReader ??= createDocumentReader({ ...defaultReaderConfig, workerPoolSize: 1, warmUp: false });
  return sharedReader;
}

export async function closeSharedReader(): Promise<void> {
  await sharedReader?.close();
  sharedReader = null;
}

export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  const db = options.db ?? (await createTestDatabase(options.backend ?? 'sqlite'));
  const config = Object.freeze({
    ...loadConfig({ LOG_LEVEL: 'info', DATABASE_URL: db.url }),
    ...options.config,
  });
  const store = await openStore(db.url);
  await store.migrate();
  const rateLimiter: RateLimiter = await openRateLimiter(options.redisUrl, {
    keyPrefix: options.rateLimitPrefix ?? `test:${randomBytes(6).toString('hex')}`,
  });
  const clock = options.clock ?? new ManualClock();
  const logs: string[] = [];
  const logStream =
    options.logStream ??
    new Writable({
      write(chunk, _enc, done) {
        logs.push(...String(chunk).split('\n').filter((l) => l.length > 0));
        done();
      },
    });
  const secret = options.billingSecret ?? 'test-billing-secret';
  // The address is only known after listen; hosted billing links read it when they are made.
  let address = 'http://127.0.0.1';
  const outboxDir = mkdtempSync(join(tmpdir(), 'klartext-outbox-'));
  const mailer = options.mailer ?? createOutboxMailer({ dir: outboxDir, from: 'Klartext <no-reply@klartext.test>' });
  const billing = options.stripeApiBase
    ? createStripeBilling({
        ...STRIPE_TEST_SETTINGS,
        publicBaseUrl: config.publicBaseUrl,
        apiBase: options.stripeApiBase,
        ...(options.stripeClient ?? { timeoutMs: 10_000, maxNetworkRetries: 0 }),
      })
    : createTestModeBilling({ publicBaseUrl: () => address, secret, clock });
  const app = await buildApp({
    config,
    store,
    rateLimiter,
    billing,
    billingSecret: secret,
    reader: options.reader ?? reader(),
    pipelines: options.pipelines ?? buildPipelineRegistry(),
    clock,
    logStream,
    defaultMetrics: false,
    mailer,
    // Links in e-mails point at this server; its port is known after listen.
    publicBaseUrl: options.config?.publicBaseUrl ? undefined : () => address,
  });
  options.beforeListen?.(app);
  address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: address,
    app,
    store,
    db,
    clock,
    billing,
    logs,
    outboxDir,
    async close() {
      await closeGracefully(app, 500);
      await rateLimiter.close();
      await store.close();
      await mailer.close();
      rmSync(outboxDir, { recursive: true, force: true });
      if (!options.db) await db.drop();
    },
  };
}

export interface TestOrg {
  organizationId: string;
  apiKey: string;
  keyId: string;
}

/** An organization with one all-scope key, optionally on another tier, via the real services. */
export async function createOrg(
  server: Pick<TestServer, 'store' | 'clock'>,
  options: { tier?: Tier; rateLimit?: number; included?: number; overageCents?: number; name?: string } = {},
): Promise<TestOrg> {
  const deps = { store: server.store, clock: server.clock, keyMode: 'live' as const };
  const created = await createOrganization(deps, { name: options.name ?? 'Testfirma GmbH', email: 'ops@testfirma.example' });
  if (!created.ok) throw new Error(created.error.message);
  const organizationId = created.value.organization.id;
  if (options.tier && options.tier !== 'trial') {
    const changed = await changePlan(deps, organizationId, {
      tier: options.tier,
      includedCalls: options.included ?? null,
      overageCents: options.overageCents ?? null,
      rateLimit: options.rateLimit ?? null,
    });
    if (!changed.ok) throw new Error(changed.error.message);
  }
  return { organizationId, apiKey: created.value.key.apiKey, keyId: created.value.key.record.id };
}

export async function addKey(server: Pick<TestServer, 'store' | 'clock'>, organizationId: string, scopes: Scope[]): Promise<TestOrg> {
  const issued = await issueApiKey({ store: server.store, clock: server.clock, keyMode: 'live' }, { organizationId, scopes });
  if (!issued.ok) throw new Error(issued.error.message);
  return { organizationId, apiKey: issued.value.apiKey, keyId: issued.value.record.id };
}

export interface UploadOptions {
  documentType?: string | null;
  file?: Uint8Array | null;
  filename?: string;
  contentType?: string;
  extraFields?: Record<string, string>;
  extraFiles?: { field: string; bytes: Uint8Array }[];
}

/** POST /api/v1/analyze as multipart, the way a client library sends it. */
export async function analyze(url: string, apiKey: string | null, upload: UploadOptions, signal?: AbortSignal): Promise<Response> {
  const form = new FormData();
  if (upload.documentType !== null && upload.documentType !== undefined) form.append('document_type', upload.documentType);
  for (const [k, v] of Object.entries(upload.extraFields ?? {})) form.append(k, v);
  if (upload.file) {
    form.append('file', new Blob([upload.file], { type: upload.contentType ?? 'application/pdf' }), upload.filename ?? 'document.pdf');
  }
  for (const extra of upload.extraFiles ?? []) form.append(extra.field, new Blob([extra.bytes]), 'extra.pdf');
  return fetch(`${url}/api/v1/analyze`, {
    method: 'POST',
    headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
    body: form,
    signal,
  });
}

export async function getJson(url: string, path: string, apiKey: string | null): Promise<Response> {
  return fetch(`${url}${path}`, { headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {} });
}

/** Reads an error response and checks the body shape of SPEC §2 on the way. */
export async function errorOf(res: Response): Promise<{ code: string; message: string; param?: string; request_id: string }> {
  const body = (await res.json()) as { error: { code: string; message: string; param?: string; request_id: string } };
  const keys = Object.keys(body);
  if (keys.length !== 1 || keys[0] !== 'error') throw new Error(`error body has keys ${keys.join(',')}`);
  const e = body.error;
  if (typeof e.code !== 'string' || typeof e.message !== 'string' || typeof e.request_id !== 'string') {
    throw new Error(`error body malformed: ${JSON.stringify(body)}`);
  }
  if (e.request_id !== res.headers.get('x-request-id')) throw new Error('request_id differs from X-Request-Id');
  return e;
}

/**
 * The audit records of an organization once `count` of them exist. They are written after the
 * response has gone out (onResponse), so a test that reads them right after its last call
 * waits for the last insert; gives up after `timeoutMs` and returns what is there.
 */
export async function auditRecordsOf(server: Pick<TestServer, 'store'>, organizationId: string, count: number, timeoutMs = 5_000): Promise<AuditRecord[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const records = await server.store.listAuditRecords(organizationId, Math.max(count, 10));
    if (records.length >= count || Date.now() > deadline) return records;
    await new Promise((r) => setTimeout(r, 25));
  }
}
