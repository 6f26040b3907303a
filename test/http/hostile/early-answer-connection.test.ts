/**
 * An answer given before the request body was read to its end (issue 10, found by `npm run
 * fuzz`): the unread rest of the body stays on the connection, and a client that sends its next
 * request on the same keep-alive connection got no answer at all. The answer now says
 * `Connection: close`; the next request, on one connection that the client reuses, is answered.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Agent, request } from 'undici';
import { closeSharedReader, createOrg, startServer, type TestServer } from '../../support/server.js';
import { payslipLines, textPdf } from '../../support/documents.js';

/** A multipart body, parts in the given order; a file part as bytes. */
function multipart(boundary: string, parts: ({ name: string; value: string } | { name: string; file: Uint8Array })[]): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('value' in p) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    else chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`), Buffer.from(p.file), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

describe('an answer before the body is read', () => {
  let server: TestServer;
  let apiKey: string;
  // One connection, reused: the second request must travel on the connection of the first.
  const agent = new Agent({ connections: 1, pipelining: 1, headersTimeout: 20_000, bodyTimeout: 20_000 });
  before(async () => {
    server = await startServer();
    apiKey = (await createOrg(server, { tier: 'enterprise' })).apiKey;
  });
  after(async () => {
    await agent.close();
    await server.close();
    await closeSharedReader();
  });

  const post = (body: Buffer, boundary: string) =>
    request(`${server.url}/api/v1/analyze`, {
      method: 'POST',
      dispatcher: agent,
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });

  it('closes the connection, and the next request on the reused connection is answered', async () => {
    const big = new Uint8Array(2 * 1024 * 1024).fill(0x41);
    // An unknown field before a 2 MB file: refused at the field, the file never read.
    const refused = await post(multipart('b1', [{ name: 'documenttype', value: 'lohnabrechnung' }, { name: 'file', file: big }]), 'b1');
    const refusedBody = (await refused.body.json()) as { error: { code: string; param?: string } };
    assert.equal(refused.statusCode, 400);
    assert.equal(refusedBody.error.code, 'invalid_request');
    assert.equal(refused.headers.connection, 'close');

    const pdf = await textPdf([payslipLines()]);
    const next = await post(multipart('b2', [{ name: 'document_type', value: 'lohnabrechnung' }, { name: 'file', file: pdf }]), 'b2');
    await next.body.text();
    assert.equal(next.statusCode, 200);
  });

  it('keeps the connection open when the body was read to its end', async () => {
    const pdf = await textPdf([payslipLines()]);
    const res = await post(multipart('b3', [{ name: 'document_type', value: 'not-a-type' }, { name: 'file', file: pdf }]), 'b3');
    await res.body.text();
    assert.equal(res.statusCode, 400);
    assert.notEqual(res.headers.connection, 'close');
  });
});
