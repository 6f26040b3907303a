import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Headers of every HTML page the service renders (landing, account area, test-mode billing):
 * no framing, no inline script or style, nothing loaded from elsewhere; forms may only go to
 * this service and on to the payment provider's hosted pages. Swagger UI (/docs) brings its
 * own inline code and is not covered.
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
 * A request URL as it may be logged: the values of query parameters that carry a credential
 * (signed billing links, e-mailed sign-in tokens, CSRF tokens) are replaced.
 */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|_csrf|key)=)[^&#]*/gi, '$1[redacted]');
}
