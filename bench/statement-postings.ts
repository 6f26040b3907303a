import { documentLayout } from '../src/pipeline/layout/document-layout.js';
import type { LoadedDocument } from '../src/pipeline/model/document.js';
import type { PipelineSlots, StageContext } from '../src/pipeline/model/stage.js';
import { buildPipelineRegistry } from '../src/pipeline/pipelines.js';
import type { KontoauszugFixture } from '../scripts/fixtures/kontoauszug/generate.js';

/**
 * Whether a read statement's postings come out: the document through the kontoauszug pipeline
 * (classify + engine, as the service runs it), its rows matched to the fixture's on (date,
 * amount) as `eval:kontoauszug` scores them.
 */
export interface PostingsFound {
  expected: number;
  /** Expected rows returned with their date and amount. */
  found: number;
  /** Rows returned in all. */
  returned: number;
  reconciled: boolean;
}

export async function postingsFound(document: LoadedDocument, fixture: KontoauszugFixture): Promise<PostingsFound> {
  const registry = buildPipelineRegistry();
  const slots: PipelineSlots = {};
  const ctx: StageContext = { documentType: 'kontoauszug', document, layout: documentLayout(document), signal: new AbortController().signal, slots };
  try {
    for (const stage of registry.kontoauszug.stages) await stage.run(ctx);
  } catch {
    // An unreadable statement is 0 found.
  }
  const exp = fixture.expected.tables.flatMap((t) => t.rows);
  const got = (slots.tables ?? []).flatMap((t) => t.rows);
  const used = new Set<number>();
  for (const e of exp) {
    const i = got.findIndex((g, k) => !used.has(k) && g[0] === e[0] && g[3] === e[3]);
    if (i >= 0) used.add(i);
  }
  const st = slots.statement;
  const statements = st === undefined ? [] : Array.isArray(st) ? st : [st];
  return { expected: exp.length, found: used.size, returned: got.length, reconciled: statements.length > 0 && statements.every((s) => s.reconciled) };
}
