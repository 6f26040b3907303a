import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { ERROR_CATALOGUE, ERROR_CODES } from '../../src/domain/error-codes.js';
import { payslipLines, textPdf } from '../support/documents.js';
import { answeringPipelines } from '../support/pipelines.js';
import { analyze, closeSharedReader, createOrg, startServer } from '../support/server.js';

after(closeSharedReader);

describe('operations endpoints', () => {
  test('/healthz and /readyz; readyz is 503 once the database is gone', async () => {
    const server = await startServer();
    try {
      assert.deepEqual(await (await fetch(`${server.url}/healthz`)).json(), { status: 'ok' });
      assert.deepEqual(await (await fetch(`${server.url}/readyz`)).json(), { status: 'ready' });
      await server.store.close();
      const down = await fetch(`${server.url}/readyz`);
      assert.equal(down.status, 503);
      assert.equal(((await down.json()) as { status: string }).status, 'unavailable');
    } finally {
      await server.app.close();
      await server.db.drop();
    }
  });

  test('/metrics counts requests and latency by route, status and document_type', async () => {
    const server = await startServer({ pipelines: answeringPipelines() });
    try {
      const org = await createOrg(server, { tier: 'pro' });
      const pdf = await textPdf([payslipLines()]);
      assert.equal((await analyze(server.url, org.apiKey, { documentType: 'lohnabrechnung', file: pdf })).status, 200);
      assert.equal((await analyze(server.url, org.apiKey, { documentType: 'kontoauszug', file: pdf })).status, 422);
      const text = await (await fetch(`${server.url}/metrics`)).text();
      assert.match(
        text,
        /klartext_http_requests_total\{route="\/api\/v1\/analyze",method="POST",status="200",document_type="lohnabrechnung"\} 1/,
      );
      assert.match(text, /status="422",document_type="kontoauszug"\} 1/);
      assert.match(text, /klartext_http_request_duration_seconds_bucket\{le="0\.5",route="\/api\/v1\/analyze"/);
    } finally {
      await server.close();
    }
  });

  test('OpenAPI document: every route, the multipart form, and every error code', async () => {
    const server = await startServer();
    try {
      const doc = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as {
        openapi: string;
        info: { description: string };
        paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> }; responses: Record<string, unknown> }>>;
        components: { securitySchemes: Record<string, unknown> };
      };
      assert.match(doc.openapi, /^3\./);
      assert.ok(doc.paths['/api/v1/analyze']?.post?.requestBody?.content['multipart/form-data']);
      assert.ok(doc.paths['/api/v1/usage']?.get?.responses['200']);
      assert.ok(doc.paths['/api/v1/billing/checkout']?.post?.requestBody);
      assert.ok(doc.paths['/api/v1/billing/portal']?.post);
      assert.ok(doc.components.securitySchemes.bearerAuth);
      for (const code of ERROR_CODES) {
        assert.ok(doc.info.description.includes(`\`${code}\` (HTTP ${ERROR_CATALOGUE[code].status})`), `${code} documented`);
      }
      const page = await fetch(`${server.url}/docs/`, { redirect: 'follow' });
      assert.equal(page.status, 200);
      assert.match(await page.text(), /swagger/i);
    } finally {
      await server.close();
    }
  });
});
