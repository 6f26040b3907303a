/**
 * A typed client generated from the served OpenAPI document (issue 19) — openapi-typescript +
 * openapi-fetch, as a customer would generate one — must compile the natural calls without a
 * single cast: a file as a Blob in the analyze form, a tier from the enum, the portal without
 * a body, the result narrowed by `document_type` down to a key number by its name. Lines
 * marked `@ts-expect-error` prove the types are narrow (an unknown tier, an unknown form
 * field). The same client then makes its calls against the real server.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { statementLines, textPdf } from '../support/documents.js';
import { closeSharedReader, createOrg, startServer, type TestServer } from '../support/server.js';

/** The natural calls, as a customer writes them. No `as` anywhere (the test checks). */
const CLIENT_SOURCE = `import createClient from 'openapi-fetch';
import type { paths } from './schema.js';

export async function naturalCalls(baseUrl: string, apiKey: string, pdf: Blob) {
  // The JSON answers (openapi-fetch's media-type parameter); exports below.
  const client = createClient<paths, 'application/json'>({ baseUrl, headers: { Authorization: \`Bearer \${apiKey}\` } });

  const analyzed = await client.POST('/api/v1/analyze', {
    body: { document_type: 'kontoauszug', file: pdf },
    bodySerializer(body) {
      const form = new FormData();
      form.append('document_type', body.document_type);
      form.append('file', body.file, 'statement.pdf');
      return form;
    },
  });
  let firstAmount: string | undefined;
  let firstPosting: string | undefined;
  let mahnTotal: string | undefined;
  let topics: string[] = [];
  const result = analyzed.data;
  if (result?.document_type === 'kontoauszug') {
    firstAmount = result.tables[0]?.rows[0]?.[3];
    firstPosting = result.accounts?.[0]?.postings[0]?.amount;
  } else if (result?.document_type === 'mahnung') {
    mahnTotal = result.analysis.key_numbers.gesamtforderung?.value;
    topics = result.analysis.review_flags.map((flag) => flag.topic);
  }
  const remaining: string | null = analyzed.response.headers.get('RateLimit-Remaining');

  // The same statement in camt.053, the file an accounting program imports: a client of that media type.
  const files = createClient<paths, 'application/xml'>({ baseUrl, headers: { Authorization: \`Bearer \${apiKey}\` } });
  const exported = await files.POST('/api/v1/analyze', {
    body: { document_type: 'kontoauszug', file: pdf, format: 'camt053' },
    bodySerializer(body) {
      const form = new FormData();
      form.append('document_type', body.document_type);
      if (body.format) form.append('format', body.format);
      form.append('file', body.file, 'statement.pdf');
      return form;
    },
    parseAs: 'text',
  });
  const camt: string | undefined = exported.data;
  const reconciled: string | null = exported.response.headers.get('X-Statement-Reconciled');

  const usage = await client.GET('/api/v1/usage');
  const included: number | undefined = usage.data?.usage.included_calls;
  const periodEnd: string | undefined = usage.data?.period.end;

  const checkout = await client.POST('/api/v1/billing/checkout', { body: { tier: 'starter' } });
  const checkoutUrl: string | undefined = checkout.data?.url;

  const portal = await client.POST('/api/v1/billing/portal');
  const portalCode: string | undefined = portal.error?.error.code;
  const portalParam: string | undefined = portal.error?.error.param;

  return { documentType: result?.document_type, firstAmount, firstPosting, mahnTotal, topics, remaining, camt, reconciled, included, periodEnd, checkoutUrl, portalCode, portalParam };
}

export async function narrowTypes(baseUrl: string, pdf: Blob) {
  const client = createClient<paths>({ baseUrl });
  // @ts-expect-error tier is one of starter, pro, business
  await client.POST('/api/v1/billing/checkout', { body: { tier: 'gold' } });
  // @ts-expect-error the analyze form takes no other field
  await client.POST('/api/v1/analyze', { body: { document_type: 'mahnung', file: pdf, documenttype: 'mahnung' } });
  // @ts-expect-error document_type is one of the six
  await client.POST('/api/v1/analyze', { body: { document_type: 'rechnung', file: pdf } });
  // @ts-expect-error format is one of json, camt053, mt940, csv
  await client.POST('/api/v1/analyze', { body: { document_type: 'kontoauszug', file: pdf, format: 'xlsx' } });
}
`;

const repoRoot = resolve(import.meta.dirname, '..', '..');

after(closeSharedReader);

describe('a client generated from the served OpenAPI document', () => {
  let server: TestServer;
  let dir: string;
  before(async () => {
    server = await startServer();
    dir = mkdtempSync(join(tmpdir(), 'klartext-client-'));
    // The generated client resolves its packages (openapi-fetch, @types/node) from the repository.
    symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  });
  after(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('compiles the natural calls without casts, and they work against the server', { timeout: 180_000 }, async () => {
    const doc: unknown = await (await fetch(`${server.url}/api/v1/openapi.json`)).json();
    const ast = await openapiTS(JSON.stringify(doc), {
      // openapi-typescript's documented recipe for uploads: a binary string is a Blob.
      transform: (schema) => (schema.format === 'binary' ? ts.factory.createTypeReferenceNode('Blob') : undefined),
    });
    writeFileSync(join(dir, 'schema.ts'), astToString(ast));
    writeFileSync(join(dir, 'client.ts'), CLIENT_SOURCE);
    assert.doesNotMatch(CLIENT_SOURCE, /\sas\s/, 'the natural calls need no cast');

    const program = ts.createProgram([join(dir, 'client.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ['lib.es2023.d.ts'],
      types: ['node'],
      skipLibCheck: true,
      allowImportingTsExtensions: false,
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file && d.start !== undefined ? `${d.file.fileName.slice(dir.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}` : '';
      return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
    assert.deepEqual(problems, []);

    const org = await createOrg(server);
    const client = (await import(pathToFileURL(join(dir, 'client.ts')).href)) as {
      naturalCalls(baseUrl: string, apiKey: string, pdf: Blob): Promise<Record<string, unknown>>;
    };
    const pdf = new Blob([await textPdf([statementLines()])], { type: 'application/pdf' });
    const seen = await client.naturalCalls(server.url, org.apiKey, pdf);
    assert.equal(seen.documentType, 'kontoauszug');
    assert.match(String(seen.firstAmount), /^-?\d{1,3}(\.\d{3})*,\d{2}$/);
    assert.equal(seen.included, 50);
    assert.match(String(seen.periodEnd), /^\d{4}-\d{2}-\d{2}T/);
    assert.match(String(seen.checkoutUrl), /^http:\/\/127\.0\.0\.1:\d+\/billing\/test-mode\/checkout\?token=/);
    assert.equal(seen.portalCode, 'invalid_request', 'a trial without a subscription has no portal');
    assert.match(String(seen.remaining), /^\d+$/);
    assert.match(String(seen.camt), /^<\?xml[^>]*>\s*<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.08"/);
    assert.equal(seen.reconciled, 'true');
    assert.match(String(seen.firstPosting), /^-?\d+\.\d{2}$/);
  });
});
