import { availableParallelism } from 'node:os';
import { z } from 'zod';

/**
 * Every environment variable the service reads, parsed once at start (DESIGN habit 4).
 * A bad value stops the start with every problem listed; every default serves the embedded
 * single-process setup (SQLite file, in-memory rate limiter, test-mode billing, local outbox).
 */
const intFrom = (name: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a whole number from ${min} to ${max}, got "${v}"` });
        return z.NEVER;
      }
      return n;
    });

const boolFrom = (name: string, fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return fallback;
      if (/^(1|true|yes|on)$/i.test(v)) return true;
      if (/^(0|false|no|off)$/i.test(v)) return false;
      ctx.addIssue({ code: 'custom', message: `${name} must be true or false, got "${v}"` });
      return z.NEVER;
    });

const urlFrom = (name: string, protocols: string[]) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      let url: URL;
      try {
        url = new URL(v);
      } catch {
        ctx.addIssue({ code: 'custom', message: `${name} is not a URL: "${redact(v)}"` });
        return z.NEVER;
      }
      if (!protocols.includes(url.protocol)) {
        ctx.addIssue({ code: 'custom', message: `${name} must use ${protocols.join(' or ')}, got "${url.protocol}"` });
        return z.NEVER;
      }
      return v;
    });

/** Hides a password in a connection string before it is printed. */
function redact(value: string): string {
  return value.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

const databaseUrl = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const value = v === undefined || v.trim() === '' ? 'sqlite:./data/klartext.db' : v.trim();
    if (/^sqlite:.+/.test(value) || /^postgres(ql)?:\/\/.+/.test(value)) return value;
    ctx.addIssue({
      code: 'custom',
      message: `DATABASE_URL must be sqlite:<path> or postgres://…, got "${redact(value)}"`,
    });
    return z.NEVER;
  });

/** A value that is unset when empty or blank. */
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

/** The Stripe settings the adapter needs once STRIPE_SECRET_KEY is set, with their id prefixes. */
const STRIPE_REQUIRED = [
  ['STRIPE_WEBHOOK_SECRET', 'whsec_'],
  ['STRIPE_PRICE_STARTER', 'price_'],
  ['STRIPE_PRICE_PRO', 'price_'],
  ['STRIPE_PRICE_BUSINESS', 'price_'],
  ['STRIPE_OVERAGE_PRICE_STARTER', 'price_'],
  ['STRIPE_OVERAGE_PRICE_PRO', 'price_'],
  ['STRIPE_OVERAGE_PRICE_BUSINESS', 'price_'],
] as const;

/**
 * Either no Stripe at all (test-mode billing) or every setting it needs: half a configuration
 * would silently fall back to test mode, or fail at the first checkout. Checked on the raw
 * environment so that these problems are listed along with every other one. Values are never
 * echoed.
 */
function stripeProblems(env: NodeJS.ProcessEnv): string[] {
  const value = (name: string) => {
    const v = env[name];
    return v && v.trim() ? v.trim() : undefined;
  };
  const secretKey = value('STRIPE_SECRET_KEY');
  if (!secretKey) {
    const stray = [...STRIPE_REQUIRED.map(([name]) => name), 'STRIPE_API_BASE'].filter((name) => value(name) !== undefined);
    return stray.length === 0 ? [] : [`STRIPE_SECRET_KEY must be set when ${stray.join(', ')} ${stray.length === 1 ? 'is' : 'are'} set`];
  }
  const problems: string[] = [];
  if (!/^(sk|rk)_(test|live)_/.test(secretKey)) {
    problems.push('STRIPE_SECRET_KEY must be a Stripe secret or restricted key (sk_… or rk_…)');
  }
  for (const [name, prefix] of STRIPE_REQUIRED) {
    const v = value(name);
    if (v === undefined) problems.push(`${name} must be set when STRIPE_SECRET_KEY is set`);
    else if (!v.startsWith(prefix)) problems.push(`${name} must start with ${prefix}`);
  }
  return problems;
}

