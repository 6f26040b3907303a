/**
 * The optional LLM refinement against a local HTTP server that speaks the chat-completions
 * protocol: the adapter sends a json_schema request and parses the answer; the merge keeps
 * only numbers printed on the page they are attributed to; failures leave the rule result.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { GENERATORS } from '../../../scripts/fixtures/analysis/index.js';
import { makeTextPdf } from '../../../scripts/fixtures/text-pdf.js';
import { noLlm } from '../../../src/adapters/llm/none.js';
import { createOpenAiCompatibleClient } from '../../../src/adapters/llm/openai-compatible.js';
import { buildPipelineRegistry } from '../../../src/pipeline/pipelines.js';
import { runPipeline } from '../../../src/pipeline/run-pipeline.js';
import { analysisStages } from '../../../src/pipeline/stages/analysis/index.js';
import { mergeRefinement, numbersSupported } from '../../../src/pipeline/stages/analysis/common/llm-refine.js';
import { testReader } from '../helpers.js';

let server: Server;
let url = '';
let answer: { status: number; content: string } = { status: 200, content: '{}' };
const requests: Record<string, unknown>[] = [];

before(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      requests.push({ path: req.url, auth: req.headers.authorization, ...JSON.parse(body) });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: answer.content }, finish_reason: 'stop' }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
after(() => new Promise<void>((r) => server.close(() => r())));
const reader = testReader({ workerPoolSize: 1 });
after(() => reader.close());

describe('numbersSupported', () => {
  it('accepts numbers printed with other separators, rejects invented ones', () => {
    assert.ok(numbersSupported('Nachzahlung 1.234,56 € bis 18.06.2026', 'Nachzahlung 1.234,56 EUR, fällig 18.06.2026'));
    assert.ok(!numbersSupported('Nachzahlung 1.234,57 €', 'Nachzahlung 1.234,56 EUR'));
    assert.ok(numbersSupported('ohne Zahl', ''));
  });
});

describe('openai-compatible adapter + refinement', () => {
  it('sends a json_schema chat request with the key and parses the JSON answer', async () => {
    answer = { status: 200, content: JSON.stringify({ ok: 1 }) };
    const client = createOpenAiCompatibleClient({ baseUrl: url, apiKey: 'sk-test', model: 'tiny' });
    assert.deepEqual(await client.completeJson({ system: 's', user: 'u', schemaName: 'n', schema: { type: 'object' } }), { ok: 1 });
    const last = requests.at(-1)!;
    assert.equal(last.path, '/v1/chat/completions');
    assert.equal(last.auth, 'Bearer sk-test');
    assert.equal(last.model, 'tiny');
    assert.equal((last.response_format as { type: string }).type, 'json_schema');
  });

  it('a server error or unparsable content is null, never an exception', async () => {
    const client = createOpenAiCompatibleClient({ baseUrl: url, model: 'tiny' });
    answer = { status: 500, content: '{}' };
    assert.equal(await client.completeJson({ system: 's', user: 'u', schemaName: 'n', schema: {} }), null);
    answer = { status: 200, content: 'not json' };
    assert.equal(await client.completeJson({ system: 's', user: 'u', schemaName: 'n', schema: {} }), null);
    const dead = createOpenAiCompatibleClient({ baseUrl: 'http://127.0.0.1:9', model: 'tiny', timeoutMs: 2000 });
    assert.equal(await dead.completeJson({ system: 's', user: 'u', schemaName: 'n', schema: {} }), null);
  });

  it('through the pipeline: numbers not on the named page are dropped, rule values are kept', async () => {
    const fixture = GENERATORS.mahnung(1);
    const truth = fixture.truth.key_numbers;
    answer = {
      status: 200,
      content: JSON.stringify({
        summary: `Die Firma fordert ${truth.gesamtforderung!.value} bis zum ${truth.zahlungsfrist!.value}. Das ist eine freundliche Zusammenfassung.`,
        sections: [{ title: 'Alles', page: 1, text: 'Forderung über 999.999,99 €' }],
        key_numbers: [
          { name: 'hauptforderung', value: '1,00 €', page: 1 },
          { name: 'zinsen', value: '7.777,77 €', page: 1 },
          { name: 'erfunden', value: truth.gesamtforderung!.value, page: 1 },
        ],
      }),
    };
    const client = createOpenAiCompatibleClient({ baseUrl: url, model: 'tiny' });
    const registry = buildPipelineRegistry(analysisStages(client));
    assert.equal(registry.mahnung.stages.length, 3);
    const run = await runPipeline(registry.mahnung, { bytes: await makeTextPdf(fixture.pages), kind: 'pdf' }, { reader, maxPages: 5, timeoutMs: 30_000 });
    assert.ok(run.status === 'success' && run.output.kind === 'analysis');
    const a = run.output.analysis;
    assert.match(a.summary, /freundliche Zusammenfassung/, 'the checked summary is taken');
    assert.notEqual(a.sections[0]?.title, 'Alles', 'a section with an invented amount is dropped');
    assert.equal(a.key_numbers.hauptforderung?.value, truth.hauptforderung!.value, 'rule values are never replaced');
    assert.equal(a.key_numbers.zinsen?.value, truth.zinsen!.value);
    assert.equal(a.key_numbers.erfunden, undefined, 'only SPEC names');
  });

  it('merge: a summary with an invented number keeps the rule summary; a missing key found on its page is added', () => {
    const draft = { summary: 'Regel.', sections: [], key_numbers: {}, review_flags: [], checks: [] };
    const pages = [{ page: 1, text: 'Datum 14.05.2026' }, { page: 2, text: 'Erstattung 323,92 €' }];
    const merged = mergeRefinement(
      draft,
      { summary: 'Erstattung von 400,00 € wird überwiesen, sagt das Modell.', sections: [], key_numbers: [{ name: 'erstattung', value: '323,92 €', page: 2 }, { name: 'bescheiddatum', value: '14.05.2026', page: 2 }] },
      pages,
      ['erstattung', 'bescheiddatum'],
    );
    assert.equal(merged.summary, 'Regel.');
    assert.deepEqual(merged.key_numbers, { erstattung: { value: '323,92 €', page: 2 } });
  });

  it('the none adapter is disabled and the default registry has no refinement stage', async () => {
    assert.equal(noLlm.enabled, false);
    assert.equal(await noLlm.completeJson({ system: '', user: '', schemaName: '', schema: {} }), null);
    assert.equal(buildPipelineRegistry(analysisStages(noLlm)).steuerbescheid.stages.length, 2);
    assert.equal(buildPipelineRegistry().steuerbescheid.stages.length, 2);
  });
});
