/**
 * The operator CLI (SPEC §10) as an operator runs it: a real subprocess
 * (`node --import tsx src/cli/main.ts …`) on a real database, checked by exit code and the exact
 * JSON it prints. SQLite always; PostgreSQL where TEST_DATABASE_URL is set.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createOutboxMailer } from '../src/adapters/mailer/outbox.js';
import { fileURLToPath } from 'node:url';
import { openStore } from '../src/adapters/store/open-store.js';
import { systemClock } from '../src/ports/clock.js';
import type { Store } from '../src/ports/store.js';
import { verifyApiKey } from '../src/services/verify-api-key.js';
import { backends, createTestDatabase, type TestDatabase } from './support/databases.js';

const repoRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function cli(env: Record<string, string>, ...args: string[]): Promise<Run> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', API_KEY_MODE: 'live', ...env };
  delete childEnv.REDIS_URL;
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/cli/main.ts', ...args],
      { cwd: repoRoot, env: childEnv, timeout: 60_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
        done({ code, stdout, stderr });
      },
    );
  });
}

/** The single JSON object `--json` prints, checked to be alone on stdout. */
function jsonOf(run: Run): Record<string, unknown> {
  assert.equal(run.code, 0, `exit ${run.code}: ${run.stderr}`);
  const lines = run.stdout.trim().split('\n');
  assert.equal(lines.length, 1, `expected one line of JSON, got:\n${run.stdout}`);
  return JSON.parse(lines[0]!) as Record<string, unknown>;
}

const KEY = /^kt_live_[0-9A-Za-z]{32}$/;
const KEY_ID = /^key_[0-9A-Za-z]+$/;
const ORG_ID = /^org_[0-9A-Za-z]+$/;

