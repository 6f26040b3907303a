/**
 * The API document is generated from the routes (src/http/openapi.ts): a visible route without
 * an operationId cannot be published — the document refuses to build rather than give a
 * generated client an unnamed method.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { installOpenApi } from '../../src/http/openapi.js';

async function appWith(schema: Record<string, unknown> | undefined) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await installOpenApi(app, 'http://127.0.0.1');
  app.get('/api/v1/example', schema ? { schema } : {}, async () => ({ ok: true }));
  await app.ready();
  return app;
}

test('a visible route without an operationId stops the document; a hidden one or a named one does not', async () => {
  for (const schema of [undefined, { response: { 200: z.object({ ok: z.boolean() }) } }]) {
    const app = await appWith(schema);
    try {
      assert.throws(() => app.swagger(), /Route \/api\/v1\/example is in the API document without an operationId/);
    } finally {
      await app.close();
    }
  }
  const hidden = await appWith({ hide: true });
  try {
    assert.equal((hidden.swagger() as { paths?: Record<string, unknown> }).paths?.['/api/v1/example'], undefined);
  } finally {
    await hidden.close();
  }
  const named = await appWith({ operationId: 'example', response: { 200: z.object({ ok: z.boolean() }) } });
  try {
    const doc = named.swagger() as { paths: Record<string, { get: { operationId: string; responses: Record<string, unknown> } }> };
    assert.equal(doc.paths['/api/v1/example']?.get.operationId, 'example');
    // No scope in the route's config: no gate statuses, only what answers before any route.
    assert.deepEqual(Object.keys(doc.paths['/api/v1/example']!.get.responses).sort(), ['200', '408', '431']);
  } finally {
    await named.close();
  }
});
