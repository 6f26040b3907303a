/** src/config/config.ts — kept under test/domain with the other pure rules (no I/O). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config/config.js';

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    assert.ok(err instanceof ConfigError, `expected ConfigError, got ${String(err)}`);
    return err;
  }
  assert.fail('loadConfig accepted an invalid environment');
}

describe('loadConfig defaults (embedded setup)', () => {
  const c = loadConfig({});

  it('SQLite file, port 8080, no Redis', () => {
    assert.equal(c.databaseUrl, 'sqlite:./data/klartext.db');
    assert.equal(c.port, 8080);
    assert.equal(c.redisUrl, undefined);
  });

  it('other defaults', () => {
    assert.equal(c.host, '0.0.0.0');
    assert.equal(c.publicBaseUrl, 'http://localhost:8080');
    assert.equal(c.maxPages, 100);
    assert.equal(c.apiKeyMode, 'live');
    assert.equal(c.logLevel, 'info');
    assert.equal(c.trustProxy, false);
    assert.equal(c.billingSigningSecret, undefined);
    assert.ok(c.workerPoolSize >= 1);
    assert.equal(c.processingTimeoutMs, 60_000);
    assert.equal(c.requestTimeoutMs, 120_000, 'a 10 MB upload at 1 Mbit/s fits');
  });

  it('the AI model is off by default, and needs a model name when a base URL is given', () => {
    assert.equal(c.llm, undefined);
    const on = loadConfig({ LLM_BASE_URL: 'https://llm.example.eu/v1', LLM_MODEL: 'mistral-small', LLM_API_KEY: 'sk-1' });
    assert.deepEqual(on.llm, { baseUrl: 'https://llm.example.eu/v1', apiKey: 'sk-1', model: 'mistral-small', timeoutMs: 20_000 });
    assert.throws(() => loadConfig({ LLM_BASE_URL: 'https://llm.example.eu/v1' }), /LLM_MODEL must name the model/);
    assert.throws(() => loadConfig({ LLM_BASE_URL: 'ftp://x', LLM_MODEL: 'm' }), /LLM_BASE_URL must use http: or https:/);
  });

  it('reading settings: OCR languages, model folder, image pixel cap, render resolution', () => {
    assert.deepEqual(c.ocrLanguages, ['deu']);
    assert.equal(c.pdfRenderDpi, 300);
    const r = loadConfig({ OCR_LANGUAGES: 'deu+eng', OCR_MODEL_DIR: '/opt/tessdata', MAX_IMAGE_PIXELS: '50000000', PDF_RENDER_DPI: '200' });
    assert.deepEqual([r.ocrLanguages, r.ocrModelDir, r.maxImagePixels, r.pdfRenderDpi], [['deu', 'eng'], '/opt/tessdata', 50_000_000, 200]);
    assert.throws(() => loadConfig({ OCR_LANGUAGES: 'german' }), /OCR_LANGUAGES must be tesseract language codes/);
    assert.throws(() => loadConfig({ PDF_RENDER_DPI: '2000' }), /PDF_RENDER_DPI/);
  });

  it('MAX_SCANNED_PAGES: 15 scanned pages a call by default, set by the environment, bounded', () => {
    assert.equal(c.maxScannedPages, 15);
    assert.equal(loadConfig({ MAX_SCANNED_PAGES: '40' }).maxScannedPages, 40);
    assert.throws(() => loadConfig({ MAX_SCANNED_PAGES: '0' }), /MAX_SCANNED_PAGES must be a whole number from 1 to 1000, got "0"/);
    assert.throws(() => loadConfig({ MAX_SCANNED_PAGES: 'many' }), /MAX_SCANNED_PAGES must be a whole number/);
  });

  it('REQUEST_TIMEOUT_MS is bounded', () => {
    assert.equal(loadConfig({ REQUEST_TIMEOUT_MS: '30000' }).requestTimeoutMs, 30_000);
    assert.throws(() => loadConfig({ REQUEST_TIMEOUT_MS: '10' }), /REQUEST_TIMEOUT_MS must be a whole number from 1000/);
  });

  it('empty strings count as unset', () => {
    const e = loadConfig({ PORT: '', DATABASE_URL: '  ', REDIS_URL: '', MAX_PAGES: '' });
    assert.equal(e.port, 8080);
    assert.equal(e.databaseUrl, 'sqlite:./data/klartext.db');
    assert.equal(e.redisUrl, undefined);
    assert.equal(e.maxPages, 100);
  });

  it('ignores unrelated environment variables', () => {
    assert.doesNotThrow(() => loadConfig({ PATH: '/usr/bin', HOME: '/root', npm_config_x: 'y' }));
  });
});

describe('loadConfig values', () => {
  it('takes valid settings', () => {
    const c = loadConfig({
      PORT: '3000',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://app:secret@db:5432/klartext',
      REDIS_URL: 'redis://cache:6379',
      PUBLIC_BASE_URL: 'https://api.example.de/',
      MAX_PAGES: '20',
      TRUST_PROXY: 'true',
      API_KEY_MODE: 'test',
    });
    assert.equal(c.port, 3000);
    assert.equal(c.host, '127.0.0.1');
    assert.equal(c.databaseUrl, 'postgres://app:secret@db:5432/klartext');
    assert.equal(c.redisUrl, 'redis://cache:6379');
    assert.equal(c.publicBaseUrl, 'https://api.example.de', 'trailing slash removed');
    assert.equal(c.maxPages, 20);
    assert.equal(c.trustProxy, true);
    assert.equal(c.apiKeyMode, 'test');
  });

  it('public base URL follows PORT when unset', () => {
    assert.equal(loadConfig({ PORT: '9090' }).publicBaseUrl, 'http://localhost:9090');
  });

  it('accepts sqlite:/abs/path.db and postgresql://', () => {
    assert.equal(loadConfig({ DATABASE_URL: 'sqlite:/var/lib/klartext/k.db' }).databaseUrl, 'sqlite:/var/lib/klartext/k.db');
    assert.equal(loadConfig({ DATABASE_URL: 'postgresql://u@h/db' }).databaseUrl, 'postgresql://u@h/db');
  });
});

describe('loadConfig errors', () => {
  it('lists every invalid value together in one ConfigError', () => {
    const err = configError({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://root@localhost/k',
      REDIS_URL: 'http://cache:6379',
      MAX_PAGES: '0',
      LOG_LEVEL: 'loud',
      TRUST_PROXY: 'maybe',
      API_KEY_MODE: 'prod',
      PUBLIC_BASE_URL: 'not a url',
    });
    assert.equal(err.problems.length, 8, err.problems.join('\n'));
    const all = err.problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'REDIS_URL', 'MAX_PAGES', 'LOG_LEVEL', 'TRUST_PROXY', 'API_KEY_MODE', 'PUBLIC_BASE_URL']) {
      assert.ok(all.includes(name), `${name} not named in:\n${all}`);
      assert.ok(err.message.includes(name), `${name} not in the message`);
    }
  });

  it('rejects out-of-range and non-integer ports', () => {
    for (const port of ['65536', '-1', '80.5', '1e3x', 'abc']) {
      const err = configError({ PORT: port });
      assert.equal(err.problems.length, 1);
      assert.match(err.problems[0]!, /PORT/);
    }
  });

  it('redacts the password of DATABASE_URL in the message', () => {
    const err = configError({ DATABASE_URL: 'mysql://admin:hunter2-S3cret@db.internal:3306/klartext' });
    assert.ok(!err.message.includes('hunter2-S3cret'), err.message);
    assert.ok(!err.problems.join('\n').includes('hunter2-S3cret'));
    assert.match(err.message, /admin:\*\*\*@db\.internal/);
  });

  it('redacts the password of an unparseable REDIS_URL too', () => {
    const err = configError({ REDIS_URL: 'redis://user:s3cretpw@[bad:6379' });
    assert.ok(!err.message.includes('s3cretpw'), err.message);
    assert.match(err.message, /REDIS_URL/);
  });

  it('the error is an Error whose message says the configuration is invalid', () => {
    const err = configError({ PORT: 'x' });
    assert.ok(err instanceof Error);
    assert.equal(err.name, 'ConfigError');
    assert.match(err.message, /Invalid configuration/);
  });
});

describe('loadConfig result', () => {
  it('is frozen', () => {
    const c = loadConfig({});
    assert.ok(Object.isFrozen(c));
    assert.throws(() => {
      (c as { port: number }).port = 1;
    }, TypeError);
    assert.equal(c.port, 8080);
  });

  it('does not read process.env when an env object is given', () => {
    const saved = process.env.PORT;
    process.env.PORT = '1234';
    try {
      assert.equal(loadConfig({}).port, 8080);
    } finally {
      if (saved === undefined) delete process.env.PORT;
      else process.env.PORT = saved;
    }
  });
});

describe('loadConfig: Stripe settings', () => {
  const full = {
    STRIPE_SECRET_KEY: 'sk_test_abc',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    STRIPE_PRICE_STARTER: 'price_s',
    STRIPE_PRICE_PRO: 'price_p',
    STRIPE_PRICE_BUSINESS: 'price_b',
    STRIPE_OVERAGE_PRICE_STARTER: 'price_os',
    STRIPE_OVERAGE_PRICE_PRO: 'price_op',
    STRIPE_OVERAGE_PRICE_BUSINESS: 'price_ob',
  };

  it('unset: test-mode billing', () => {
    assert.equal(loadConfig({}).stripe, undefined);
  });

  it('complete: every value, the default meter event name, and an optional API base', () => {
    assert.deepEqual(loadConfig(full).stripe, {
      secretKey: 'sk_test_abc',
      webhookSecret: 'whsec_abc',
      prices: { starter: 'price_s', pro: 'price_p', business: 'price_b' },
      overagePrices: { starter: 'price_os', pro: 'price_op', business: 'price_ob' },
      meterEventName: 'klartext_overage_calls',
      apiBase: undefined,
      timeoutMs: 10_000,
      maxNetworkRetries: 1,
    });
    const custom = loadConfig({ ...full, STRIPE_METER_EVENT_NAME: 'api_calls', STRIPE_API_BASE: 'http://127.0.0.1:12111' }).stripe;
    assert.equal(custom?.meterEventName, 'api_calls');
    assert.equal(custom?.apiBase, 'http://127.0.0.1:12111');
  });

  it('the Stripe client’s bounds: a timeout of 1–60 s and 0–3 retries, so one call stays within the webhook claim’s 5 minutes', () => {
    const custom = loadConfig({ ...full, STRIPE_TIMEOUT_MS: '2500', STRIPE_MAX_NETWORK_RETRIES: '0' }).stripe;
    assert.equal(custom?.timeoutMs, 2500);
    assert.equal(custom?.maxNetworkRetries, 0);
    const e = configError({ ...full, STRIPE_TIMEOUT_MS: '80000', STRIPE_MAX_NETWORK_RETRIES: '4' });
    assert.deepEqual(e.problems, [
      'STRIPE_TIMEOUT_MS must be a whole number from 1000 to 60000, got "80000"',
      'STRIPE_MAX_NETWORK_RETRIES must be a whole number from 0 to 3, got "4"',
    ]);
    assert.deepEqual(configError({ ...full, STRIPE_TIMEOUT_MS: '999', STRIPE_MAX_NETWORK_RETRIES: '-1' }).problems.length, 2);
    // Defaults, like the meter event name: compose passes them whether Stripe is used or not.
    assert.equal(loadConfig({ STRIPE_TIMEOUT_MS: '5000', STRIPE_MAX_NETWORK_RETRIES: '2' }).stripe, undefined);
  });

  it('a secret key without the rest lists every missing setting', () => {
    const e = configError({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_PRICE_PRO: 'price_p' });
    assert.deepEqual(e.problems, [
      'STRIPE_WEBHOOK_SECRET must be set when STRIPE_SECRET_KEY is set',
      'STRIPE_PRICE_STARTER must be set when STRIPE_SECRET_KEY is set',
      'STRIPE_PRICE_BUSINESS must be set when STRIPE_SECRET_KEY is set',
      'STRIPE_OVERAGE_PRICE_STARTER must be set when STRIPE_SECRET_KEY is set',
      'STRIPE_OVERAGE_PRICE_PRO must be set when STRIPE_SECRET_KEY is set',
      'STRIPE_OVERAGE_PRICE_BUSINESS must be set when STRIPE_SECRET_KEY is set',
    ]);
  });

  it('Stripe settings without a secret key are an error, not a silent fallback to test mode', () => {
    const e = configError({ STRIPE_WEBHOOK_SECRET: 'whsec_abc', STRIPE_PRICE_PRO: 'price_p' });
    assert.deepEqual(e.problems, ['STRIPE_SECRET_KEY must be set when STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_PRO are set']);
  });

  it('malformed values are named, never echoed', () => {
    const e = configError({
      ...full,
      STRIPE_SECRET_KEY: 'pk_test_public',
      STRIPE_WEBHOOK_SECRET: 'secret',
      STRIPE_PRICE_PRO: 'prod_123',
      STRIPE_API_BASE: 'ftp://stripe.local',
      STRIPE_METER_EVENT_NAME: 'has spaces',
    });
    assert.equal(e.problems.length, 5, e.problems.join('\n'));
    assert.ok(e.problems.some((p) => /STRIPE_SECRET_KEY must be a Stripe secret or restricted key/.test(p)));
    assert.ok(e.problems.includes('STRIPE_WEBHOOK_SECRET must start with whsec_'));
    assert.ok(e.problems.includes('STRIPE_PRICE_PRO must start with price_'));
    assert.ok(e.problems.some((p) => /STRIPE_API_BASE must use http: or https:/.test(p)));
    assert.ok(e.problems.some((p) => /STRIPE_METER_EVENT_NAME/.test(p)));
    assert.ok(!e.message.includes('pk_test_public') && !e.message.includes('"secret"'), 'secrets are not printed');
  });
});
