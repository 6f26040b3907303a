import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { DOCUMENT_TYPES } from '../domain/document-types.js';
import { ERROR_CATALOGUE } from '../domain/error-codes.js';

type OpenApiDoc = ReturnType<typeof jsonSchemaTransformObject>;

/**
 * The OpenAPI document, generated from the route schemas the server validates with, plus what
 * a schema cannot say: the multipart form of analyze (read by the handler as it streams), the
 * bearer scheme and the error catalogue. Served at /api/v1/openapi.json; a page at /docs.
 */
export async function installOpenApi(app: FastifyInstance, publicBaseUrl: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Klartext Document Understanding API',
        version: '1.0.0',
        description:
          'Structured JSON from German documents. Every error answers with ' +
          '`{ "error": { "code", "message", "param"?, "request_id" } }`. Error codes:\n\n' +
          Object.entries(ERROR_CATALOGUE)
            .map(([code, e]) => `- \`${code}\` (HTTP ${e.status}): ${e.description}`)
            .join('\n'),
      },
      servers: [{ url: publicBaseUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'kt_live_… or kt_test_… API key' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (documentObject) => withMultipartAnalyze(jsonSchemaTransformObject(documentObject) as OpenApiDoc),
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list' } });
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

function withMultipartAnalyze(doc: OpenApiDoc): OpenApiDoc {
  const paths = (doc as { paths?: Record<string, Record<string, Record<string, unknown>>> }).paths;
  const post = paths?.['/api/v1/analyze']?.post;
  if (post) {
    post.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['document_type', 'file'],
            properties: {
              document_type: { type: 'string', enum: [...DOCUMENT_TYPES] },
              file: { type: 'string', format: 'binary', description: 'PDF, JPG or PNG; at most 10 MB (10485760 bytes)' },
            },
          },
        },
      },
    };
  }
  return doc;
}
