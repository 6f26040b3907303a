import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { readingFixture } from '../../../scripts/fixtures/generate.js';
import { backends } from '../../support/databases.js';
import { answeringPipelines } from '../../support/pipelines.js';
import { analyze, auditRecordsOf, closeSharedReader, createOrg, getJson, startServer, type TestServer } from '../../support/server.js';

/**
 * Issue 10 §4: a file part named `filename*=UTF-8''x%0D%0Ay.pdf` (a line break once decoded)
 * with a real statement as its body. The multipart parser skips that part and, on a body of
 * more than a few chunks, stops reading: the request used to get no answer at all while its
 * quota reservation was held. It must end with a 400 once the body is in, and give the
 * reservation back.
 */
after(closeSharedReader);

function postRaw(url: string, apiKey: string, body: Buffer, boundary: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/api/v1/analyze`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    // Far beyond the bound the server must keep; only here so a regression fails, not hangs.
    req.setTimeout(60_000, () => req.destroy(new Error('no answer within 60 s')));
    req.end(body);
  });
}

for (const backend of backends()) {
  describe(`a file part whose name decodes to a line break (${backend})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startServer({ backend, pipelines: answeringPipelines() });
    });
    after(() => server.close());

    test('answered 400 invalid_request; the reservation is given back and nothing billed', async () => {
      const org = await createOrg(server);
      const statement = await readingFixture('statement3');
      const boundary = '----klartext-hostile-4';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="document_type"\r\n\r\nkontoauszug\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''x%0D%0Ay.pdf\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        Buffer.from(statement),
        // A PDF comment after the file's end, so the part spans several chunks whatever size the
        // fixture's PDF has (its fonts are subset since issue 20: ~20 KB).
        Buffer.from(`\n%${'x'.repeat(80 * 1024)}\n`),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      assert.ok(body.length > 64 * 1024, 'a body of several chunks');
      const res = await postRaw(server.url, org.apiKey, body, boundary);
      assert.equal(res.status, 400);
      assert.equal((JSON.parse(res.body) as { error: { code: string } }).error.code, 'invalid_request');
      const [record] = await auditRecordsOf(server, org.organizationId, 1);
      assert.equal(record?.statusCode, 400);

      // The trial's reservation was released: nothing billed, and the next call goes through.
      const ok = await analyze(server.url, org.apiKey, { documentType: 'kontoauszug', file: statement });
      assert.equal(ok.status, 200);
      const usage = (await (await getJson(server.url, '/api/v1/usage', org.apiKey)).json()) as { usage: { billable_calls: number } };
      assert.equal(usage.usage.billable_calls, 1);
    });
  });
}
