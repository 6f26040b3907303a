import type { PipelineRegistry, Stage } from '../../src/pipeline/model/stage.js';
import { buildPipelineRegistry } from '../../src/pipeline/pipelines.js';

/**
 * A registry whose pipelines answer 200 once the real reading and classification stages have
 * passed, for tests of the API around the pipeline (metering, quota, billing). The final stage
 * reports only what the real stages produced (pages, classification) — it is the test's
 * stand-in for the extraction stages other modules add, never used by the service itself.
 */
const reportTables: Stage = {
  name: 'test-report-tables',
  run(ctx) {
    ctx.slots.tables = [{ name: 'Umsätze', headers: ['Datum', 'Buchungstext', 'Empfänger', 'Betrag'], rows: [] }];
  },
};

const reportAnalysis: Stage = {
  name: 'test-report-analysis',
  run(ctx) {
    ctx.slots.analysis = {
      summary: `Erkannt als ${ctx.slots.classification?.best ?? 'unbekannt'}.`,
      sections: ctx.document.pages.map((p) => ({ title: `Seite ${p.number}`, page: p.number, text: '' })),
      key_numbers: {},
      review_flags: [],
      checks: [],
    };
  },
};

export function answeringPipelines(): PipelineRegistry {
  return buildPipelineRegistry({
    kontoauszug: [reportTables],
    steuerbescheid: [reportAnalysis],
    lohnabrechnung: [reportAnalysis],
    mahnung: [reportAnalysis],
    kuendigung: [reportAnalysis],
    bussgeldbescheid: [reportAnalysis],
  });
}

/** A registry whose lohnabrechnung pipeline faults after classification (500 processing_failed). */
export function faultingPipelines(): PipelineRegistry {
  const fault: Stage = {
    name: 'test-fault',
    run() {
      throw new Error('extraction exploded');
    },
  };
  return buildPipelineRegistry({ lohnabrechnung: [fault] });
}
