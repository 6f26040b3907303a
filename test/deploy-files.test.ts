/**
 * The deployment files (Dockerfile, compose.yaml, deploy/Caddyfile) cannot be run on this
 * machine (no Docker), so what can be checked without Docker is checked here: every setting
 * they pass is one the service reads and the values start it; the image's HEALTHCHECK command
 * and the load balancer's health URI work against a real server; the README and docs/deploy.md
 * name every setting the service reads.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { CONFIG_VARIABLES, loadConfig } from '../src/config/config.js';
import type { DocumentReader } from '../src/pipeline/model/reader.js';
import { MAX_UPLOAD_BYTES } from '../src/domain/file-kind.js';
import { analyze, createOrg, errorOf, startServer, type TestServer } from './support/server.js';

const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
const dockerfile = read('Dockerfile');
const compose = read('compose.yaml');
const caddyfile = read('deploy/Caddyfile');

/** Values for the variables compose requires from .env (`${NAME:?…}`). */
const DOT_ENV: Record<string, string> = {
  POSTGRES_PASSWORD: 'pg-secret',
  BILLING_SIGNING_SECRET: 'b'.repeat(40),
  SESSION_SECRET: 's'.repeat(40),
};

/** Compose's interpolation: ${NAME}, ${NAME:-default}, ${NAME:?error}. */
function interpolate(value: string): string {
  return value.replace(/\$\{(\w+)(?::([?-])([^}]*))?\}/gu, (_m, name: string, op: string | undefined, arg: string | undefined) => {
    if (DOT_ENV[name] !== undefined) return DOT_ENV[name]!;
    if (op === '?') throw new Error(`compose requires ${name}, which the test does not provide`);
    return op === '-' ? (arg ?? '') : '';
  });
}

/** The `x-klartext-env` block: NAME → value as the container would see it. */
function composeInstanceEnv(): Record<string, string> {
  const lines = compose.split('\n');
  const start = lines.indexOf('x-klartext-env: &klartext-env');
  assert.ok(start >= 0, 'compose.yaml has the x-klartext-env block');
  const env: Record<string, string> = {};
  for (const line of lines.slice(start + 1)) {
    if (/^\S/u.test(line)) break;
    const m = /^ {2}([A-Z0-9_]+): (.*)$/u.exec(line);
    if (!m) continue;
    let value = m[2]!.trim();
    if (/^".*"$/u.test(value)) value = value.slice(1, -1);
    env[m[1]!] = interpolate(value);
  }
  return env;
}

/** Names set with ENV in the runtime stage of the Dockerfile, with their values. */
function dockerfileEnv(): Record<string, string> {
  const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'));
  const block = /\nENV ((?:[^\n]*\\\n)*[^\n]*)/u.exec(runtime);
  assert.ok(block, 'the runtime stage sets ENV');
  const env: Record<string, string> = {};
  for (const m of block[1]!.matchAll(/([A-Z0-9_]+)=(\S+)/gu)) env[m[1]!] = m[2]!;
  return env;
}

const NOT_OURS = new Set(['NODE_ENV', 'MALLOC_ARENA_MAX']);

