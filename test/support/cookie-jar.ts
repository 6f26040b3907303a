/**
 * Cookies for fetch-based page tests: keeps what Set-Cookie says (and forgets what it expires),
 * sends it back. Paths and domains are ignored: every test talks to one server, and the
 * session cookie lives under /api-account, where these tests go.
 */
export class CookieJar {
  readonly #cookies = new Map<string, string>();

  /** Reads the Set-Cookie headers of a response. */
  take(res: Response): this {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => {
        const [k = '', v = ''] = a.trim().split('=');
        if (k.toLowerCase() === 'max-age') return Number(v) <= 0;
        if (k.toLowerCase() === 'expires') return new Date(a.trim().slice(8)).getTime() <= Date.now();
        return false;
      });
      if (expired || value === '') this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
    return this;
  }

  get(name: string): string | undefined {
    return this.#cookies.get(name);
  }

  set(name: string, value: string): void {
    this.#cookies.set(name, value);
  }

  delete(name: string): void {
    this.#cookies.delete(name);
  }

  header(): string {
    return [...this.#cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** A copy, to replay an old state (e.g. a cookie from before sign-out). */
  clone(): CookieJar {
    const copy = new CookieJar();
    for (const [k, v] of this.#cookies) copy.set(k, v);
    return copy;
  }
}

/** A page client: fetch with the jar, no redirects followed (tests look at each 303). */
export class PageClient {
  constructor(
    readonly baseUrl: string,
    readonly jar = new CookieJar(),
    /** Extra headers on every request (X-Forwarded-For in limit tests, Accept-Language). */
    readonly headers: Record<string, string> = {},
  ) {}

  async get(path: string): Promise<Response> {
    const res = await fetch(new URL(path, this.baseUrl), { headers: { ...this.headers, cookie: this.jar.header() }, redirect: 'manual' });
    this.jar.take(res);
    return res;
  }

  async post(path: string, fields: Record<string, string>): Promise<Response> {
    const res = await fetch(new URL(path, this.baseUrl), {
      method: 'POST',
      headers: { ...this.headers, cookie: this.jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
    this.jar.take(res);
    return res;
  }

  /** GETs a page with a form and POSTs it with the form's CSRF token and `fields`. */
  async submit(formPath: string, action: string, fields: Record<string, string>): Promise<Response> {
    const page = await this.get(formPath);
    const html = await page.text();
    return this.post(action, { _csrf: csrfTokenOf(html), ...fields });
  }
}

/** The CSRF token of the first form on a page. */
export function csrfTokenOf(html: string): string {
  const token = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error('the page has no CSRF token');
  return token;
}

/** Decodes the few HTML entities eta's escaping writes. */
export function unescapeHtml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
