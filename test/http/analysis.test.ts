/**
 * The five analysis types over HTTP with the real registry (buildPipelineRegistry()) and the
 * real reading layer: each answers 200 with key numbers (value and page), sections, review flags
 * and a German summary; an upload of another kind is 422 document_not_recognized.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ANALYSIS_TYPES, GENERATORS } from '../../scripts/fixtures/analysis/index.js';
import { scoreAnalysis } from '../../scripts/fixtures/analysis/score.js';
import { makeTextPdf } from '../../scripts/fixtures/text-pdf.js';
import type { Analysis } from '../../src/pipeline/model/result.js';
import { buildPipelineRegistry } from '../../src/pipeline/pipelines.js';
import { invitationLines, payslipLines, statementLines, textPdf } from '../support/documents.js';
import { analyze, closeSharedReader, createOrg, errorOf, startServer, type TestOrg, type TestServer } from '../support/server.js';

after(closeSharedReader);

describe('analysis over HTTP (sqlite, real registry)', () => {
  let server: TestServer;
  let org: TestOrg;
  before(async () => {
    server = await startServer({ pipelines: buildPipelineRegistry() });
    org = await createOrg(server, { tier: 'business' });
  });
  after(() => server.close());

  for (const type of ANALYSIS_TYPES) {
    test(`${type} → 200 with key numbers and pages, sections, flags, summary`, async () => {
      const fixture = GENERATORS[type](2);
      const res = await analyze(server.url, org.apiKey, { documentType: type, file: await makeTextPdf(fixture.pages) });
      assert.equal(res.status, 200, await res.clone().text());
      const body = (await res.json()) as { analysis: Analysis; project_slug: string };
      assert.equal(body.project_slug, `klartext-${type}-v1`);
      const score = scoreAnalysis(fixture, body.analysis);
      assert.deepEqual(score.missedKeys, []);
      assert.deepEqual(score.wrongKeys, []);
      assert.equal(score.keyPageRight, score.keyExpected);
      assert.deepEqual(score.missedFlags, []);
      assert.deepEqual(score.extraFlags, []);
      for (const flag of body.analysis.review_flags) assert.ok(['info', 'warning', 'critical'].includes(flag.severity));
      assert.ok(body.analysis.sections.every((s) => typeof s.title === 'string' && Number.isInteger(s.page) && typeof s.text === 'string'));
      assert.ok(body.analysis.summary.length > 20);
    });
  }

  test('the SPEC example payslip (test/support/documents.ts) as lohnabrechnung → 200 and consistent', async () => {
    const res = await analyze(server.url, org.apiKey, { documentType: 'lohnabrechnung', file: await textPdf([payslipLines()]) });
    assert.equal(res.status, 200);
    const { analysis } = (await res.json()) as { analysis: Analysis };
    assert.deepEqual(analysis.key_numbers.gesamtbrutto && { value: analysis.key_numbers.gesamtbrutto.value, page: analysis.key_numbers.gesamtbrutto.page }, { value: '3.500,00 €', page: 1 });
    assert.deepEqual(analysis.key_numbers.auszahlungsbetrag && { value: analysis.key_numbers.auszahlungsbetrag.value, page: analysis.key_numbers.auszahlungsbetrag.page }, { value: '2.288,00 €', page: 1 });
    // Where each is printed (SPEC §8a): the Gesamtbrutto line, not the Gehalt line above it with the same figure.
    const gesamtbrutto = analysis.key_numbers.gesamtbrutto?.evidence;
    const auszahlung = analysis.key_numbers.auszahlungsbetrag?.evidence;
    assert.ok(gesamtbrutto && auszahlung);
    assert.deepEqual([gesamtbrutto.page, gesamtbrutto.source, gesamtbrutto.confidence], [1, 'text_layer', 1]);
    assert.ok(auszahlung.box[1] > gesamtbrutto.box[1], 'Auszahlungsbetrag is printed below Gesamtbrutto');
    assert.equal(analysis.key_numbers.abrechnungszeitraum?.value, 'Oktober 2026');
    assert.deepEqual(analysis.review_flags.filter((f) => f.topic === 'netto_rechnung'), []);
  });

  test('wrong-type uploads → 422 document_not_recognized', async () => {
    const cases: [string, Uint8Array][] = [
      ['mahnung', await textPdf([payslipLines()])],
      ['steuerbescheid', await textPdf([statementLines()])],
      ['kuendigung', await textPdf([invitationLines()])],
      ['bussgeldbescheid', await makeTextPdf(GENERATORS.mahnung(1).pages)],
      ['lohnabrechnung', await makeTextPdf(GENERATORS.kuendigung(1).pages)],
      ['steuerbescheid', await makeTextPdf(GENERATORS.bussgeldbescheid(1).pages)],
    ];
    for (const [type, file] of cases) {
      const res = await analyze(server.url, org.apiKey, { documentType: type, file });
      assert.equal(res.status, 422, type);
      assert.equal((await errorOf(res)).code, 'document_not_recognized');
    }
  });
});
