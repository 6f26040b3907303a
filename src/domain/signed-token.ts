import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Compact HMAC-SHA256-signed tokens (`payload.signature`, both base64url) for links that must
 * work on every instance without shared state, e.g. the test-mode checkout page. The payload
 * carries its own expiry (`exp`, epoch ms); a token past it, or with a bad signature, is null.
 */
export function signToken(payload: Record<string, unknown> & { exp: number }, secret: string): string {
  const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  const sig = createHmac('sha256', secret).update(body).digest('base64url');
  return `${body}.${sig}`;
}

export function verifyToken<T extends { exp: number }>(token: string, secret: string, now: Date): T | null {
  const [body, sig, extra] = token.split('.');
  if (!body || !sig || extra !== undefined) return null;
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
    if (typeof payload.exp !== 'number' || payload.exp < now.getTime()) return null;
    return payload;
  } catch {
    return null;
  }
}