for (const kind of backends()) {
  describe(`operator CLI on ${kind}`, { concurrency: 4 }, () => {
    let db: TestDatabase;
    let tmp: string;
    let env: Record<string, string>;
    let store: Store;

    before(async () => {
      db = await createTestDatabase(kind);
      tmp = await mkdtemp(join(tmpdir(), 'klartext-cli-'));
      env = { DATABASE_URL: db.url, OUTBOX_DIR: join(tmp, 'outbox-missing') };
    });
    after(async () => {
      await store?.close();
      await db.drop();
      await rm(tmp, { recursive: true, force: true });
    });

    /** Opened after the CLI has migrated the database. */
    async function testStore(): Promise<Store> {
      store ??= await openStore(db.url);
      return store;
    }

    async function createOrg(name = 'Muster GmbH'): Promise<{ orgId: string; apiKey: string; keyId: string }> {
      const out = jsonOf(await cli(env, 'org', 'create', '--name', name, '--email', 'ops@muster.example', '--json'));
      const org = out.organization as { id: string };
      return { orgId: org.id, apiKey: out.api_key as string, keyId: out.key_id as string };
    }

    it('org create --json prints exactly {organization:{id,name,tier}, api_key, key_id}', async () => {
      const out = jsonOf(await cli(env, 'org', 'create', '--name', 'Bäckerei Groß GmbH', '--email', 'Info@Baeckerei.example', '--json'));
      assert.deepEqual(Object.keys(out).sort(), ['api_key', 'key_id', 'organization']);
      const org = out.organization as Record<string, unknown>;
      assert.deepEqual(Object.keys(org).sort(), ['id', 'name', 'tier']);
      assert.match(String(org.id), ORG_ID);
      assert.equal(org.name, 'Bäckerei Groß GmbH');
      assert.equal(org.tier, 'trial');
      assert.match(String(out.api_key), KEY);
      assert.match(String(out.key_id), KEY_ID);
    });

    it('the key printed by org create is real: verifyApiKey finds it in the same database', async () => {
      const { orgId, apiKey, keyId } = await createOrg('Echt AG');
      const v = await verifyApiKey({ store: await testStore(), clock: systemClock }, `Bearer ${apiKey}`);
      assert.ok(v.ok, JSON.stringify(v));
      assert.equal(v.organization.id, orgId);
      assert.equal(v.key.id, keyId);
      assert.deepEqual([...v.key.scopes].sort(), ['analyze:write', 'billing:write', 'usage:read']);
    });

    it('org create --tier pro creates a paid organization', async () => {
      const out = jsonOf(await cli(env, 'org', 'create', '--name', 'Pro KG', '--email', 'a@pro.example', '--tier', 'pro', '--json'));
      assert.equal((out.organization as { tier: string }).tier, 'pro');
    });

    it('org create without --json prints the key for a person', async () => {
      const run = await cli(env, 'org', 'create', '--name', 'Text GmbH', '--email', 'a@text.example');
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, /kt_live_[0-9A-Za-z]{32}/);
      assert.throws(() => JSON.parse(run.stdout));
    });

    it('key create --scopes usage:read --json prints exactly {api_key, key_id}; the key has that scope only', async () => {
      const { orgId } = await createOrg();
      const out = jsonOf(await cli(env, 'key', 'create', '--org', orgId, '--scopes', 'usage:read', '--name', 'reporting', '--json'));
      assert.deepEqual(Object.keys(out).sort(), ['api_key', 'key_id']);
      assert.match(String(out.api_key), KEY);
      assert.match(String(out.key_id), KEY_ID);
      const v = await verifyApiKey({ store: await testStore(), clock: systemClock }, `Bearer ${String(out.api_key)}`);
      assert.ok(v.ok);
      assert.equal(v.organization.id, orgId);
      assert.deepEqual(v.key.scopes, ['usage:read']);
      assert.equal(v.key.name, 'reporting');
    });

    it('key revoke --key exits 0 and the key is revoked', async () => {
      const { apiKey, keyId } = await createOrg();
      const run = await cli(env, 'key', 'revoke', '--key', keyId);
      assert.equal(run.code, 0, run.stderr);
      const v = await verifyApiKey({ store: await testStore(), clock: systemClock }, `Bearer ${apiKey}`);
      assert.deepEqual(v, { ok: false, reason: 'revoked' });
    });

    it('key revoke of an unknown key exits 1', async () => {
      const run = await cli(env, 'key', 'revoke', '--key', 'key_doesnotexist000000');
      assert.equal(run.code, 1);
      assert.match(run.stderr, /key_doesnotexist000000/);
    });

    it('org set-tier enterprise with contract numbers, then usage --json shows them', async () => {
      const { orgId } = await createOrg('Konzern SE');
      const set = await cli(env, 'org', 'set-tier', '--org', orgId, '--tier', 'enterprise', '--included', '20000', '--overage-cents', '10', '--rate-limit', '1000');
      assert.equal(set.code, 0, set.stderr);
      const usage = jsonOf(await cli(env, 'usage', '--org', orgId, '--json'));
      assert.deepEqual(Object.keys(usage).sort(), ['organization', 'period', 'usage']);
      assert.deepEqual(usage.organization, { id: orgId, name: 'Konzern SE', tier: 'enterprise' });
      const period = usage.period as { start: string; end: string };
      assert.deepEqual(Object.keys(period).sort(), ['end', 'start']);
      assert.ok(Date.parse(period.start) <= Date.now() && Date.now() < Date.parse(period.end));
      assert.deepEqual(usage.usage, {
        billable_calls: 0,
        included_calls: 20000,
        overage_calls: 0,
        overage_cents_per_call: 10,
        overage_cost_cents: 0,
      });
      const org = await (await testStore()).getOrganization(orgId);
      assert.equal(org?.rateLimitOverride, 1000);
    });

    it('org set-tier --json prints the organization', async () => {
      const { orgId } = await createOrg('Json GmbH');
      const out = jsonOf(await cli(env, 'org', 'set-tier', '--org', orgId, '--tier', 'business', '--json'));
      assert.deepEqual(out, { organization: { id: orgId, name: 'Json GmbH', tier: 'business' } });
    });

    it('usage --json of a new trial organization', async () => {
      const { orgId } = await createOrg('Neu UG');
      const usage = jsonOf(await cli(env, 'usage', '--org', orgId, '--json'));
      assert.deepEqual(usage.usage, { billable_calls: 0, included_calls: 50, overage_calls: 0, overage_cents_per_call: 0, overage_cost_cents: 0 });
    });

    it('plain usage prints text, not JSON', async () => {
      const { orgId } = await createOrg('Klartext Leser GmbH');
      const run = await cli(env, 'usage', '--org', orgId);
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, /Klartext Leser GmbH/);
      assert.match(run.stdout, /trial/);
      assert.match(run.stdout, /50/);
      assert.throws(() => JSON.parse(run.stdout));
    });

    it('outbox on a folder that does not exist yet, and on an empty folder', async () => {
      const missing = await cli(env, 'outbox', '--json');
      assert.deepEqual(jsonOf(missing).messages, []);
      const emptyDir = join(tmp, 'outbox-empty');
      await (await import('node:fs/promises')).mkdir(emptyDir);
      const out = jsonOf(await cli({ ...env, OUTBOX_DIR: emptyDir }, 'outbox', '--json'));
      assert.deepEqual(out, { outbox: emptyDir, messages: [] });
      const text = await cli({ ...env, OUTBOX_DIR: emptyDir }, 'outbox');
      assert.equal(text.code, 0);
      assert.match(text.stdout, /empty/i);
    });

    it('outbox lists an .eml file with its subject, recipient and date', async () => {
      const dir = join(tmp, 'outbox-one');
      await (await import('node:fs/promises')).mkdir(dir);
      const eml = [
        'From: Klartext <no-reply@klartext.example>',
        'To: anna.weiss@example.de',
        'Subject: Bitte bestätigen Sie Ihre E-Mail-Adresse',
        'Date: Sat, 21 Nov 2026 10:00:00 +0000',
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Subject: not a header, part of the body',
        'https://klartext.example/api-account/confirm?token=abc',
        '',
      ].join('\r\n');
      await writeFile(join(dir, '2026-11-21T10-00-00-confirm.eml'), eml);
      await writeFile(join(dir, 'notes.txt'), 'not a mail');
      const out = jsonOf(await cli({ ...env, OUTBOX_DIR: dir }, 'outbox', '--json'));
      assert.equal(out.outbox, dir);
      assert.deepEqual(out.messages, [
        {
          file: join(dir, '2026-11-21T10-00-00-confirm.eml'),
          subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
          to: 'anna.weiss@example.de',
          date: 'Sat, 21 Nov 2026 10:00:00 +0000',
          links: ['https://klartext.example/api-account/confirm?token=abc'],
        },
      ]);
      const text = await cli({ ...env, OUTBOX_DIR: dir }, 'outbox');
      assert.equal(text.code, 0);
      assert.match(text.stdout, /anna\.weiss@example\.de/);
      assert.match(text.stdout, /Bitte bestätigen/);
      assert.match(text.stdout, /^ {4}https:\/\/klartext\.example\/api-account\/confirm\?token=abc$/m);
    });

    it('outbox decodes the link of a message the outbox mailer wrote (multipart, quoted-printable)', async () => {
      const dir = join(tmp, 'outbox-real');
      const link = `https://klartext.example/api-account/confirm?token=${'x'.repeat(43)}&lang=en`;
      const mailer = createOutboxMailer({ dir, from: 'Klartext <no-reply@klartext.example>' });
      // A long line with umlauts and '=' in the link: nodemailer splits it with soft line breaks.
      await mailer.send({
        to: 'anna.weiss@example.de',
        subject: 'Bestätigen',
        text: `Grüß Gott, öffnen Sie diesen Link, um die Adresse für Ihr Konto zu bestätigen: ${link}\n`,
        html: `<p><a href="${link}">${link}</a></p>`,
      });
      await mailer.close();
      const out = jsonOf(await cli({ ...env, OUTBOX_DIR: dir }, 'outbox', '--json'));
      assert.deepEqual((out.messages as { links: string[] }[]).map((m) => m.links), [[link]]);
    });

    describe('error paths', { concurrency: 4 }, () => {
      // One organization for the refusals below: each of them must leave it unchanged.
      let orgId: string;
      before(async () => {
        orgId = (await createOrg('Unverändert GmbH')).orgId;
      });

      it('unknown command exits 2 with the usage', async () => {
        const run = await cli(env, 'frobnicate');
        assert.equal(run.code, 2);
        assert.match(run.stderr, /Unknown command/);
        assert.match(run.stderr, /Usage:/);
        const sub = await cli(env, 'org', 'delete', '--org', 'org_x');
        assert.equal(sub.code, 2);
      });

      it('no command exits 2; --help exits 0', async () => {
        assert.equal((await cli(env)).code, 2);
        const help = await cli(env, '--help');
        assert.equal(help.code, 0);
        assert.match(help.stdout, /org create/);
      });

      it('an unknown option exits 2', async () => {
        const run = await cli(env, 'org', 'create', '--name', 'X', '--email', 'x@y.de', '--colour', 'red');
        assert.equal(run.code, 2);
      });

      it('missing --name exits 2; missing --email exits 2', async () => {
        const noName = await cli(env, 'org', 'create', '--email', 'x@y.de', '--json');
        assert.equal(noName.code, 2);
        assert.match(noName.stderr, /--name/);
        const noEmail = await cli(env, 'org', 'create', '--name', 'X');
        assert.equal(noEmail.code, 2);
        assert.match(noEmail.stderr, /--email/);
      });

      it('an invalid e-mail address exits 1 (a value error, not a usage error)', async () => {
        const run = await cli(env, 'org', 'create', '--name', 'X', '--email', 'not-an-address');
        assert.equal(run.code, 1);
      });

      it('unknown organization exits 1 (usage, key create, set-tier)', async () => {
        const usage = await cli(env, 'usage', '--org', 'org_doesnotexist000000', '--json');
        assert.equal(usage.code, 1);
        assert.match(usage.stderr, /org_doesnotexist000000/);
        const errorJson = JSON.parse(usage.stdout.trim()) as { error?: { message?: string } };
        assert.equal(typeof errorJson.error?.message, 'string', '--json prints an error object');
        assert.equal((await cli(env, 'key', 'create', '--org', 'org_doesnotexist000000')).code, 1);
        assert.equal((await cli(env, 'org', 'set-tier', '--org', 'org_doesnotexist000000', '--tier', 'pro')).code, 1);
      });

      it('bad --tier exits 2 (org create and set-tier), and nothing changes', async () => {
        assert.equal((await cli(env, 'org', 'create', '--name', 'X', '--email', 'x@y.de', '--tier', 'platinum')).code, 2);
        const run = await cli(env, 'org', 'set-tier', '--org', orgId, '--tier', 'Enterprise');
        assert.equal(run.code, 2);
        assert.match(run.stderr, /--tier/);
        assert.equal((await (await testStore()).getOrganization(orgId))?.tier, 'trial');
      });

      it('bad --scopes exits 2 and no key is created', async () => {
        const before = (await (await testStore()).listApiKeys(orgId)).length;
        for (const scopes of ['usage:read,admin', '']) {
          const run = await cli(env, 'key', 'create', '--org', orgId, '--scopes', scopes, '--json');
          assert.equal(run.code, 2, `--scopes ${JSON.stringify(scopes)}: ${run.stderr}`);
        }
        assert.equal((await (await testStore()).listApiKeys(orgId)).length, before);
      });

      it('non-integer --included exits 2; so do negative and non-numeric numbers', async () => {
        for (const [flag, value] of [
          ['--included', '1.5'],
          ['--included', 'abc'],
          ['--overage-cents', '-3'],
          ['--rate-limit', 'ten'],
        ] as const) {
          const run = await cli(env, 'org', 'set-tier', '--org', orgId, '--tier', 'enterprise', flag, value);
          assert.equal(run.code, 2, `${flag} ${value}: ${run.stderr}`);
        }
        assert.equal((await (await testStore()).getOrganization(orgId))?.tier, 'trial');
      });

      // Bug: src/cli/commands.ts intFlag uses Number(raw), so '' reads as 0 and '0x10' as 16; an
      // operator script with an unset variable (--included "$N") silently sets a 0-call allowance.
      it(
        'an empty or hexadecimal --included exits 2 instead of being read as a number',
        async () => {
          // Its own organization: while the bug stands these runs succeed and change it.
          const own = (await createOrg('Hex GmbH')).orgId;
          for (const value of ['', ' ', '0x10']) {
            const run = await cli(env, 'org', 'set-tier', '--org', own, '--tier', 'enterprise', '--included', value);
            assert.equal(run.code, 2, `--included ${JSON.stringify(value)}: exit ${run.code}`);
          }
        },
      );

      it('allowance on a public tier is refused with exit 1 and nothing changes', async () => {
        const run = await cli(env, 'org', 'set-tier', '--org', orgId, '--tier', 'pro', '--included', '5000');
        assert.equal(run.code, 1);
        assert.equal((await (await testStore()).getOrganization(orgId))?.tier, 'trial');
      });

      it('an invalid DATABASE_URL stops with exit 1 and a redacted message', async () => {
        const run = await cli({ ...env, DATABASE_URL: 'mysql://root:t0psecret@localhost/x' }, 'usage', '--org', 'org_x');
        assert.equal(run.code, 1);
        assert.match(run.stderr, /DATABASE_URL/);
        assert.ok(!run.stderr.includes('t0psecret'), run.stderr);
      });
    });
  });
}
