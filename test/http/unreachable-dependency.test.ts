import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isUnreachableDependency } from '../../src/http/errors.js';

/** Which thrown errors become 503 service_unavailable instead of 500 internal_error. */
test('connection faults are recognized, through cause and AggregateError', () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
  assert.equal(isUnreachableDependency(withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')), true);
  assert.equal(isUnreachableDependency(withCode('ECONNRESET', 'read ECONNRESET')), true);
  assert.equal(isUnreachableDependency(withCode('ETIMEDOUT')), true);
  assert.equal(isUnreachableDependency(withCode('57P01', 'terminating connection due to administrator command')), true);
  assert.equal(isUnreachableDependency(withCode('08006')), true);
  assert.equal(isUnreachableDependency(new Error('timeout exceeded when trying to connect')), true);
  assert.equal(isUnreachableDependency(new Error('Connection terminated unexpectedly')), true);
  assert.equal(isUnreachableDependency(new AggregateError([withCode('ECONNREFUSED')], 'connect failed')), true);
  assert.equal(isUnreachableDependency(new Error('Cannot open PostgreSQL', { cause: withCode('ECONNREFUSED') })), true);
});

test('other faults stay internal errors', () => {
  const withCode = (code: string) => Object.assign(new Error('x'), { code });
  assert.equal(isUnreachableDependency(new Error('boom')), false);
  assert.equal(isUnreachableDependency(withCode('23505')), false, 'unique violation is a bug, not an outage');
  assert.equal(isUnreachableDependency(withCode('42P01')), false, 'missing table');
  assert.equal(isUnreachableDependency(withCode('ENOENT')), false);
  assert.equal(isUnreachableDependency(new TypeError('x is undefined')), false);
  assert.equal(isUnreachableDependency('ECONNREFUSED'), false);
  assert.equal(isUnreachableDependency(undefined), false);
});