describe('deployment files', () => {
  test('compose passes only settings the service reads, and they start it as a scaled-out instance', () => {
    const env = composeInstanceEnv();
    assert.ok(Object.keys(env).length >= 10);
    for (const name of Object.keys(env)) assert.ok(CONFIG_VARIABLES.includes(name), `${name} is read by src/config`);
    const config = loadConfig(env);
    assert.match(config.databaseUrl, /^postgres:\/\/klartext:pg-secret@postgres:5432\/klartext$/u);
    assert.equal(config.redisUrl, 'redis://redis:6379');
    assert.equal(config.trustProxy, true);
    assert.equal(config.sessionSecret, DOT_ENV.SESSION_SECRET);
    assert.equal(config.billingSigningSecret, DOT_ENV.BILLING_SIGNING_SECRET);
    assert.equal(config.stripe, undefined, 'blank Stripe settings mean test-mode billing');
    assert.equal(config.llm, undefined);
    assert.equal(config.smtpUrl, undefined);
  });

  test('both instances take the shared settings block, and compose requires the secrets', () => {
    assert.match(compose, /\n {2}klartext-1:\n {4}<<: \*klartext\n/u);
    assert.match(compose, /\n {2}klartext-2:\n {4}<<: \*klartext\n/u);
    assert.match(compose, /\n {2}environment: \*klartext-env\n/u);
    for (const secret of ['POSTGRES_PASSWORD', 'BILLING_SIGNING_SECRET', 'SESSION_SECRET']) {
      assert.match(compose, new RegExp(`\\$\\{${secret}:\\?`, 'u'), `${secret} must be set, never defaulted`);
    }
  });

  test('the image sets only settings the service reads (besides NODE_ENV and MALLOC_ARENA_MAX), runs as non-root, with native German OCR', () => {
    const env = dockerfileEnv();
    for (const name of Object.keys(env)) {
      assert.ok(CONFIG_VARIABLES.includes(name) || NOT_OURS.has(name), `${name} is read by src/config`);
    }
    const config = loadConfig(env);
    assert.equal(config.port, 8080);
    assert.equal(config.ocrEngine, 'auto');
    assert.match(dockerfile, /^FROM node:20-bookworm-slim AS build$/mu);
    assert.match(dockerfile, /^FROM node:20-bookworm-slim AS runtime$/mu);
    assert.match(dockerfile, /^USER node$/mu);
    assert.match(dockerfile, /tesseract-ocr tesseract-ocr-deu tesseract-ocr-eng/u);
    assert.match(dockerfile, /RUN npm ci --no-audit --no-fund\n/u);
    assert.match(dockerfile, /npm run build/u);
  });

  test('Caddy balances over the two compose instances on the port the image listens on', () => {
    const upstreams = /reverse_proxy ([^{\n]+)\{/u.exec(caddyfile)?.[1]?.trim().split(/\s+/u);
    assert.deepEqual(upstreams, [`klartext-1:${dockerfileEnv().PORT}`, `klartext-2:${dockerfileEnv().PORT}`]);
    assert.match(caddyfile, /health_uri \/readyz\n/u);
  });

  test('Caddy never forwards /metrics: it answers 404 itself, before the proxy', () => {
    const matcher = /^\s*@(\w+) path \/metrics \/metrics\/\*\s*$/mu.exec(caddyfile);
    assert.ok(matcher, 'a matcher for /metrics and everything under it');
    assert.match(caddyfile, new RegExp(`^\\s*respond @${matcher[1]} 404\\s*$`, 'mu'));
    // Caddy runs `respond` before `reverse_proxy` in its directive order, wherever they stand.
    assert.ok(caddyfile.indexOf(`respond @${matcher[1]}`) < caddyfile.indexOf('reverse_proxy'));
  });

  test('the README and docs/deploy.md name every setting the service reads', () => {
    const readme = read('README.md');
    const deploy = read('docs/deploy.md');
    for (const name of CONFIG_VARIABLES) {
      // The README's table writes sibling settings as `…_PRO` after the first full name.
      const tier = /^(.*)_(STARTER|PRO|BUSINESS)$/u.exec(name);
      const inReadme =
        readme.includes(`\`${name}\``) ||
        (tier !== null && readme.split('\n').some((row) => row.includes(`\`${tier[1]}_STARTER\``) && row.includes(`\`…_${tier[2]}\``)));
      assert.ok(inReadme, `README documents ${name}`);
      const inDeploy = deploy.includes(`\`${name}\``) || (tier !== null && deploy.includes(`\`${tier[1]}_*\``));
      assert.ok(inDeploy, `docs/deploy.md says whether ${name} must be equal on every instance`);
    }
  });

  describe('health checks against a real server', () => {
    // Health checks never read a document; a reader that would throw shows none is read.
    const neverRead: DocumentReader = {
      async read() {
        throw new Error('no document is read by a health check');
      },
      async close() {},
    };
    let server: TestServer;
    before(async () => {
      server = await startServer({ reader: neverRead });
    });
    after(async () => {
      await server?.close();
    });

    /** The HEALTHCHECK's CMD array, run as Docker would run it, with PORT set. */
    function runHealthCheck(port: string): Promise<number> {
      const cmd = /HEALTHCHECK [^\n]*\\\n\s*CMD (\[.*\])\n/u.exec(dockerfile)?.[1];
      assert.ok(cmd, 'the Dockerfile has a HEALTHCHECK with an exec-form CMD');
      const [bin, ...args] = JSON.parse(cmd) as string[];
      assert.equal(bin, 'node');
      return new Promise((resolve) => {
        execFile(process.execPath, args, { env: { ...process.env, PORT: port }, timeout: 20_000 }, (err) => {
          resolve(err ? (typeof err.code === 'number' ? err.code : -1) : 0);
        });
      });
    }

    test("the image's HEALTHCHECK command succeeds against the service and fails without it", async () => {
      const port = new URL(server.url).port;
      assert.equal(await runHealthCheck(port), 0);
      // A port nothing listens on (the server's own, once closed, could be reused; port 9 is discard).
      assert.equal(await runHealthCheck('9'), 1);
    });

    test('the Caddyfile says what the service answers to an upload over 10 MiB, and sets no limit that would answer first', async () => {
      // Caddy's request_body max_size would answer 413 with an empty body before the service
      // could answer with its error body (SPEC §2); the contract is the service's answer.
      assert.doesNotMatch(caddyfile, /^\s*(request_body|max_size)\b/mu);
      const said = /uploads over 10 MiB[^]*?\b(4\d\d)\b/u.exec(caddyfile);
      assert.ok(said, 'the Caddyfile says how uploads over 10 MiB are answered');
      const { apiKey } = await createOrg(server);
      const res = await analyze(server.url, apiKey, { documentType: 'lohnabrechnung', file: Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x41) });
      assert.equal(res.status, Number(said[1]));
      const e = await errorOf(res);
      assert.deepEqual([e.code, e.param], ['invalid_request', 'file']);
    });

    test("the load balancer's health URI answers 200 while the database is reachable", async () => {
      const uri = /health_uri (\S+)/u.exec(caddyfile)![1]!;
      const res = await fetch(`${server.url}${uri}`);
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { status: 'ready' });
    });
  });
});
