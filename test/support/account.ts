import { createSmtpMailer } from '../../src/adapters/mailer/smtp.js';
import type { Backend } from './databases.js';
import { PageClient } from './cookie-jar.js';
import { startServer, type ServerOptions, type TestServer } from './server.js';
import { startSmtpSink, type CapturedMail, type SmtpSink } from './smtp-sink.js';

/**
 * The account area as a person meets it: a server whose e-mail goes over real SMTP into a
 * sink the test reads, behind a trusted proxy so each test client can come from its own IP
 * (X-Forwarded-For) and the per-IP limits of one test do not reach another.
 */
export interface AccountServer {
  server: TestServer;
  sink: SmtpSink;
  /** A client with its own cookie jar and its own client IP. */
  client(headers?: Record<string, string>): PageClient;
  close(): Promise<void>;
}

let ipCounter = 0;
/** A fresh documentation-range IP per call (RFC 5737). */
export function nextIp(): string {
  ipCounter += 1;
  return `198.51.${100 + Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

export async function startAccountServer(backend: Backend, options: ServerOptions = {}): Promise<AccountServer> {
  const sink = await startSmtpSink();
  const mailer = createSmtpMailer({ smtpUrl: sink.url, from: 'Klartext <no-reply@klartext.test>', timeoutMs: 10_000 });
  const server = await startServer({ backend, mailer, ...options, config: { trustProxy: true, ...options.config } });
  return {
    server,
    sink,
    client: (headers = {}) => new PageClient(server.url, undefined, { 'x-forwarded-for': nextIp(), ...headers }),
    async close() {
      await server.close();
      await sink.close();
    },
  };
}

/** Sign-up form → "check your inbox" → the e-mail that arrives for `email`. */
export async function requestSignUp(
  account: AccountServer,
  client: PageClient,
  input: { company: string; email: string; lang?: 'de' | 'en' },
): Promise<{ page: Response; html: string; mail: CapturedMail }> {
  const lang = input.lang ?? 'de';
  const before = account.sink.messages.length;
  const page = await client.submit(`/api-account/sign-up?lang=${lang}`, `/api-account/sign-up?lang=${lang}`, {
    company: input.company,
    email: input.email,
  });
  const html = await page.text();
  const mail = await account.sink.waitFor((m) => account.sink.messages.indexOf(m) >= before && m.to.includes(input.email.trim().toLowerCase()));
  return { page, html, mail };
}

/** Sign-in form (with `next`) → the e-mail that arrives for `email`. */
export async function requestSignIn(
  account: AccountServer,
  client: PageClient,
  input: { email: string; next?: string; lang?: 'de' | 'en' },
): Promise<{ page: Response; html: string; mail: CapturedMail }> {
  const lang = input.lang ?? 'de';
  const before = account.sink.messages.length;
  const formPath = `/api-account/sign-in?lang=${lang}${input.next !== undefined ? `&next=${encodeURIComponent(input.next)}` : ''}`;
  const form = await client.get(formPath);
  const formHtml = await form.text();
  const next = /name="next" value="([^"]*)"/.exec(formHtml)?.[1] ?? '';
  const csrf = /name="_csrf" value="([^"]+)"/.exec(formHtml)?.[1] ?? '';
  const page = await client.post(`/api-account/sign-in?lang=${lang}`, { _csrf: csrf, email: input.email, next: unescape(next) });
  const html = await page.text();
  const mail = await account.sink.waitFor((m) => account.sink.messages.indexOf(m) >= before && m.to.includes(input.email.trim().toLowerCase()));
  return { page, html, mail };
}

function unescape(value: string): string {
  return value.replace(/&amp;/g, '&').replace(/&#39;/g, "'").replace(/&quot;/g, '"');
}

/** Opens an e-mailed link (the confirmation page) and presses its button. */
export async function followLink(client: PageClient, link: string): Promise<{ confirmPage: string; res: Response }> {
  const page = await client.get(link);
  const confirmPage = await page.text();
  const field = (name: string) => unescape(new RegExp(`name="${name}" value="([^"]*)"`).exec(confirmPage)?.[1] ?? '');
  const action = unescape(/<form method="post" action="([^"]+)"/.exec(confirmPage)?.[1] ?? '/api-account/confirm');
  const res = await client.post(action, { _csrf: field('_csrf'), token: field('token'), next: field('next') });
  return { confirmPage, res };
}

/** The API key a first-key page shows, or null. */
export function apiKeyOn(html: string): string | null {
  return /<code id="api-key">(kt_(?:live|test)_[0-9A-Za-z]{32})<\/code>/.exec(html)?.[1] ?? null;
}
