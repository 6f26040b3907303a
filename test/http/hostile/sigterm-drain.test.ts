import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, test } from 'node:test';
import { readingFixture } from '../../../scripts/fixtures/generate.js';
import { openStore } from '../../../src/adapters/store/open-store.js';
import { systemClock } from '../../../src/ports/clock.js';
import { createOrganization } from '../../../src/services/create-organization.js';
import { analyze } from '../../support/server.js';

/**
 * Issue 10 §6: SIGTERM while scans are being read. The real service process (src/main.ts) is
 * started, two multi-page scans are sent (one worker thread, so one waits behind the other),
 * and SIGTERM arrives while they are in flight. Every client gets an HTTP answer — 200, or 503
 * with Retry-After for work withdrawn when the grace ran low — never a dropped connection; the
 * process exits 0; and no reservation is left behind in the database.
 */
const repoRoot = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const dir = mkdtempSync(join(tmpdir(), 'klartext-sigterm-'));
after(() => rmSync(dir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

function waitForListening(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`service did not start: ${out.slice(-500)}`)), 90_000);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('Klartext is listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`service exited with ${code}: ${out.slice(-500)}`)));
  });
}

test('SIGTERM mid-OCR: every call answered (200 or 503 with Retry-After), nothing reserved afterwards', async () => {
  const databaseUrl = `sqlite:${join(dir, 'klartext.db')}`;
  const store = await openStore(databaseUrl);
  await store.migrate();
  const created = await createOrganization({ store, clock: systemClock, keyMode: 'live' }, { name: 'Drain GmbH', email: 'ops@drain.example' });
  assert.ok(created.ok);
  const { organization, key } = created.value;

  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      OUTBOX_DIR: join(dir, 'outbox'),
      WORKER_POOL_SIZE: '1',
      SHUTDOWN_GRACE_MS: '2000',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  try {
    await waitForListening(child);
    const url = `http://127.0.0.1:${port}`;
    const scan = await readingFixture('scan3');
    const calls = [0, 1].map(() =>
      analyze(url, key.apiKey, { documentType: 'kontoauszug', file: scan }).then(
        async (res) => ({ status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.text() }),
        (err: Error) => ({ status: 0, retryAfter: null, body: String(err.cause ?? err) }),
      ),
    );
    // Long enough for both uploads to be in and the first scan to be in OCR; what follows holds
    // whether or not a call has finished by then.
    await new Promise((r) => setTimeout(r, 1_500));
    child.kill('SIGTERM');
    const results = await Promise.all(calls);
    for (const r of results) {
      assert.ok(r.status === 200 || r.status === 503, `an HTTP answer, not a dropped connection: ${r.status} ${r.body.slice(0, 200)}`);
      if (r.status === 503) {
        assert.ok(Number(r.retryAfter) > 0, 'a 503 says when to retry');
        assert.equal((JSON.parse(r.body) as { error: { code: string } }).error.code, 'service_unavailable');
      }
    }
    assert.equal(await exited, 0, 'the process drained and exited cleanly');

    const counter = { organizationId: organization.id, counterKey: 'trial' };
    const billed = await store.billableCalls(counter);
    assert.equal(billed, results.filter((r) => r.status === 200).length, 'billed exactly the answered 200s');
    // Nothing left reserved: a full trial of 50 − billed calls can still be reserved.
    let reservable = 0;
    while ((await store.reserveCall(counter, 50)) !== null) reservable++;
    assert.equal(reservable, 50 - billed);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    await store.close();
  }
});
