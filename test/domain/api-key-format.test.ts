import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import {
  bearerToken,
  displayPrefix,
  generateApiKey,
  hashApiKey,
  isWellFormedApiKey,
  sameHash,
} from '../../src/domain/api-key-format.js';

const BASE62_32 = /^[0-9A-Za-z]{32}$/;

describe('generateApiKey', () => {
  it('live keys are kt_live_ + 32 base62 characters', () => {
    const key = generateApiKey('live');
    assert.equal(key.length, 'kt_live_'.length + 32);
    assert.ok(key.startsWith('kt_live_'));
    assert.match(key.slice(8), BASE62_32);
    assert.ok(isWellFormedApiKey(key));
  });

  it('test keys are kt_test_ + 32 base62 characters', () => {
    const key = generateApiKey('test');
    assert.ok(key.startsWith('kt_test_'));
    assert.match(key.slice(8), BASE62_32);
    assert.ok(isWellFormedApiKey(key));
  });

  it('10 000 keys are all distinct and well formed', () => {
    const keys = new Set<string>();
    for (let i = 0; i < 10_000; i++) {
      const key = generateApiKey('live');
      assert.ok(isWellFormedApiKey(key), key);
      keys.add(key);
    }
    assert.equal(keys.size, 10_000);
  });

  it('display prefixes of many keys are mostly distinct (the secret part is random from its first char)', () => {
    const prefixes = new Set<string>();
    for (let i = 0; i < 500; i++) prefixes.add(displayPrefix(generateApiKey('live')));
    // 62^4 ≈ 14.8 M possibilities: 500 draws collide rarely; a constant prefix would give 1.
    assert.ok(prefixes.size > 490, `only ${prefixes.size} distinct prefixes`);
  });
});

describe('isWellFormedApiKey', () => {
  const good = 'kt_live_' + 'aB3'.repeat(10) + 'xY';
  it('accepts a valid live and test key', () => {
    assert.equal(good.length, 40);
    assert.ok(isWellFormedApiKey(good));
    assert.ok(isWellFormedApiKey(good.replace('live', 'test')));
  });
  const bad: [string, string][] = [
    ['31 chars', good.slice(0, -1)],
    ['33 chars', good + 'a'],
    ['empty secret', 'kt_live_'],
    ['empty string', ''],
    ['dash', good.slice(0, -1) + '-'],
    ['underscore', good.slice(0, -1) + '_'],
    ['non-ASCII letter', good.slice(0, -1) + 'ä'],
    ['space inside', good.slice(0, 20) + ' ' + good.slice(21)],
    ['trailing newline', good + '\n'],
    ['leading space', ' ' + good],
    ['other mode', good.replace('live', 'prod')],
    ['upper-case prefix', good.replace('kt_live_', 'KT_LIVE_')],
    ['other vendor prefix', good.replace('kt_', 'sk_')],
    ['no prefix', good.slice(8)],
    ['missing underscore', good.replace('kt_live_', 'kt_live')],
  ];
  for (const [label, token] of bad) {
    it(`rejects ${label}`, () => assert.equal(isWellFormedApiKey(token), false, JSON.stringify(token)));
  }
});

describe('hashApiKey', () => {
  it('is the SHA-256 hex digest of the whole key, deterministic', () => {
    const key = generateApiKey('live');
    const expected = createHash('sha256').update(key).digest('hex');
    assert.equal(hashApiKey(key), expected);
    assert.equal(hashApiKey(key), hashApiKey(key));
    assert.match(hashApiKey(key), /^[0-9a-f]{64}$/);
  });

  it('matches the published SHA-256 test vector', () => {
    assert.equal(hashApiKey('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('differs for keys differing in one character', () => {
    const key = generateApiKey('live');
    const other = key.slice(0, -1) + (key.endsWith('a') ? 'b' : 'a');
    assert.notEqual(hashApiKey(key), hashApiKey(other));
  });

  it('sameHash compares digests', () => {
    const h = hashApiKey('x');
    assert.ok(sameHash(h, hashApiKey('x')));
    assert.equal(sameHash(h, hashApiKey('y')), false);
    assert.equal(sameHash(h, h.slice(0, 62)), false);
  });
});

describe('displayPrefix', () => {
  it('shows the mode prefix and the first 4 characters of the secret, never the whole secret', () => {
    assert.equal(displayPrefix('kt_live_Ab3xQQQQQQQQQQQQQQQQQQQQQQQQQQQQ'), 'kt_live_Ab3x');
    assert.equal(displayPrefix('kt_test_9zZ0QQQQQQQQQQQQQQQQQQQQQQQQQQQQ'), 'kt_test_9zZ0');
    const key = generateApiKey('live');
    assert.ok(key.startsWith(displayPrefix(key)));
    assert.ok(displayPrefix(key).length < key.length - 16);
  });
});

describe('bearerToken', () => {
  const key = 'kt_live_' + 'a'.repeat(32);
  it('takes the token from "Bearer <token>"', () => assert.equal(bearerToken(`Bearer ${key}`), key));
  it('scheme is case-insensitive', () => {
    assert.equal(bearerToken(`bearer ${key}`), key);
    assert.equal(bearerToken(`BEARER ${key}`), key);
    assert.equal(bearerToken(`BeArEr ${key}`), key);
  });
  it('tolerates several spaces or a tab after the scheme and trailing blanks', () => {
    assert.equal(bearerToken(`Bearer    ${key}`), key);
    assert.equal(bearerToken(`Bearer\t${key}`), key);
    assert.equal(bearerToken(`Bearer ${key}  `), key);
  });
  it('null when missing or empty', () => {
    assert.equal(bearerToken(undefined), null);
    assert.equal(bearerToken(''), null);
    assert.equal(bearerToken('Bearer'), null);
    assert.equal(bearerToken('Bearer '), null);
  });
  it('null for another scheme', () => {
    assert.equal(bearerToken(`Basic ${Buffer.from('user:pass').toString('base64')}`), null);
    assert.equal(bearerToken(`Token ${key}`), null);
    assert.equal(bearerToken(key), null, 'a bare key without scheme');
    assert.equal(bearerToken(`Bearerkt_live_${'a'.repeat(32)}`), null, 'no separator after the scheme');
  });
  it('null when two tokens follow the scheme', () => {
    assert.equal(bearerToken(`Bearer ${key} ${key}`), null);
  });
});