const EnvSchema = z.object({
  PORT: intFrom('PORT', 0, 65535, 8080),
  HOST: z.string().optional().transform((v) => (v && v.trim() ? v.trim() : '0.0.0.0')),
  PUBLIC_BASE_URL: urlFrom('PUBLIC_BASE_URL', ['http:', 'https:']),
  DATABASE_URL: databaseUrl,
  REDIS_URL: urlFrom('REDIS_URL', ['redis:', 'rediss:']),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .optional()
    .default('info'),
  API_KEY_MODE: z
    .enum(['live', 'test'], { error: 'API_KEY_MODE must be live or test' })
    .optional()
    .default('live'),
  MAX_PAGES: intFrom('MAX_PAGES', 1, 1000, 100),
  MAX_SCANNED_PAGES: intFrom('MAX_SCANNED_PAGES', 1, 1000, 15),
  PROCESSING_TIMEOUT_MS: intFrom('PROCESSING_TIMEOUT_MS', 1000, 600_000, 60_000),
  REQUEST_TIMEOUT_MS: intFrom('REQUEST_TIMEOUT_MS', 1000, 600_000, 120_000),
  QUEUE_WAIT_MS: intFrom('QUEUE_WAIT_MS', 100, 600_000, 20_000),
  WORKER_POOL_SIZE: intFrom('WORKER_POOL_SIZE', 1, 64, Math.max(1, availableParallelism())),
  OCR_ENGINE: z
    .enum(['auto', 'tesseract-js', 'native'], { error: 'OCR_ENGINE must be auto, tesseract-js or native' })
    .optional()
    .default('auto'),
  OCR_LANGUAGES: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const langs = (v && v.trim() ? v : 'deu').split('+').map((l) => l.trim());
      if (langs.some((l) => !/^[a-z]{3}(_[a-z]+)?$/.test(l))) {
        ctx.addIssue({ code: 'custom', message: `OCR_LANGUAGES must be tesseract language codes joined by +, e.g. deu+eng, got "${v}"` });
        return z.NEVER;
      }
      return langs;
    }),
  OCR_MODEL_DIR: z.string().optional().transform((v) => (v && v.trim() ? v.trim() : undefined)),
  MAX_IMAGE_PIXELS: intFrom('MAX_IMAGE_PIXELS', 1_000_000, 1_000_000_000, 100_000_000),
  PDF_RENDER_DPI: intFrom('PDF_RENDER_DPI', 72, 600, 300),
  TRUST_PROXY: boolFrom('TRUST_PROXY', false),
  BILLING_SIGNING_SECRET: z.string().optional(),
  SHUTDOWN_GRACE_MS: intFrom('SHUTDOWN_GRACE_MS', 0, 600_000, 10_000),
  SESSION_SECRET: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      if (v.length < 32) {
        ctx.addIssue({ code: 'custom', message: 'SESSION_SECRET must be at least 32 characters long' });
        return z.NEVER;
      }
      return v;
    }),
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      if (v.trim().length < 32) {
        ctx.addIssue({ code: 'custom', message: 'METRICS_TOKEN must be at least 32 characters long' });
        return z.NEVER;
      }
      return v.trim();
    }),
  SMTP_URL: urlFrom('SMTP_URL', ['smtp:', 'smtps:']),
  MAIL_FROM: z.string().optional().transform((v) => (v && v.trim() ? v.trim() : 'Klartext <no-reply@klartext.localhost>')),
  OUTBOX_DIR: z.string().optional().transform((v) => (v && v.trim() ? v.trim() : './data/outbox')),
  LLM_BASE_URL: urlFrom('LLM_BASE_URL', ['http:', 'https:']),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  LLM_TIMEOUT_MS: intFrom('LLM_TIMEOUT_MS', 1000, 120_000, 20_000),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PRICE_STARTER: optionalText,
  STRIPE_PRICE_PRO: optionalText,
  STRIPE_PRICE_BUSINESS: optionalText,
  STRIPE_OVERAGE_PRICE_STARTER: optionalText,
  STRIPE_OVERAGE_PRICE_PRO: optionalText,
  STRIPE_OVERAGE_PRICE_BUSINESS: optionalText,
  STRIPE_METER_EVENT_NAME: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const name = v && v.trim() ? v.trim() : 'klartext_overage_calls';
      if (!/^[A-Za-z0-9_.:-]{1,100}$/.test(name)) {
        ctx.addIssue({ code: 'custom', message: `STRIPE_METER_EVENT_NAME must be 1–100 letters, digits or _ . : -, got "${v}"` });
        return z.NEVER;
      }
      return name;
    }),
  STRIPE_API_BASE: urlFrom('STRIPE_API_BASE', ['http:', 'https:']),
  // At most 60 s × 4 tries = 240 s per call to Stripe: within the 5 minutes after which a
  // webhook event's unfinished claim counts as left by a dead process (billing-webhook.ts).
  STRIPE_TIMEOUT_MS: intFrom('STRIPE_TIMEOUT_MS', 1000, 60_000, 10_000),
  STRIPE_MAX_NETWORK_RETRIES: intFrom('STRIPE_MAX_NETWORK_RETRIES', 0, 3, 1),
}).superRefine((e, ctx) => {
  if (e.LLM_BASE_URL && !(e.LLM_MODEL && e.LLM_MODEL.trim())) {
    ctx.addIssue({ code: 'custom', message: 'LLM_MODEL must name the model when LLM_BASE_URL is set' });
  }
});

