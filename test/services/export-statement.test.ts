import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AnalyzeBody } from '../../src/services/analyze-document.js';
import { exportStatement } from '../../src/services/export-statement.js';
import { giroAccount } from '../pipeline/exports/accounts.js';

/** The export use case shared by the API's `format` field and the CLI: its refusals and its answer. */
const meta = { createdAt: new Date('2026-02-01T08:00:00Z') };
const common = { project_slug: 'klartext-kontoauszug-v1', pages: 1, latency_ms: 5 };

test('an analysis of another document type has nothing to export: 400 invalid_request, param format', () => {
  const body: AnalyzeBody = {
    ...common,
    document_type: 'mahnung',
    analysis: { summary: 'Eine Mahnung.', sections: [], key_numbers: {}, review_flags: [], checks: [] },
  };
  const out = exportStatement(body, 'csv', meta);
  assert.deepEqual(out, { ok: false, error: { code: 'invalid_request', message: "format 'csv' is only available for document_type kontoauszug.", param: 'format' } });
});

test('a statement without accounts (none found, or none reported) cannot be exported: document_not_recognized', () => {
  for (const accounts of [undefined, []]) {
    const body: AnalyzeBody = { ...common, document_type: 'kontoauszug', tables: [], ...(accounts ? { accounts } : {}) };
    const out = exportStatement(body, 'camt053', meta);
    assert.equal(out.ok, false);
    assert.equal(!out.ok && out.error.code, 'document_not_recognized');
  }
});

test('a statement with accounts: the rendered export', () => {
  const body: AnalyzeBody = { ...common, document_type: 'kontoauszug', tables: [], accounts: [giroAccount()] };
  const out = exportStatement(body, 'mt940', meta);
  assert.ok(out.ok);
  assert.equal(out.value.contentType, 'text/plain; charset=us-ascii');
  assert.match(out.value.body, /^:20:KLARTEXT\r\n:25:51210800\/1245126199\r\n/u);
});
