import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { ERROR_CATALOGUE, ERROR_CODES } from '../src/domain/error-codes.js';

/** Every error code is documented with its status (docs/api.md) and the seed's rows are exact. */
test('each code of the catalogue is documented with its HTTP status', () => {
  const doc = readFileSync(new URL('../docs/api.md', import.meta.url), 'utf8');
  for (const code of ERROR_CODES) {
    const row = new RegExp(`\\|\\s*${ERROR_CATALOGUE[code].status}\\s*\\|\\s*\`${code}\``);
    assert.match(doc, row, `${code} (${ERROR_CATALOGUE[code].status}) is in docs/api.md`);
  }
});

test('the seed error table maps to exactly these statuses', () => {
  const seed: Record<string, number> = {
    invalid_request: 400,
    document_type_unsupported: 400,
    invalid_api_key: 401,
    revoked_api_key: 401,
    quota_exceeded: 402,
    insufficient_scope: 403,
    document_not_recognized: 422,
    rate_limited: 429,
    processing_failed: 500,
  };
  for (const [code, status] of Object.entries(seed)) {
    assert.equal(ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE]?.status, status, code);
  }
});