/** Every environment variable the service reads (deployment files are checked against it). */
export const CONFIG_VARIABLES: readonly string[] = Object.freeze(Object.keys(EnvSchema.shape));

export interface Config {
  port: number;
  host: string;
  /** Address clients reach the service at; hosted test-mode pages link to it. */
  publicBaseUrl: string;
  databaseUrl: string;
  /** Unset: in-process rate limiter (one instance). */
  redisUrl: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  apiKeyMode: 'live' | 'test';
  /** A document with more pages is 400 invalid_request. */
  maxPages: number;
  /**
   * A PDF with more distinct pages to read by OCR is 400 invalid_request (too_many_scanned_pages)
   * before any is read: 15 pages of 1.5–3 s each fit the 60 s deadline on one thread.
   */
  maxScannedPages: number;
  /** Per-request processing deadline; past it the call is 500 processing_failed. */
  processingTimeoutMs: number;
  /**
   * Time allowed to receive a whole request, upload included (a 10 MB upload at 1 Mbit/s takes
   * ~85 s). Bounds how long a reservation can wait for its body, which is what makes
   * reclaiming stale reservations safe.
   */
  requestTimeoutMs: number;
  /**
   * How long a call may wait for a reading-pool thread without progress before it is refused
   * with 503 service_unavailable and Retry-After (overload); 20 s by default. A call whose
   * processing deadline passes while it still waits is refused the same way, so the wait never
   * goes past the deadline.
   */
  queueWaitMs: number;
  workerPoolSize: number;
  ocrEngine: 'auto' | 'tesseract-js' | 'native';
  /** Tesseract languages, e.g. ['deu'] or ['deu', 'eng']. */
  ocrLanguages: string[];
  /** A folder of <lang>.traineddata for tesseract.js instead of the npm data packages. */
  ocrModelDir: string | undefined;
  /** Images with more pixels are refused (decompression-bomb guard). */
  maxImagePixels: number;
  /** Resolution at which scanned PDF pages without one embedded image are rendered for OCR. */
  pdfRenderDpi: number;
  trustProxy: boolean;
  /**
   * HMAC secret for test-mode checkout/portal links. Unset: a random one per process, which is
   * right for one instance; several instances must share one.
   */
  billingSigningSecret: string | undefined;
  /** How long a stopping server waits for requests in flight. */
  shutdownGraceMs: number;
  /**
   * Signs the account area's session cookie (≥ 32 characters). Unset: a random one per process,
   * which is right for one instance; several instances must share one.
   */
  sessionSecret: string | undefined;
  /**
   * Bearer token a scraper must send to read /metrics (≥ 32 characters); unset: /metrics is not
   * served at all (404). The shipped Caddyfile never forwards /metrics either: scrape each
   * instance directly on its internal address (docs/deploy.md).
   */
  metricsToken: string | undefined;
  /** `smtp://user:pass@host:587` or `smtps://…`; unset: e-mail goes to the local outbox. */
  smtpUrl: string | undefined;
  /** Sender of the account area's e-mails. */
  mailFrom: string;
  /** Where e-mail goes as .eml files when no SMTP server is configured. */
  outboxDir: string;
  /**
   * Optional OpenAI-compatible chat endpoint that refines summaries and sections (SPEC §10);
   * unset: the built-in engine answers on its own. Numbers it returns must be on the page.
   */
  llm: { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number } | undefined;
  /** Stripe as payment provider; unset (no STRIPE_SECRET_KEY): the built-in test-mode provider. */
  stripe: StripeConfig | undefined;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Monthly subscription price per checkout tier. */
  prices: { starter: string; pro: string; business: string };
  /** Metered overage price per checkout tier, fed by meter events named meterEventName. */
  overagePrices: { starter: string; pro: string; business: string };
  meterEventName: string;
  /** Another API address (tests point it at a local fake); unset: api.stripe.com. */
  apiBase: string | undefined;
  /** One request to Stripe fails after this long (the SDK's own default is 80 s). */
  timeoutMs: number;
  /** The SDK's retries of a failed or timed-out request (its own default here was 2). */
  maxNetworkRetries: number;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Readonly<Config> {
  const parsed = EnvSchema.safeParse(env);
  const problems = [...(parsed.success ? [] : parsed.error.issues.map((i) => i.message)), ...stripeProblems(env)];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  const config: Config = {
    port: e.PORT,
    host: e.HOST,
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    apiKeyMode: e.API_KEY_MODE,
    maxPages: e.MAX_PAGES,
    maxScannedPages: e.MAX_SCANNED_PAGES,
    processingTimeoutMs: e.PROCESSING_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    queueWaitMs: e.QUEUE_WAIT_MS,
    workerPoolSize: e.WORKER_POOL_SIZE,
    ocrEngine: e.OCR_ENGINE,
    ocrLanguages: e.OCR_LANGUAGES,
    ocrModelDir: e.OCR_MODEL_DIR,
    maxImagePixels: e.MAX_IMAGE_PIXELS,
    pdfRenderDpi: e.PDF_RENDER_DPI,
    trustProxy: e.TRUST_PROXY,
    billingSigningSecret: e.BILLING_SIGNING_SECRET && e.BILLING_SIGNING_SECRET.length > 0 ? e.BILLING_SIGNING_SECRET : undefined,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    sessionSecret: e.SESSION_SECRET,
    metricsToken: e.METRICS_TOKEN,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    outboxDir: e.OUTBOX_DIR,
    llm: e.LLM_BASE_URL
      ? { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY || undefined, model: e.LLM_MODEL!.trim(), timeoutMs: e.LLM_TIMEOUT_MS }
      : undefined,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
          prices: { starter: e.STRIPE_PRICE_STARTER!, pro: e.STRIPE_PRICE_PRO!, business: e.STRIPE_PRICE_BUSINESS! },
          overagePrices: {
            starter: e.STRIPE_OVERAGE_PRICE_STARTER!,
            pro: e.STRIPE_OVERAGE_PRICE_PRO!,
            business: e.STRIPE_OVERAGE_PRICE_BUSINESS!,
          },
          meterEventName: e.STRIPE_METER_EVENT_NAME,
          apiBase: e.STRIPE_API_BASE,
          timeoutMs: e.STRIPE_TIMEOUT_MS,
          maxNetworkRetries: e.STRIPE_MAX_NETWORK_RETRIES,
        }
      : undefined,
  };
  return Object.freeze(config);
}
