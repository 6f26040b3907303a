/**
 * Optional refinement of an analysis by a language model (SPEC §10): the model may rewrite the
 * summary and the section titles/texts and add key numbers the layout rules missed. Nothing it
 * says is trusted: every number in its answer must be printed on the page it names (summary
 * numbers: on some page of the document), else that item is dropped; key numbers keep their
 * SPEC names and never replace a value the rules found; review flags stay rule-made.
 */
import type { Analysis, KeyNumber, Section } from '../../../model/result.js';
import type { Stage } from '../../../model/stage.js';
import type { LlmClient } from '../../../../ports/llm-client.js';

const SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['summary', 'sections', 'key_numbers'],
  properties: {
    summary: { type: 'string' },
    sections: {
      type: 'array',
      items: { type: 'object', additionalProperties: false, required: ['title', 'page', 'text'], properties: { title: { type: 'string' }, page: { type: 'integer' }, text: { type: 'string' } } },
    },
    key_numbers: {
      type: 'array',
      items: { type: 'object', additionalProperties: false, required: ['name', 'value', 'page'], properties: { name: { type: 'string' }, value: { type: 'string' }, page: { type: 'integer' } } },
    },
  },
} as const;

/** Numbers as they matter for checking: digit runs with their separators, compared without them. */
function numbersIn(text: string): string[] {
  return (text.match(/\d[\d.,]*\d|\d/g) ?? []).map((n) => n.replace(/[.,]/g, ''));
}

function digitsOf(text: string): string {
  return ` ${(text.match(/\d[\d.,]*\d|\d/g) ?? []).map((n) => n.replace(/[.,]/g, '')).join(' ')} `;
}

/** Every number of `text` occurs as a number in `source`. */
export function numbersSupported(text: string, source: string): boolean {
  const hay = digitsOf(source);
  return numbersIn(text).every((n) => hay.includes(` ${n} `));
}

export interface Refinement {
  summary?: unknown;
  sections?: unknown;
  key_numbers?: unknown;
}

/** Merges a model answer into a rule-made analysis, keeping only what the pages support. Pure. */
export function mergeRefinement(draft: Analysis, answer: unknown, pages: readonly { page: number; text: string }[], allowedNames: readonly string[]): Analysis {
  if (!answer || typeof answer !== 'object') return draft;
  const a = answer as Refinement;
  const byPage = new Map(pages.map((p) => [p.page, p.text]));
  const all = pages.map((p) => p.text).join('\n');
  const out: Analysis = { ...draft, key_numbers: { ...draft.key_numbers } };
  if (typeof a.summary === 'string' && a.summary.trim().length > 20 && numbersSupported(a.summary, all)) out.summary = a.summary.trim();
  if (Array.isArray(a.sections)) {
    const sections: Section[] = a.sections.filter(
      (s): s is Section =>
        !!s && typeof s.title === 'string' && typeof s.text === 'string' && Number.isInteger(s.page) && byPage.has(s.page) && numbersSupported(`${s.title} ${s.text}`, byPage.get(s.page)!),
    );
    const ordered = sections.every((s, i) => i === 0 || sections[i - 1]!.page <= s.page);
    if (sections.length > 0 && ordered) out.sections = sections.map((s) => ({ title: s.title, page: s.page, text: s.text }));
  }
  if (Array.isArray(a.key_numbers)) {
    for (const k of a.key_numbers as { name?: unknown; value?: unknown; page?: unknown }[]) {
      if (!k || typeof k.name !== 'string' || typeof k.value !== 'string' || !Number.isInteger(k.page)) continue;
      if (!allowedNames.includes(k.name) || out.key_numbers[k.name]) continue;
      const pageText = byPage.get(k.page as number);
      if (!pageText || numbersIn(k.value).length === 0 || !numbersSupported(k.value, pageText)) continue;
      out.key_numbers[k.name] = { value: k.value, page: k.page as number } satisfies KeyNumber;
    }
  }
  return out;
}

/** A stage after the analysis stage; does nothing when the client is disabled or answers nothing. */
export function llmRefineStage(client: LlmClient, keyNames: readonly string[]): Stage {
  return {
    name: 'analysis.llm-refine',
    // The page texts as printed (no OCR repairs), as the model has always been shown them.
    layoutParts: () => ['textPages'],
    async run(ctx) {
      const draft = ctx.slots.analysis;
      if (!client.enabled || !draft) return;
      const pages = ctx.layout.textPages;
      const answer = await client.completeJson({
        schemaName: 'klartext_analysis',
        schema: SCHEMA as unknown as Record<string, unknown>,
        signal: ctx.signal,
        system:
          'Du prüfst die Analyse eines deutschen Dokuments. Antworte nur mit JSON nach dem Schema. Schreibe die Zusammenfassung auf Deutsch in 2 bis 5 Sätzen (Absender, Anliegen, wichtigster Betrag, Frist). Verwende nur Zahlen, die wörtlich im Dokument stehen, und gib für jede Kennzahl die Seite an, auf der sie steht. Erlaubte Kennzahlen: ' +
          keyNames.join(', '),
        user: JSON.stringify({ document_type: ctx.documentType, pages, draft }),
      });
      ctx.slots.analysis = mergeRefinement(draft, answer, pages, keyNames);
    },
  };
}
