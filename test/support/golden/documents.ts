import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { DocumentType } from '../../../src/domain/document-types.js';
import { sniffFileKind, type FileKind } from '../../../src/domain/file-kind.js';
import { sharedCorpusDir } from '../corpus.js';

/**
 * The documents of the golden files (issue 21): every text-layer document the evals read, each
 * rendered exactly as the eval renders it.
 * - `kontoauszug`: every layout of scripts/fixtures/kontoauszug (LAYOUTS), seeds 1…4 — the
 *   default of `npm run eval:kontoauszug` — as `textLayerPdf` renders them; except the
 *   garbled-font-layer layout, whose text layer is garbage by design and is read by OCR.
 * - `letters`: the letter generators (scripts/fixtures/analysis) at the seeds of
 *   `npm run eval:analysis` (101…112), as `makeTextPdf`; the unseen-author letters, the
 *   earlier blind letters and authors D's, E's, F's, G's and H's first-contact batches (issue 22) in
 *   their text variant (`renderLetter(…, 'text', seedOf(…))`).
 * - `real`: ../shared/corpus/real at run time (never copied): the statement texts the eval
 *   scores (an expected.json with asserted transactions), drawn by `textToPdf(body, Infinity)`
 *   as the eval does; and the lohnabrechnung/bussgeldbescheid PDFs. Of the real documents only
 *   those read from their text layer alone are kept (`onlyTextLayer`; decided by `--update`).
 * Scans and photos are engine-dependent and slow: none is here.
 */
export type GoldenSet = 'kontoauszug' | 'letters' | 'real';
export const GOLDEN_SETS: readonly GoldenSet[] = ['kontoauszug', 'letters', 'real'];

export interface GoldenDocument {
  set: GoldenSet;
  /** The file name stem under test/golden/<set>/: ASCII, unique within the set. */
  id: string;
  documentType: DocumentType;
  /** Where it comes from, repository-relative (goes into the golden file; no absolute paths). */
  origin: string;
  /** Free text is stored hashed (real corpus: the documents must not enter the repository). */
  redacted: boolean;
  /** Kept only where every page is read from its text layer; without a golden file it is skipped, not missing. */
  onlyTextLayer: boolean;
  upload(): Promise<{ bytes: Uint8Array; kind: FileKind }>;
}

/** Text documents per layout: `npm run eval:kontoauszug`'s default `--per`. */
export const STATEMENTS_PER_LAYOUT = 4;
/** The seeds of `npm run eval:analysis`'s text-layer set: 101…(100 + its default `--text`). */
export const LETTER_SEEDS = Array.from({ length: 12 }, (_, i) => 101 + i);
/** Layouts whose "text layer" the reader rejects by design (then it OCRs): not golden material. */
const OCR_BY_DESIGN = new Set(['garbled-font-layer']);

export async function kontoauszugDocuments(): Promise<GoldenDocument[]> {
  const { kontoauszugFixtures, textLayerPdf } = await import('../../../scripts/fixtures/kontoauszug/generate.js');
  return kontoauszugFixtures(STATEMENTS_PER_LAYOUT)
    .filter((f) => !OCR_BY_DESIGN.has(f.layout))
    .map((f) => ({
      set: 'kontoauszug' as const,
      id: f.id,
      documentType: 'kontoauszug' as const,
      origin: `scripts/fixtures/kontoauszug layout ${f.layout} seed ${f.seed}, textLayerPdf`,
      redacted: false,
      onlyTextLayer: false,
      upload: async () => ({ bytes: await textLayerPdf(f), kind: 'pdf' as const }),
    }));
}

