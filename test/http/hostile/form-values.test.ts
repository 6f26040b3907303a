import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { statementLines, textPdf } from '../../support/documents.js';
import { answeringPipelines } from '../../support/pipelines.js';
import { analyze, closeSharedReader, createOrg, errorOf, startServer, type TestOrg, type TestServer } from '../../support/server.js';

/**
 * Issue 10 §7: form values a hostile client sends. Only ASCII whitespace around document_type
 * is forgiven (a no-break space is not whitespace a form adds by accident), and a field name
 * of tens of kilobytes is not echoed whole in the error.
 */
after(closeSharedReader);

describe('hostile form values', () => {
  let server: TestServer;
  let org: TestOrg;
  let pdf: Uint8Array;
  before(async () => {
    server = await startServer({ pipelines: answeringPipelines() });
    org = await createOrg(server, { tier: 'business' });
    pdf = await textPdf([statementLines()]);
  });
  after(() => server.close());

  test('document_type "kontoauszug\\u00a0" is refused as unsupported', async () => {
    const res = await analyze(server.url, org.apiKey, { documentType: 'kontoauszug\u00a0', file: pdf });
    assert.equal(res.status, 400);
    const error = await errorOf(res);
    assert.equal(error.code, 'document_type_unsupported');
    assert.equal(error.param, 'document_type');
  });

  test('ASCII whitespace around document_type (a trailing newline) is still accepted', async () => {
    const res = await analyze(server.url, org.apiKey, { documentType: ' kontoauszug\r\n', file: pdf });
    assert.equal(res.status, 200);
    await res.body?.cancel();
  });

  test('a 60 KB field name is refused by name, cut to 64 characters in message and param', async () => {
    const name = 'x'.repeat(60 * 1024);
    const res = await analyze(server.url, org.apiKey, { documentType: 'kontoauszug', file: pdf, extraFields: { [name]: 'v' } });
    assert.equal(res.status, 400);
    const error = await errorOf(res);
    assert.equal(error.code, 'invalid_request');
    assert.equal(error.param, `${'x'.repeat(64)}…`);
    assert.ok(error.message.length < 200, `a short message (${error.message.length} characters)`);
    assert.match(error.message, /^Unknown field 'x{64}…'\.$/);
  });
});
