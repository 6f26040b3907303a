import { Agent, request, type Dispatcher } from 'undici';
import type { Readable } from 'node:stream';

/**
 * The load client: undici (Node's own HTTP client library) over keep-alive connections.
 * Every call becomes one CallRecord with what the client saw — status, the error code of the
 * body, the rate-limit headers and times — which the books are checked against afterwards.
 * A call that got no answer has status null and the transport error's code.
 */
export interface CallRecord {
  /** Which stream sent it (organization label). */
  org: string;
  kind: string;
  documentType: string;
  instance: string;
  status: number | null;
  /** error.code of an error body; null on 200 or when there was no JSON body. */
  code: string | null;
  /** Transport error (no answer): undici's error code or name. */
  transportError: string | null;
  sentAt: number;
  doneAt: number;
  latencyMs: number;
  rateLimit: { limit: number; remaining: number; reset: number } | null;
  retryAfter: string | null;
}

export function makeAgent(options: { connections?: number; headersTimeoutMs?: number } = {}): Agent {
  return new Agent({
    connections: options.connections ?? 16,
    keepAliveTimeout: 4_000,
    // A call that waits longer than this for its answer is recorded as unanswered (a hang).
    headersTimeout: options.headersTimeoutMs ?? 180_000,
    bodyTimeout: options.headersTimeoutMs ?? 180_000,
    connect: { timeout: 10_000 },
  });
}

export interface CallInput {
  dispatcher: Dispatcher;
  url: string;
  apiKey: string;
  body: Buffer | Readable;
  contentType: string;
  meta: { org: string; kind: string; documentType: string; instance: string };
  signal?: AbortSignal;
  extraHeaders?: Record<string, string>;
}

const num = (v: string | string[] | undefined): number | null => {
  const s = Array.isArray(v) ? v[0] : v;
  if (s === undefined) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
};

export async function postAnalyze(input: CallInput): Promise<CallRecord> {
  const sentAt = Date.now();
  const t0 = performance.now();
  const base = { ...input.meta, sentAt };
  try {
    const res = await request(`${input.url}/api/v1/analyze`, {
      method: 'POST',
      dispatcher: input.dispatcher,
      headers: { authorization: `Bearer ${input.apiKey}`, 'content-type': input.contentType, ...input.extraHeaders },
      body: input.body,
      signal: input.signal,
    });
    const text = await res.body.text();
    let code: string | null = null;
    if (res.statusCode !== 200) {
      try {
        code = (JSON.parse(text) as { error?: { code?: string } }).error?.code ?? null;
      } catch {
        code = null;
      }
    }
    const limit = num(res.headers['ratelimit-limit']);
    const remaining = num(res.headers['ratelimit-remaining']);
    const reset = num(res.headers['ratelimit-reset']);
    const retryAfter = res.headers['retry-after'];
    return {
      ...base,
      status: res.statusCode,
      code,
      transportError: null,
      doneAt: Date.now(),
      latencyMs: performance.now() - t0,
      rateLimit: limit !== null && remaining !== null && reset !== null ? { limit, remaining, reset } : null,
      retryAfter: Array.isArray(retryAfter) ? retryAfter[0]! : (retryAfter ?? null),
    };
  } catch (err) {
    const e = err as { code?: string; name?: string };
    return {
      ...base,
      status: null,
      code: null,
      transportError: e.code ?? e.name ?? 'Error',
      doneAt: Date.now(),
      latencyMs: performance.now() - t0,
      rateLimit: null,
      retryAfter: null,
    };
  }
}

/** GET of a plain path (health checks, metrics); never throws. */
export async function getPath(
  dispatcher: Dispatcher,
  url: string,
  timeoutMs = 10_000,
  headers: Record<string, string> = {},
): Promise<{ status: number | null; body: string; latencyMs: number; error: string | null }> {
  const t0 = performance.now();
  try {
    const res = await request(url, { method: 'GET', dispatcher, headers, headersTimeout: timeoutMs, bodyTimeout: timeoutMs, signal: AbortSignal.timeout(timeoutMs) });
    const body = await res.body.text();
    return { status: res.statusCode, body, latencyMs: performance.now() - t0, error: null };
  } catch (err) {
    const e = err as { code?: string; name?: string };
    return { status: null, body: '', latencyMs: performance.now() - t0, error: e.code ?? e.name ?? 'Error' };
  }
}