export async function letterDocuments(): Promise<GoldenDocument[]> {
  const { ANALYSIS_TYPES, GENERATORS } = await import('../../../scripts/fixtures/analysis/index.js');
  const { makeTextPdf } = await import('../../../scripts/fixtures/text-pdf.js');
  const { EARLIER_BLIND_LETTERS, FIRST_CONTACT_D, FIRST_CONTACT_E, FIRST_CONTACT_F, FIRST_CONTACT_G, FIRST_CONTACT_H, FIRST_CONTACT_I, FIRST_CONTACT_J, FIRST_CONTACT_K, FIRST_CONTACT_L, FIRST_CONTACT_M, UNSEEN_LETTERS } = await import('../../../scripts/fixtures/analysis/unseen/index.js');
  const { renderLetter, seedOf } = await import('../../../scripts/fixtures/analysis/unseen/render.js');
  const docs: GoldenDocument[] = [];
  for (const type of ANALYSIS_TYPES) {
    for (const seed of LETTER_SEEDS) {
      const fixture = GENERATORS[type](seed);
      docs.push({
        set: 'letters',
        id: fixture.id,
        documentType: type,
        origin: `scripts/fixtures/analysis ${type} seed ${seed}, makeTextPdf`,
        redacted: false,
        onlyTextLayer: false,
        upload: async () => ({ bytes: await makeTextPdf(fixture.pages), kind: 'pdf' as const }),
      });
    }
  }
  for (const [list, prefix, name] of [
    [UNSEEN_LETTERS, 'unseen', 'UNSEEN_LETTERS'],
    [EARLIER_BLIND_LETTERS, 'blind', 'EARLIER_BLIND_LETTERS'],
    [FIRST_CONTACT_D, 'first-d', 'FIRST_CONTACT_D'],
    [FIRST_CONTACT_E, 'first-e', 'FIRST_CONTACT_E'],
    [FIRST_CONTACT_F, 'first-f', 'FIRST_CONTACT_F'],
    [FIRST_CONTACT_G, 'first-g', 'FIRST_CONTACT_G'],
    [FIRST_CONTACT_H, 'first-h', 'FIRST_CONTACT_H'],
    [FIRST_CONTACT_I, 'first-i', 'FIRST_CONTACT_I'],
    [FIRST_CONTACT_J, 'first-j', 'FIRST_CONTACT_J'],
    [FIRST_CONTACT_K, 'first-k', 'FIRST_CONTACT_K'],
    [FIRST_CONTACT_L, 'first-l', 'FIRST_CONTACT_L'],
    [FIRST_CONTACT_M, 'first-m', 'FIRST_CONTACT_M'],
  ] as const) {
    for (const letter of list) {
      docs.push({
        set: 'letters',
        id: `${prefix}-${letter.id}`,
        documentType: letter.type,
        origin: `scripts/fixtures/analysis/unseen ${name} ${letter.id}, renderLetter text`,
        redacted: false,
        onlyTextLayer: false,
        upload: () => renderLetter(letter, 'text', seedOf(list, letter)),
      });
    }
  }
  return docs;
}

const STATEMENT_PREFIX = 'portfolio-performance__portfolio__';

/** An ASCII file stem for a corpus file name (umlauts spelled out, the rest reduced to `_`). */
export function asciiStem(name: string): string {
  const spelled = name.replace(/ä/gu, 'ae').replace(/ö/gu, 'oe').replace(/ü/gu, 'ue').replace(/Ä/gu, 'Ae').replace(/Ö/gu, 'Oe').replace(/Ü/gu, 'Ue').replace(/ß/gu, 'ss');
  return spelled.replace(/[^A-Za-z0-9._-]+/gu, '_');
}

/** Null when ../shared/corpus/real is not there (the caller says the set is skipped). */
export function realDocuments(): GoldenDocument[] | null {
  const root = sharedCorpusDir();
  if (root === null) return null;
  const docs: GoldenDocument[] = [];
  const statements = path.join(root, 'kontoauszug');
  if (existsSync(statements)) {
    for (const file of readdirSync(statements).sort()) {
      if (!file.endsWith('.txt')) continue;
      const truth = path.join(statements, file.replace(/\.txt$/u, '.expected.json'));
      if (!existsSync(truth)) continue;
      const asserted = (JSON.parse(readFileSync(truth, 'utf8')) as { expected_transactions?: unknown[] }).expected_transactions ?? [];
      if (asserted.length === 0) continue; // the eval scores only texts with asserted transactions
      docs.push({
        set: 'real',
        id: `kontoauszug-${asciiStem(file.replace(STATEMENT_PREFIX, '').replace(/\.txt$/u, ''))}`,
        documentType: 'kontoauszug',
        origin: `../shared/corpus/real/kontoauszug/${file}, textToPdf(body, Infinity)`,
        redacted: true,
        // Some drawn texts are judged garbage and OCR'd (renaultbankdirekt): decided by --update.
        onlyTextLayer: true,
        upload: async () => {
          const { textToPdf } = await import('../../../scripts/fixtures/kontoauszug/text-to-pdf.js');
          // As the eval: drop the extractor's preamble ("PDF Autor", "PDFBox Version", dashes).
          const body = readFileSync(path.join(statements, file), 'utf8').replace(/^[\s\S]*?\n-{10,}\n/u, '');
          return { bytes: await textToPdf(body, Infinity), kind: 'pdf' as const };
        },
      });
    }
  }
  for (const type of ['lohnabrechnung', 'bussgeldbescheid'] as const) {
    const dir = path.join(root, type);
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).sort()) {
      if (!/\.pdf$/iu.test(file)) continue; // images have no text layer
      docs.push({
        set: 'real',
        id: `${type}-${asciiStem(file.replace(/^[^_]+__[^_]+__/u, '').replace(/\.pdf$/iu, ''))}`,
        documentType: type,
        origin: `../shared/corpus/real/${type}/${file}`,
        redacted: true,
        onlyTextLayer: true,
        upload: async () => {
          const bytes = new Uint8Array(readFileSync(path.join(dir, file)));
          return { bytes, kind: sniffFileKind(bytes) ?? 'pdf' };
        },
      });
    }
  }
  return docs;
}

export async function goldenDocuments(set: GoldenSet): Promise<GoldenDocument[] | null> {
  if (set === 'kontoauszug') return kontoauszugDocuments();
  if (set === 'letters') return letterDocuments();
  return realDocuments();
}
