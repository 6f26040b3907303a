import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { MAX_UPLOAD_BYTES } from '../../src/domain/file-kind.js';
import { MAX_ECHOED_NAME } from '../../src/http/echoed-text.js';
import { backends } from '../support/databases.js';
import { invitationLines, payslipLines, statementLines, textPdf, TINY_PNG } from '../support/documents.js';
import { buildPipelineRegistry } from '../../src/pipeline/pipelines.js';
import { faultingPipelines } from '../support/pipelines.js';
import { addKey, analyze, closeSharedReader, createOrg, errorOf, startServer, type TestOrg, type TestServer } from '../support/server.js';

/**
 * Every row of the seed's error table triggered for real over HTTP, with the body shape of
 * SPEC §2, plus the framework-level errors (404, 405, unreadable bodies) and the check order.
 */
after(closeSharedReader);

for (const backend of backends()) {
  describe(`analyze errors (${backend})`, () => {
    let server: TestServer;
    let org: TestOrg;
    let payslip: Uint8Array;
    let statement: Uint8Array;

    before(async () => {
      server = await startServer({ backend });
      org = await createOrg(server, { tier: 'business' });
      payslip = await textPdf([payslipLines()]);
      statement = await textPdf([statementLines()]);
    });
    after(() => server.close());

    test('401 invalid_api_key without an Authorization header', async () => {
      const res = await analyze(server.url, null, { documentType: 'lohnabrechnung', file: payslip });
      assert.equal(res.status, 401);
      const e = await errorOf(res);
      assert.equal(e.code, 'invalid_api_key');
      assert.match(e.message, /Authorization: Bearer/);
    });

    test('401 invalid_api_key for an unknown and for a malformed key', async () => {
      for (const key of ['kt_live_' + 'A'.repeat(32), 'not-a-key', 'kt_live_short']) {
        const res = await analyze(server.url, key, { documentType: 'lohnabrechnung', file: payslip });
        assert.equal(res.status, 401);
        assert.equal((await errorOf(res)).code, 'invalid_api_key');
      }
    });

    test('401 revoked_api_key after revocation, and it wins over a bad file (check order)', async () => {
      const second = await addKey(server, org.organizationId, ['analyze:write']);
      await server.store.revokeApiKey(second.keyId, server.clock.now());
      const res = await analyze(server.url, second.apiKey, { documentType: 'nonsense', file: Buffer.from('garbage') });
      assert.equal(res.status, 401);
      assert.equal((await errorOf(res)).code, 'revoked_api_key');
    });

    test('403 insufficient_scope for a key without analyze:write', async () => {
      const readOnly = await addKey(server, org.organizationId, ['usage:read']);
      const res = await analyze(server.url, readOnly.apiKey, { documentType: 'lohnabrechnung', file: payslip });
      assert.equal(res.status, 403);
      const e = await errorOf(res);
      assert.equal(e.code, 'insufficient_scope');
      assert.match(e.message, /analyze:write/);
    });

    test('400 invalid_request when document_type is missing', async () => {
      const res = await analyze(server.url, org.apiKey, { documentType: null, file: payslip });
      assert.equal(res.status, 400);
      const e = await errorOf(res);
      assert.deepEqual([e.code, e.param], ['invalid_request', 'document_type']);
    });

    test('400 document_type_unsupported for an unknown type', async () => {
      const res = await analyze(server.url, org.apiKey, { documentType: 'rechnung', file: payslip });
      assert.equal(res.status, 400);
      const e = await errorOf(res);
      assert.deepEqual([e.code, e.param], ['document_type_unsupported', 'document_type']);
      assert.match(e.message, /kontoauszug/);
    });

    test('400 invalid_request when the file is missing', async () => {
      const res = await analyze(server.url, org.apiKey, { documentType: 'lohnabrechnung', file: null });
      assert.equal(res.status, 400);
      const e = await errorOf(res);
      assert.deepEqual([e.code, e.param], ['invalid_request', 'file']);
      assert.match(e.message, /missing/);
    });

    test('400 invalid_request for an empty file', async () => {
      const res = await analyze(server.url, org.apiKey, { documentType: 'lohnabrechnung', file: new Uint8Array(0) });
      assert.equal(res.status, 400);
      const e = await errorOf(res);
      assert.equal(e.code, 'invalid_request');
      assert.match(e.message, /empty/);
    });

    test('400 invalid_request for a file that is not PDF, JPG or PNG, whatever its declared type', async () => {
      const res = await analyze(server.url, org.apiKey, {
        documentType: 'lohnabrechnung',
        file: Buffer.from('PK\u0003\u0004 a zip archive pretending to be a PDF'),
        contentType: 'application/pdf',
      });
      assert.equal(res.status, 400);
      const e = await errorOf(res);
      assert.deepEqual([e.code, e.param], ['invalid_request', 'file']);
      assert.match(e.message, /PDF, JPG or PNG/);
    });

    test('400 invalid_request for a file over 10 MB; exactly 10 MB passes the size check', async () => {
      const over = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x20);
      over.write('%PDF-1.4\n', 0, 'latin1');
      const res = await analyze(server.url, org.apiKey, { documentType: 'lohnabrechnung', file: over });
      assert.equal(res.status, 400);
      const e = await errorOf(res);
      assert.deepEqual([e.code, e.param], ['invalid_request', 'file']);
      assert.match(e.message, /10 MB/);

      const exact = Buffer.alloc(MAX_UPLOAD_BYTES, 0x20);
      exact.write('%PDF-1.4\n', 0, 'latin1');
      const atLimit = await analyze(server.url, org.apiKey, { documentType: 'lohnabrechnung', file: exact });
      assert.equal(atLimit.status, 400);
      const e2 = await errorOf(atLimit);
      assert.equal(e2.code, 'invalid_request');
      assert.doesNotMatch(e2.message, /10 MB/, 'a file of exactly 10 MiB is not too large; it fails later as a broken PDF');
    });

    test('400 invalid_request for a second file, an unknown field, or a body that is not multipart', async () => {
      const two = await analyze(server.url, org.apiKey, {
        documentType: 'lohnabrechnung',
        file: payslip,
        extraFiles: [{ field: 'file', bytes: payslip }],
      });
      assert.equal(two.status, 400);
      assert.equal((await errorOf(two)).code, 'invalid_request');

      const unknown = await analyze(server.url, org.apiKey, { documentType: 'lohnabrechnung', file: payslip, extraFields: { language: 'de' } });
      assert.equal(unknown.status, 400);
      assert.equal((await errorOf(unknown)).param, 'language');

      const json = await fetch(`${server.url}/api/v1/analyze`, {
        method: 'POST',
        headers: { authorization: `Bearer ${org.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ document_type: 'lohnabrechnung' }),
      });
      assert.equal(json.status, 400);
      assert.match((await errorOf(json)).message, /multipart\/form-data/);
    });

    test('a part named file without a filename is read as the file, not refused as an unknown field', async () => {
      // curl -F 'file=<scan.pdf' and some form libraries send the file without filename=.
      const form = (fileHeaders: string, bytes: Uint8Array) =>
        Buffer.concat([
          Buffer.from('--XYZ\r\nContent-Disposition: form-data; name="document_type"\r\n\r\nlohnabrechnung\r\n'),
          Buffer.from(`--XYZ\r\nContent-Disposition: form-data; name="file"\r\n${fileHeaders}\r\n`),
          Buffer.from(bytes),
          Buffer.from('\r\n--XYZ--\r\n'),
        ]);
      // Its own organization: the 200 here is billed, and the last test checks the shared one is not.
      const own = await createOrg(server, { tier: 'business' });
      const post = (body: Buffer) =>
        fetch(`${server.url}/api/v1/analyze`, {
          method: 'POST',
          headers: { authorization: `Bearer ${own.apiKey}`, 'content-type': 'multipart/form-data; boundary=XYZ' },
          body,
        });
      const read = await post(form('Content-Type: application/pdf\r\n', payslip));
      assert.equal(read.status, 200, JSON.stringify(await read.clone().json()));
      assert.equal(((await read.json()) as { document_type: string }).document_type, 'lohnabrechnung');

      // Without any Content-Type either, and not a document: refused as a file, by its bytes.
      const refused = await post(form('', Buffer.from('just some text')));
      assert.equal(refused.status, 400);
      const e = await errorOf(refused);
      assert.deepEqual([e.code, e.param], ['invalid_request', 'file']);
      assert.match(e.message, /PDF, JPG or PNG/);
    });

    test('HEIC and AVIF uploads are refused with the format named', async () => {
      // The first bytes of an iPhone photo (ISO BMFF 'ftyp' box, brand heic); a real AVIF image.
      const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(64)]);
      const avif = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#ffffff' } }).avif().toBuffer();
      for (const [format, bytes] of [['HEIC', heic], ['AVIF', avif]] as const) {
        const res = await analyze(server.url, org.apiKey, { documentType: 'lohnabrechnung', file: bytes, contentType: 'image/jpeg' });
        assert.equal(res.status, 400);
        const e = await errorOf(res);
        assert.deepEqual([e.code, e.param], ['invalid_request', 'file']);
        assert.equal(e.message, `${format} images are not supported; send JPG, PNG or PDF.`);
      }
    });

    test('400 invalid_request for multipart bodies that cannot be parsed', async () => {
      const headers = (contentType: string) => ({ authorization: `Bearer ${org.apiKey}`, 'content-type': contentType });
      const bodies: [string, string][] = [
        ['multipart/form-data; boundary=XYZ', 'this is not multipart at all'],
        ['multipart/form-data', '--x\r\n'],
        [
          'multipart/form-data; boundary=XYZ',
          '--XYZ\r\nContent-Disposition: form-data; name="document_type"\r\n\r\nmahnung\r\n--XYZ\r\n' +
            'Content-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 truncated',
        ],
      ];
      for (const [contentType, body] of bodies) {
        const res = await fetch(`${server.url}/api/v1/analyze`, { method: 'POST', headers: headers(contentType), body });
        assert.equal(res.status, 400, `${contentType} / ${body.slice(0, 20)}`);
        assert.equal((await errorOf(res)).code, 'invalid_request');
      }
    });

    test('400 invalid_request for a PDF that cannot be opened', async () => {
      const broken = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x41)]);
      const res = await analyze(server.url, org.apiKey, { documentType: 'lohnabrechnung', file: broken });
      assert.equal(res.status, 400);
      const e = await errorOf(res);
      assert.deepEqual([e.code, e.param], ['invalid_request', 'file']);
    });

    test('400 invalid_request for more pages than the configured maximum', async () => {
      const small = await startServer({ db: server.db, config: { maxPages: 2 } });
      try {
        const three = await textPdf([payslipLines(), payslipLines(), payslipLines()]);
        const res = await analyze(small.url, org.apiKey, { documentType: 'lohnabrechnung', file: three });
        assert.equal(res.status, 400);
        const e = await errorOf(res);
        assert.equal(e.code, 'invalid_request');
        assert.match(e.message, /page/i);
      } finally {
        await small.close();
      }
    });

    test('422 document_not_recognized for a payslip sent as kontoauszug and for an unrelated letter', async () => {
      const res = await analyze(server.url, org.apiKey, { documentType: 'kontoauszug', file: payslip });
      assert.equal(res.status, 422);
      const e = await errorOf(res);
      assert.equal(e.code, 'document_not_recognized');
      assert.match(e.message, /payslip/);

      const letter = await textPdf([invitationLines()]);
      const res2 = await analyze(server.url, org.apiKey, { documentType: 'mahnung', file: letter });
      assert.equal(res2.status, 422);
      assert.equal((await errorOf(res2)).code, 'document_not_recognized');
    });

    test('500 processing_failed where a pipeline has no stage that produces its result, never a made-up result', async () => {
      const bare = await startServer({ db: server.db, pipelines: buildPipelineRegistry({ kontoauszug: [] }) });
      try {
        const res = await analyze(bare.url, org.apiKey, { documentType: 'kontoauszug', file: statement });
        assert.equal(res.status, 500);
        const e = await errorOf(res);
        assert.equal(e.code, 'processing_failed');
        assert.match(e.message, /not available/);
      } finally {
        await bare.close();
      }
    });

    test('500 processing_failed when a stage faults, with no internals in the body', async () => {
      const faulty = await startServer({ db: server.db, pipelines: faultingPipelines() });
      try {
        const res = await analyze(faulty.url, org.apiKey, { documentType: 'lohnabrechnung', file: payslip });
        assert.equal(res.status, 500);
        const text = await res.clone().text();
        assert.equal((await errorOf(res)).code, 'processing_failed');
        assert.doesNotMatch(text, /exploded|at .*\.ts:\d+|stack/i);
      } finally {
        await faulty.close();
      }
    });

    test('images are sniffed from their bytes: a blank PNG declared as text/plain is read, then not recognised', async () => {
      const blank = await sharp({ create: { width: 1240, height: 1754, channels: 3, background: '#ffffff' } }).png().toBuffer();
      const res = await analyze(server.url, org.apiKey, { documentType: 'lohnabrechnung', file: blank, contentType: 'text/plain', filename: 'scan.txt' });
      assert.equal(res.status, 422);
      assert.match((await errorOf(res)).message, /No readable text/);
    });

    test('400 invalid_request for an image that cannot be decoded', async () => {
      const truncated = Buffer.concat([TINY_PNG.subarray(0, 20), Buffer.alloc(100, 0)]);
      const res = await analyze(server.url, org.apiKey, { documentType: 'lohnabrechnung', file: truncated, contentType: 'image/png' });
      assert.equal(res.status, 400);
      const e = await errorOf(res);
      assert.deepEqual([e.code, e.param], ['invalid_request', 'file']);
    });

    test('404 not_found for an unknown route and 405 method_not_allowed with Allow', async () => {
      const missing = await fetch(`${server.url}/api/v1/nothing-here`);
      assert.equal(missing.status, 404);
      const notFound = await errorOf(missing);
      assert.equal(notFound.code, 'not_found');
      assert.equal(notFound.message, 'No route GET /api/v1/nothing-here.');

      // A 15 KB path is not echoed whole: the message repeats a bounded prefix of it.
      const long = `/api/v1/${'a'.repeat(15_000)}`;
      const longMissing = await fetch(`${server.url}${long}`);
      assert.equal(longMissing.status, 404);
      const longError = await errorOf(longMissing);
      assert.equal(longError.message, `No route GET ${long.slice(0, MAX_ECHOED_NAME)}….`);

      const slash = await fetch(`${server.url}/api/v1/usage/`, { headers: { authorization: `Bearer ${org.apiKey}` } });
      assert.equal(slash.status, 200, 'a trailing slash names the same route');
      await slash.body?.cancel();

      const wrong = await fetch(`${server.url}/api/v1/analyze`, { method: 'GET' });
      assert.equal(wrong.status, 405);
      assert.equal(wrong.headers.get('allow'), 'POST');
      assert.equal((await errorOf(wrong)).code, 'method_not_allowed');
    });

    test('400 invalid_request for a JSON body that cannot be parsed', async () => {
      const res = await fetch(`${server.url}/api/v1/billing/checkout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${org.apiKey}`, 'content-type': 'application/json' },
        body: '{"tier": ',
      });
      assert.equal(res.status, 400);
      assert.equal((await errorOf(res)).code, 'invalid_request');
    });

    test('failed calls are not billed', async () => {
      const usage = await fetch(`${server.url}/api/v1/usage`, { headers: { authorization: `Bearer ${org.apiKey}` } });
      const body = (await usage.json()) as { usage: { billable_calls: number } };
      assert.equal(body.usage.billable_calls, 0);
    });
  });
}
