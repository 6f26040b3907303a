/**
 * Does response timing tell an unknown API key from a revoked one (issue 10)? Measures the
 * client-observed latency of GET /api/v1/usage with
 *   - unknown:   a well-formed key that was never issued (a new random one per request),
 *   - revoked:   a key that was issued and then revoked,
 *   - malformed: a bearer token that is not in the key format (a new random one per request),
 *   - valid:     a live key (200), for scale only,
 * and prints median, quartiles and the differences of the medians. Asserts nothing.
 *
 *   npm run bench:key-timing                          # 400 requests per case, SQLite
 *   npm run bench:key-timing -- --n 1000
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:key-timing -- --backend postgres
 *
 * A real in-process server (test/support/server.ts: buildApp on a real SQLite file or a fresh
 * PostgreSQL database, the in-process rate limiter, info logging into a counter). Requests go
 * one at a time over a keep-alive connection, the cases interleaved (unknown, revoked,
 * malformed, valid, unknown, …) so that the load of this shared machine drifts over all of them
 * alike. Wall-clock medians on loopback; what matters is how close unknown and revoked are
 * relative to their spread.
 */
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { generateApiKey } from '../src/domain/api-key-format.js';
import type { DocumentReader } from '../src/pipeline/model/reader.js';
import { revokeApiKey } from '../src/services/manage-keys.js';
import type { Backend } from '../test/support/databases.js';
import { addKey, createOrg, startServer } from '../test/support/server.js';

const { values: args } = parseArgs({
  options: { n: { type: 'string' }, warmup: { type: 'string' }, backend: { type: 'string' } },
  allowPositionals: true,
});
const N = Number(args.n ?? 400);
const WARMUP = Number(args.warmup ?? 100);
const BACKEND = (args.backend ?? 'sqlite') as Backend;
if (!Number.isInteger(N) || N < 10 || !Number.isInteger(WARMUP) || WARMUP < 0) {
  throw new Error(`--n must be a whole number ≥ 10 (got ${args.n}), --warmup ≥ 0 (got ${args.warmup})`);
}
if (BACKEND !== 'sqlite' && BACKEND !== 'postgres') throw new Error('--backend must be sqlite or postgres');

const unusedReader: DocumentReader = {
  async read() {
    throw new Error('bench: no document is read');
  },
  async close() {},
};

interface Case {
  name: string;
  expect: number;
  /** The Authorization header of the next request. */
  header: () => string;
  ms: number[];
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;

async function main(): Promise<void> {
  const logStream = new Writable({ write: (_c, _e, done) => done() });
  const server = await startServer({ backend: BACKEND, reader: unusedReader, logStream, config: { logLevel: 'info' } });
  try {
    // A rate limit no case can reach: only the key check is measured.
    const org = await createOrg(server, { tier: 'enterprise', rateLimit: 100_000_000, included: 1_000_000, overageCents: 1 });
    const gone = await addKey(server, org.organizationId, ['usage:read']);
    const revoked = await revokeApiKey({ store: server.store, clock: server.clock }, gone.keyId);
    if (!revoked.ok) throw new Error('revoking the bench key failed');

    const cases: Case[] = [
      { name: 'unknown', expect: 401, header: () => `Bearer ${generateApiKey('live')}`, ms: [] },
      { name: 'revoked', expect: 401, header: () => `Bearer ${gone.apiKey}`, ms: [] },
      { name: 'malformed', expect: 401, header: () => `Bearer kt_live_${randomBytes(9).toString('base64url')}`, ms: [] },
      { name: 'valid', expect: 200, header: () => `Bearer ${org.apiKey}`, ms: [] },
    ];
    const codes = new Map<string, string>();
    const once = async (c: Case): Promise<number> => {
      const authorization = c.header();
      const t = performance.now();
      const res = await fetch(`${server.url}/api/v1/usage`, { headers: { authorization } });
      const body = (await res.json()) as { error?: { code?: string } };
      const ms = performance.now() - t;
      if (res.status !== c.expect) throw new Error(`${c.name}: expected ${c.expect}, got ${res.status}`);
      codes.set(c.name, body.error?.code ?? String(res.status));
      return ms;
    };

    process.stderr.write(`key timing on ${BACKEND}: ${WARMUP} warm-up and ${N} measured requests per case, interleaved…\n`);
    for (let i = 0; i < WARMUP; i++) for (const c of cases) await once(c);
    for (let i = 0; i < N; i++) {
      // Rotate the starting case so no case always follows the same one.
      for (let j = 0; j < cases.length; j++) {
        const c = cases[(i + j) % cases.length]!;
        c.ms.push(await once(c));
      }
    }

    const median = new Map<string, number>();
    console.log(`| case      | answer                | n    | p25 ms | median ms | p75 ms |`);
    console.log(`|-----------|-----------------------|------|--------|-----------|--------|`);
    for (const c of cases) {
      const s = [...c.ms].sort((a, b) => a - b);
      median.set(c.name, quantile(s, 0.5));
      console.log(
        `| ${c.name.padEnd(9)} | ${`${c.expect} ${codes.get(c.name)}`.padEnd(21)} | ${String(s.length).padEnd(4)} | ` +
          `${quantile(s, 0.25).toFixed(3).padStart(6)} | ${quantile(s, 0.5).toFixed(3).padStart(9)} | ${quantile(s, 0.75).toFixed(3).padStart(6)} |`,
      );
    }
    const diff = (a: string, b: string) => (median.get(a)! - median.get(b)!) * 1000;
    console.log(`median revoked − unknown:   ${diff('revoked', 'unknown').toFixed(0)} µs`);
    console.log(`median malformed − unknown: ${diff('malformed', 'unknown').toFixed(0)} µs`);
  } finally {
    await server.close();
  }
}

await main();
