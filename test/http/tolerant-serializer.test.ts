import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Stage } from '../../src/pipeline/model/stage.js';
import { buildPipelineRegistry } from '../../src/pipeline/pipelines.js';
import { statementLines, textPdf } from '../support/documents.js';
import { analyze, closeSharedReader, createOrg, startServer, type TestServer } from '../support/server.js';

/**
 * A finished analysis whose output breaks a documented format (an amount the engine printed
 * oddly) is still answered 200 with its result — never turned into a 500 by the response
 * schema — and the mismatch is logged by path and code, without the value.
 */
const oddRow: Stage = {
  name: 'test-odd-row',
  run(ctx) {
    ctx.slots.tables = [{ name: 'Umsätze', headers: ['Datum', 'Buchungstext', 'Empfänger', 'Betrag'], rows: [['1.10.26', 'Geheimtext', '', '12.5']] }];
  },
};

describe('responses that break their documented formats', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ pipelines: buildPipelineRegistry({ kontoauszug: [oddRow] }) });
  });
  after(async () => {
    await server.close();
    await closeSharedReader();
  });

  it('are sent as they are (200), and the mismatch is logged without document content', async () => {
    const org = await createOrg(server);
    const res = await analyze(server.url, org.apiKey, { documentType: 'kontoauszug', file: await textPdf([statementLines()]) });
    const body = (await res.json()) as { tables: { rows: string[][] }[] };
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.deepEqual(body.tables[0]!.rows[0], ['1.10.26', 'Geheimtext', '', '12.5']);
    const warning = server.logs.find((l) => l.includes('does not match its documented schema'));
    assert.ok(warning, 'the mismatch is logged');
    assert.match(warning, /tables\.0\.rows\.0\.(0|3)/);
    assert.ok(!server.logs.some((l) => l.includes('Geheimtext') || l.includes('12.5')), 'no value of the document is logged');
  });
});
