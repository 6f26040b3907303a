import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { signToken, verifyToken } from '../../src/domain/signed-token.js';

const SECRET = 'a-test-secret-of-reasonable-length';
const now = new Date('2026-04-01T12:00:00.000Z');
const later = (ms: number) => new Date(now.getTime() + ms);

interface P {
  k: string;
  o: string;
  exp: number;
}

describe('signToken / verifyToken', () => {
  const payload = { k: 'checkout', o: 'org_123', t: 'pro', exp: now.getTime() + 60_000 };

  it('round trip returns the payload', () => {
    const token = signToken(payload, SECRET);
    assert.match(token, /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'two base64url parts');
    assert.deepEqual(verifyToken(token, SECRET, now), payload);
  });

  it('payload with non-ASCII text survives', () => {
    const p = { name: 'Müller & Söhne GmbH – Straße', exp: now.getTime() + 1 };
    assert.deepEqual(verifyToken(signToken(p, SECRET), SECRET, now), p);
  });

  it('tampered payload is refused', () => {
    const token = signToken(payload, SECRET);
    const [, sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...payload, o: 'org_other' })).toString('base64url');
    assert.equal(verifyToken<P>(`${forged}.${sig}`, SECRET, now), null);
  });

  it('tampered signature is refused (one character changed)', () => {
    const token = signToken(payload, SECRET);
    const last = token.at(-1)!;
    const tampered = token.slice(0, -1) + (last === 'A' ? 'B' : 'A');
    assert.equal(verifyToken<P>(tampered, SECRET, now), null);
  });

  it('truncated or extended signature is refused', () => {
    const token = signToken(payload, SECRET);
    assert.equal(verifyToken<P>(token.slice(0, -2), SECRET, now), null);
    assert.equal(verifyToken<P>(token + 'AA', SECRET, now), null);
  });

  it('wrong secret is refused', () => {
    assert.equal(verifyToken<P>(signToken(payload, SECRET), 'another-secret', now), null);
  });

  it('expired token is refused; valid up to and including exp', () => {
    const token = signToken({ k: 'x', o: 'o', exp: now.getTime() + 1000 }, SECRET);
    assert.notEqual(verifyToken<P>(token, SECRET, later(999)), null);
    assert.notEqual(verifyToken<P>(token, SECRET, later(1000)), null);
    assert.equal(verifyToken<P>(token, SECRET, later(1001)), null);
    assert.equal(verifyToken<P>(token, SECRET, later(24 * 3600_000)), null);
  });

  it('a correctly signed payload without a numeric exp is refused', () => {
    const sign = (body: unknown) => signToken(body as { exp: number }, SECRET);
    assert.equal(verifyToken<P>(sign({ k: 'x' }), SECRET, now), null);
    assert.equal(verifyToken<P>(sign({ k: 'x', exp: String(now.getTime() + 1e6) }), SECRET, now), null);
  });

  it('malformed strings are refused without throwing', () => {
    const token = signToken(payload, SECRET);
    const [body, sig] = token.split('.') as [string, string];
    for (const bad of ['', '.', 'abc', 'abc.', '.abc', `${body}.`, `.${sig}`, `${token}.extra`, `${body}..${sig}`, '%%%.###', 'a.b.c.d']) {
      assert.equal(verifyToken<P>(bad, SECRET, now), null, JSON.stringify(bad));
    }
  });

  it('a correctly signed body that is not JSON is refused without throwing', async () => {
    const { createHmac } = await import('node:crypto');
    const body = Buffer.from('not json {', 'utf8').toString('base64url');
    const sig = createHmac('sha256', SECRET).update(body).digest('base64url');
    assert.equal(verifyToken<P>(`${body}.${sig}`, SECRET, now), null);
  });
});
