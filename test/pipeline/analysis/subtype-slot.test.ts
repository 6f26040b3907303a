/**
 * The analysis reads the letter's subtype from the classify stage's slot
 * (`slots.classification.subtype`) instead of classifying again (no stage imports another).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { textDocument } from '../../../scripts/fixtures/analysis/text-document.js';
import { documentLayout } from '../../../src/pipeline/layout/document-layout.js';
import type { PipelineSlots, StageContext } from '../../../src/pipeline/model/stage.js';
import { mahnungStage } from '../../../src/pipeline/stages/analysis/mahnung/index.js';
import { classifyStage } from '../../../src/pipeline/stages/classify/classify.js';
import { SAMPLE_TEXTS } from '../../support/sample-texts.js';

function context(text: string, documentType: StageContext['documentType']): StageContext & { slots: PipelineSlots } {
  const document = textDocument(text);
  return { documentType, document, layout: documentLayout(document), signal: new AbortController().signal, slots: {} };
}

describe('the letter subtype', () => {
  test('classify writes it once it accepts the letter; statements get none', async () => {
    const letter = context(SAMPLE_TEXTS.mahnung, 'mahnung');
    await classifyStage.run(letter);
    assert.ok(letter.slots.classification?.subtype?.label);
    const statement = context(SAMPLE_TEXTS.kontoauszug, 'kontoauszug');
    await classifyStage.run(statement);
    assert.equal(statement.slots.classification?.subtype, undefined);
  });

  test("the analysis names the classify stage's subtype in its summary", async () => {
    const ctx = context(SAMPLE_TEXTS.mahnung, 'mahnung');
    await classifyStage.run(ctx);
    await mahnungStage.run(ctx);
    assert.ok(ctx.slots.analysis!.summary.startsWith(ctx.slots.classification!.subtype!.label));
    ctx.slots.classification = { ...ctx.slots.classification!, subtype: { id: 'probe', label: 'Probeschreiben' } };
    await mahnungStage.run(ctx);
    assert.match(ctx.slots.analysis!.summary, /^Probeschreiben/u);
  });

  test('without the classify stage before it the analysis is a wiring fault, not a guess', () => {
    const ctx = context(SAMPLE_TEXTS.mahnung, 'mahnung');
    assert.throws(() => mahnungStage.run(ctx), /after the classify stage/u);
  });
});
