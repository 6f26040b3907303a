import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Headers of every HTML page the service renders (landing, account area, test-mode billing):
 * no framing, no inline script or style, nothing loaded from elsewhere; forms may only go to
 * this service and on to the payment provider's hosted pages. Swagger UI (/docs) brings its
 * own inline code and gets only the framing rule (installFrameDenial).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self' https://checkout.stripe.com https://billing.stripe.com",
  "frame-ancestors 'none'",
].join('; ');

export function setPageHeaders(reply: FastifyReply): void {
  reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  reply.header('X-Frame-Options', 'DENY');
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Referrer-Policy', 'same-origin');
  // Pages show keys, usage and account data: never kept by a shared cache.
  reply.header('Cache-Control', 'no-store');
}

/** Adds the page headers to every HTML response of the encapsulated context `app`. */
export function installPageHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) setPageHeaders(reply);
    return payload;
  });
}

/**
 * Forbids framing of every response under `prefix` (the Swagger UI at /docs, which brings its
 * own inline code and so cannot take CONTENT_SECURITY_POLICY): X-Frame-Options for old
 * browsers, CSP frame-ancestors for the rest, added to a CSP the route set itself. Installed on
 * the root app before the routes it covers (a hook applies to routes registered after it).
 */
export function installFrameDenial(app: FastifyInstance, prefix: string): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?', 1)[0]!;
    if (path === prefix || path.startsWith(`${prefix}/`)) {
      reply.header('X-Frame-Options', 'DENY');
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp !== 'string' || !/frame-ancestors/.test(csp)) {
        reply.header('Content-Security-Policy', typeof csp === 'string' && csp ? `${csp}; frame-ancestors 'none'` : "frame-ancestors 'none'");
      }
    }
    return payload;
  });
}

/**
 * Names of query parameters whose value is treated as a credential: our own (signed billing
 * links, e-mailed sign-in tokens, CSRF and upload tokens) and whatever clients try when a
 * header is awkward (`api_key`, `access_token`, `apikey`, `client_secret`, `password`, …).
 * Matched on the decoded, lower-cased name; generous on purpose — a redacted harmless value
 * costs a log reader nothing, a logged key is a leaked key.
 */
const CREDENTIAL_NAME = /key|token|secret|passw|auth|sig|session|csrf|credential/;

/**
 * A request URL as it may be logged: the value of every query parameter whose name looks like
 * a credential is replaced by `[redacted]`; names, other values and their order stay as sent.
 */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const end = url.indexOf('#', query);
  const search = url.slice(query + 1, end < 0 ? undefined : end);
  const redacted = search
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      return CREDENTIAL_NAME.test(decodedName(pair.slice(0, eq))) ? `${pair.slice(0, eq)}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, query + 1)}${redacted}${end < 0 ? '' : url.slice(end)}`;
}

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    // A malformed escape: judge the raw text (still lower-cased).
    return name.toLowerCase();
  }
}
