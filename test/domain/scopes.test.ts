import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isScope, parseScopes, SCOPES } from '../../src/domain/scopes.js';

describe('parseScopes', () => {
  it('parses one scope', () => {
    assert.deepEqual(parseScopes('usage:read'), { ok: true, scopes: ['usage:read'] });
  });

  it('parses all three, comma-separated with blanks around', () => {
    const r = parseScopes(' analyze:write , usage:read,billing:write ');
    assert.ok(r.ok);
    assert.deepEqual([...r.scopes].sort(), [...SCOPES].sort());
  });

  it('drops duplicates and empty items', () => {
    assert.deepEqual(parseScopes('usage:read,,usage:read,'), { ok: true, scopes: ['usage:read'] });
  });

  it('reports every unknown name', () => {
    assert.deepEqual(parseScopes('usage:read,admin,analyze:read'), { ok: false, unknown: ['admin', 'analyze:read'] });
  });

  it('is case-sensitive: USAGE:READ is not a scope', () => {
    assert.deepEqual(parseScopes('USAGE:READ'), { ok: false, unknown: ['USAGE:READ'] });
  });

  it('an empty list is refused (a key without scopes is useless)', () => {
    for (const empty of ['', ' ', ',', ' , ']) {
      const r = parseScopes(empty);
      assert.equal(r.ok, false, JSON.stringify(empty));
    }
  });

  it('isScope knows exactly the three scopes of SPEC §3', () => {
    assert.deepEqual([...SCOPES].sort(), ['analyze:write', 'billing:write', 'usage:read']);
    assert.equal(isScope('usage:write'), false);
    assert.equal(isScope(''), false);
  });
});
