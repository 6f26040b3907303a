import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import mt940js from 'mt940js';
import { fixtureFor, textLayerPdf } from '../../scripts/fixtures/kontoauszug/generate.js';
import { LAYOUTS } from '../../scripts/fixtures/kontoauszug/layouts.js';
import { camtSchemaErrors } from '../support/camt-schema.js';
import { payslipLines, statementLines, textPdf } from '../support/documents.js';
import { analyze, closeSharedReader, createOrg, errorOf, getJson, startServer, type TestServer } from '../support/server.js';

/**
 * The form field `format` on POST /api/v1/analyze (SPEC §8a): a statement answered as the file
 * an accounting program imports, through the real reading layer and kontoauszug stage. A format
 * that cannot be given is refused before the document is read, and not billed.
 */
describe('analyze with format', () => {
  let server: TestServer;
  let statement: Uint8Array;
  let postings: number;
  before(async () => {
    server = await startServer();
    const layout = LAYOUTS.find((l) => !l.pending && !l.textLayer)!;
    const fixture = fixtureFor(layout, 3);
    postings = fixture.expected.tables.reduce((n, t) => n + t.rows.length, 0);
    statement = await textLayerPdf(fixture);
  });
  after(async () => {
    await server.close();
    await closeSharedReader();
  });

  async function billed(apiKey: string): Promise<number> {
    const res = await getJson(server.url, '/api/v1/usage', apiKey);
    return ((await res.json()) as { usage: { billable_calls: number } }).usage.billable_calls;
  }

  it('camt053: valid ISO 20022 camt.053.001.08 with one entry per posting, as an attachment, billed once', async () => {
    const org = await createOrg(server);
    const res = await analyze(server.url, org.apiKey, { documentType: 'kontoauszug', file: statement, extraFields: { format: 'camt053' } });
    const xml = await res.text();
    assert.equal(res.status, 200, xml.slice(0, 300));
    assert.match(res.headers.get('content-type') ?? '', /^application\/xml/);
    assert.equal(res.headers.get('content-disposition'), 'attachment; filename="kontoauszug.camt053.xml"');
    assert.equal(res.headers.get('x-statement-reconciled'), 'true');
    assert.deepEqual(await camtSchemaErrors(xml), []);
    assert.equal(xml.match(/<Ntry>/g)?.length, postings);
    assert.equal(await billed(org.apiKey), 1);
  });

  it('mt940: read back by an independent parser with the same number of postings; csv: UTF-8 with a byte order mark, a row per posting', async () => {
    const org = await createOrg(server);
    const mt = await analyze(server.url, org.apiKey, { documentType: 'kontoauszug', file: statement, extraFields: { format: 'mt940' } });
    const text = await mt.text();
    assert.equal(mt.status, 200, text.slice(0, 300));
    assert.match(mt.headers.get('content-type') ?? '', /^text\/plain/);
    const parsed = new mt940js.Parser().parse(text);
    assert.equal(parsed.reduce((n: number, s: { transactions: unknown[] }) => n + s.transactions.length, 0), postings);

    const csv = await analyze(server.url, org.apiKey, { documentType: 'kontoauszug', file: statement, extraFields: { format: 'csv' } });
    const bytes = Buffer.from(await csv.arrayBuffer());
    assert.equal(csv.status, 200);
    assert.match(csv.headers.get('content-type') ?? '', /^text\/csv/);
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').trim().split(/\r\n/);
    assert.ok(lines.length >= postings + 1, `${lines.length} lines for ${postings} postings`);
    assert.equal(await billed(org.apiKey), 2);
  });

  it('a statement whose balances do not agree is still exported, and says so', async () => {
    const org = await createOrg(server);
    const lines = statementLines().map((l) => l.replace('2.458,10', '2.999,99'));
    const res = await analyze(server.url, org.apiKey, { documentType: 'kontoauszug', file: await textPdf([lines]), extraFields: { format: 'camt053' } });
    const xml = await res.text();
    assert.equal(res.status, 200, xml.slice(0, 300));
    assert.equal(res.headers.get('x-statement-reconciled'), 'false');
    assert.deepEqual(await camtSchemaErrors(xml), []);
  });

  it('json (or no format) is the analysis itself', async () => {
    const org = await createOrg(server);
    const res = await analyze(server.url, org.apiKey, { documentType: 'kontoauszug', file: statement, extraFields: { format: 'json' } });
    const body = (await res.json()) as { accounts?: { postings: unknown[] }[] };
    assert.equal(res.status, 200);
    assert.equal(body.accounts?.reduce((n, a) => n + a.postings.length, 0), postings);
  });

  it('an unknown format, or an export of another document type, is 400 (param format) and not billed', async () => {
    const org = await createOrg(server);
    const unknown = await analyze(server.url, org.apiKey, { documentType: 'kontoauszug', file: statement, extraFields: { format: 'xlsx' } });
    assert.equal(unknown.status, 400);
    const e1 = await errorOf(unknown);
    assert.equal(e1.code, 'invalid_request');
    assert.equal(e1.param, 'format');
    const letter = await analyze(server.url, org.apiKey, { documentType: 'lohnabrechnung', file: await textPdf([payslipLines()]), extraFields: { format: 'mt940' } });
    assert.equal(letter.status, 400);
    const e2 = await errorOf(letter);
    assert.equal(e2.param, 'format');
    assert.match(e2.message, /only available for document_type kontoauszug/);
    assert.equal(await billed(org.apiKey), 0);
  });
});
