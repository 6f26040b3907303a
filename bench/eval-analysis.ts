/**
 * Accuracy of the five analysis pipelines (issue 5), printed as tables:
 *
 *   npm run eval:analysis                       # 12 text-layer + 4 scanned fixtures per type, real samples, p50
 *   npm run eval:analysis -- --text 20 --scans 0 --no-real --no-http
 *   npm run eval:analysis -- --set c --text 0 --scans 0 --no-real --no-http   # author C's first-contact batch only
 *   npm run eval:analysis -- --set d --text 0 --scans 0 --photos 0 --lowres 0 --no-real --no-http   # author D's (second) batch
 *   npm run eval:analysis -- --set e --text 0 --scans 0 --photos 0 --lowres 0 --no-real --no-http --variants text   # author E's (third) batch, text only
 *   npm run eval:analysis -- --set f --text 0 --scans 0 --photos 0 --lowres 0 --no-real --no-http --variants text   # author F's (fourth) batch, text only
 *   npm run eval:analysis -- --text 4 --scans 2 --photos 1 --lowres 2 --variants text,lowres --no-http
 *
 * Fixtures come from scripts/fixtures/analysis (seeds from 101 on, so not the seeds the tests
 * use), rendered as text-layer PDFs and as 300-dpi scans (scripts/fixtures/scans.ts), and run
 * through the real registry and reading layer with runPipeline (the code path of the API
 * minus HTTP). Per type: key-number recall (value matches as amount/date/text) and page
 * accuracy among the found ones, expected-flag recall, flags raised without cause (per
 * document, topics not in the ground truth), and the share of 422 on wrong-type uploads (each
 * fixture sent as every other analysis type, plus a bank statement and an invitation).
 * The real samples in ../shared/corpus/real/{lohnabrechnung,bussgeldbescheid} are read at run
 * time (never copied) and skipped when absent; the fine notices that have a hand-written truth
 * (test/fixtures/real-truth) are scored against it (bench/real-letter-truth.ts). After the
 * per-set tables, bench/letter-variant-table.ts prints the issue-22 table per set, type and
 * variant (text, scan, photo, low-resolution image) with wrong values, summary facts and
 * amounts found. The p50 line times a 4-page text-layer
 * Steuerbescheid end to end over HTTP (test/support/server.ts). Nothing here is asserted.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ANALYSIS_TYPES, GENERATORS, type AnalysisFixture } from '../scripts/fixtures/analysis/index.js';
import { addScores, normalizeValue, scoreAnalysis, type Score } from '../scripts/fixtures/analysis/score.js';
import { CLEAN, DEGRADED, scanPdf } from '../scripts/fixtures/scans.js';
import { textDocument } from '../scripts/fixtures/analysis/text-document.js';
import { makeTextPdf } from '../scripts/fixtures/text-pdf.js';
import { EARLIER_BLIND_LETTERS, FIRST_CONTACT_C, FIRST_CONTACT_D, FIRST_CONTACT_E, FIRST_CONTACT_F, FIRST_CONTACT_G, FIRST_CONTACT_H, FIRST_CONTACT_I, FIRST_CONTACT_J, FIRST_CONTACT_K, FIRST_CONTACT_L, FIRST_CONTACT_M, UNSEEN_LETTERS } from '../scripts/fixtures/analysis/unseen/index.js';
import type { UnseenLetter } from '../scripts/fixtures/analysis/unseen/model.js';
import { renderLetter, seedOf, type Variant } from '../scripts/fixtures/analysis/unseen/render.js';
import { scoreLetter } from '../scripts/fixtures/analysis/unseen/score.js';
import { statementPages } from '../scripts/fixtures/texts.js';
import { photographedUpload } from '../scripts/fixtures/photos.js';
import { lowResUpload } from '../scripts/fixtures/lowres.js';
import { sharedCorpusDir } from '../test/support/corpus.js';
import { LETTER_VARIANTS, printVariantTables, recordGenerated, recordUnseen, type LetterVariant } from './letter-variant-table.js';
import { realTruthEval } from './real-letter-truth.js';
import { cachingReader } from './read-cache.js';
import type { AnalysisDocumentType, DocumentType } from '../src/domain/document-types.js';
import { sniffFileKind } from '../src/domain/file-kind.js';
import { createDocumentReader, defaultReaderConfig } from '../src/pipeline/reading/read-document.js';
import { buildPipelineRegistry } from '../src/pipeline/pipelines.js';
import { runPipeline, type PipelineRun } from '../src/pipeline/run-pipeline.js';
import { lohnabrechnungAnalyzer } from '../src/pipeline/stages/analysis/lohnabrechnung/index.js';
import { classifyText, supports } from '../src/pipeline/stages/classify/classify.js';
import { documentText } from '../src/pipeline/layout/text-lines.js';
import { analyzeLetter } from '../test/support/analyze-letter.js';
import { invitationLines, textPdf } from '../test/support/documents.js';
import { analyze, closeSharedReader, createOrg, startServer } from '../test/support/server.js';

const { values: args } = parseArgs({
  options: {
    text: { type: 'string' },
    scans: { type: 'string' },
    /** Generated fixtures as phone photos / low-resolution web images, per type (default: as many as scans). */
    photos: { type: 'string' },
    lowres: { type: 'string' },
    'no-real': { type: 'boolean' },
    'no-http': { type: 'boolean' },
    n: { type: 'string' },
    /** Renderings of the unseen-author letters: any of text,scan,photo,lowres (default all four); "none" skips them. */
    variants: { type: 'string' },
    /** Only letters whose id contains this. */
    letter: { type: 'string' },
    bands: { type: 'string' },
    /** Real samples: only the DATEV OCR texts, not the PDF/image uploads (no OCR). */
    'real-texts-only': { type: 'boolean' },
    /** Print every miss of the unseen letters, not only the first ones. */
    verbose: { type: 'boolean' },
    /**
     * Which blind letters: by default the described sets (unseen authors A and B, independent-2);
     * "c" only author C's first-contact batch (issue 22), "d" only author D's (the second,
     * untouched batch), "e" only author E's (the third), "f" only author F's (the fourth), "g" only
     * author G's (the fifth), "h" only author H's (the sixth), "i" only author I's (the seventh), "j" only author J's (the eighth), "k" only author K's (the
     * ninth); no test asserts on any of them.
     */
    set: { type: 'string' },
    /** Seconds one run may take before it counts as failed (default 180); a loaded machine OCRs an image for minutes. */
    timeout: { type: 'string' },
  },
});
/** The first-contact batches `--set` selects, with the title their tables print. */
const FIRST_CONTACT_SETS: Readonly<Record<string, [title: string, letters: readonly UnseenLetter[]]>> = {
  c: ['first-contact letters of author C (issue 22), by type and variant', FIRST_CONTACT_C],
  d: ['first-contact letters of author D (issue 22, second batch), by type and variant', FIRST_CONTACT_D],
  e: ['first-contact letters of author E (issue 22, third batch), by type and variant', FIRST_CONTACT_E],
  f: ['first-contact letters of author F (issue 22, fourth batch), by type and variant', FIRST_CONTACT_F],
  g: ['first-contact letters of author G (issue 22, fifth batch), by type and variant', FIRST_CONTACT_G],
  h: ['first-contact letters of author H (issue 22, sixth batch), by type and variant', FIRST_CONTACT_H],
  i: ['first-contact letters of author I (issue 22, seventh batch), by type and variant', FIRST_CONTACT_I],
  j: ['first-contact letters of author J (issue 22, eighth batch), by type and variant', FIRST_CONTACT_J],
  k: ['first-contact letters of author K (issue 22, ninth batch), by type and variant', FIRST_CONTACT_K],
  l: ['first-contact letters of author L (issue 22, tenth batch), by type and variant', FIRST_CONTACT_L],
  m: ['first-contact letters of author M (issue 22, eleventh batch), by type and variant', FIRST_CONTACT_M],
};
if (args.set !== undefined && !(args.set in FIRST_CONTACT_SETS)) throw new Error(`--set ${args.set}: one of ${Object.keys(FIRST_CONTACT_SETS).join(', ')}`);
const TEXT_N = Number(args.text ?? 12);
const SCAN_N = Number(args.scans ?? 4);
const PHOTO_N = Number(args.photos ?? SCAN_N);
const LOWRES_N = Number(args.lowres ?? SCAN_N);
const HTTP_N = Number(args.n ?? 30);
/** ../shared/corpus/real beside the repository, or under KLARTEXT_SHARED_DIR (worktrees). */
const REAL_DIR = sharedCorpusDir() ?? path.resolve(import.meta.dirname, '../../shared/corpus/real');

// `--bands on|off|remainder` reads every scanned page in bands, none, or only the pages left over after the threads' share (default: the reader's).
if (args.bands !== undefined && !['on', 'off', 'remainder'].includes(args.bands)) throw new Error(`--bands must be on, off or remainder, got ${args.bands}`);
const BANDS = args.bands === undefined ? defaultReaderConfig.ocrBands : args.bands === 'on' ? 'all' : (args.bands as 'off' | 'remainder');
const reader = cachingReader(createDocumentReader({ ...defaultReaderConfig, workerPoolSize: 2, warmUp: false, ocrBands: BANDS }), process.env.LETTER_READ_CACHE);
const registry = buildPipelineRegistry();
const run = (type: DocumentType, bytes: Uint8Array, kind: 'pdf' | 'jpeg' | 'png' = 'pdf'): Promise<PipelineRun> =>
  runPipeline(registry[type], { bytes, kind }, { reader, maxPages: 20, timeoutMs: Number(args.timeout ?? 180) * 1000 });
const analysisOf = (r: PipelineRun) => (r.status === 'success' && r.output.kind === 'analysis' ? r.output.analysis : null);
const pct = (a: number, b: number) => (b === 0 ? '   –  ' : (a / b).toFixed(3).padStart(6));
const empty = (): Score => ({ keyExpected: 0, keyFound: 0, keyPageRight: 0, flagExpected: 0, flagFound: 0, flagsWithoutCause: 0, missedKeys: [], wrongKeys: [], missedFlags: [], extraFlags: [] });

interface Row {
  type: string;
  docs: number;
  score: Score;
  wrong: { sent: number; rejected: number };
  failed: number;
  /** Documents with at least one check, and those whose checks all hold (the generators' figures add up). */
  checked: number;
  holding: number;
}

function printTable(title: string, rows: Row[]): void {
  console.log(`\n${title}`);
  console.log('| type | docs | key recall | page acc. | flag recall | flags w/o cause | wrong-type 422 | runs failed | checks hold |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  const total: Row = { type: 'all', docs: 0, score: empty(), wrong: { sent: 0, rejected: 0 }, failed: 0, checked: 0, holding: 0 };
  for (const r of [...rows, total]) {
    if (r !== total) {
      total.docs += r.docs;
      total.score = addScores(total.score, r.score);
      total.wrong.sent += r.wrong.sent;
      total.wrong.rejected += r.wrong.rejected;
      total.failed += r.failed;
      total.checked += r.checked;
      total.holding += r.holding;
    }
    const s = r.score;
    console.log(`| ${r.type} | ${r.docs} | ${pct(s.keyFound, s.keyExpected)} (${s.keyFound}/${s.keyExpected}) | ${pct(s.keyPageRight, s.keyFound)} | ${pct(s.flagFound, s.flagExpected)} (${s.flagFound}/${s.flagExpected}) | ${s.flagsWithoutCause} | ${pct(r.wrong.rejected, r.wrong.sent)} (${r.wrong.rejected}/${r.wrong.sent}) | ${r.failed} | ${pct(r.holding, r.checked)} (${r.holding}/${r.checked} reported) |`);
  }
  const misses = rows.flatMap((r) => [...r.score.missedKeys.map((m) => `${r.type} missed ${m}`), ...r.score.wrongKeys.map((m) => `${r.type} wrong ${m}`), ...r.score.missedFlags.map((m) => `${r.type} flag missed ${m}`), ...r.score.extraFlags.map((m) => `${r.type} flag w/o cause ${m}`)]);
  if (misses.length) console.log(`  first misses: ${misses.slice(0, 12).join('; ')}`);
}

type Upload = { bytes: Uint8Array; kind: 'pdf' | 'jpeg' | 'png' };

async function evalSet(label: string, render: (f: AnalysisFixture) => Promise<Uint8Array | Upload>, count: number, wrongTypes: boolean, variant: LetterVariant = 'text'): Promise<void> {
  if (count <= 0) return;
  const rows: Row[] = [];
  const started = performance.now();
  for (const type of ANALYSIS_TYPES) {
    const row: Row = { type, docs: 0, score: empty(), wrong: { sent: 0, rejected: 0 }, failed: 0, checked: 0, holding: 0 };
    for (let i = 0; i < count; i++) {
      const fixture = GENERATORS[type](101 + i);
      const rendered = await render(fixture);
      const { bytes, kind } = rendered instanceof Uint8Array ? { bytes: rendered, kind: 'pdf' as const } : rendered;
      const result = await run(type, bytes, kind);
      row.docs++;
      if (result.status !== 'success') row.failed++;
      const analysis = analysisOf(result);
      row.score = addScores(row.score, scoreAnalysis(fixture, analysis));
      recordGenerated('generated fixtures (seeds 101 ff.)', variant, fixture, analysis);
      if (analysis?.checks.length) {
        row.checked++;
        // The generators plant a wrong net on purpose only where the truth expects netto_rechnung.
        const planted = fixture.truth.review_flags.includes('netto_rechnung');
        if (analysis.checks.every((c) => c.holds !== planted || !c.rule.startsWith('gesamtbrutto'))) row.holding++;
      }
      if (wrongTypes) {
        for (const other of ANALYSIS_TYPES.filter((t) => t !== type)) {
          const r = await run(other, bytes, kind);
          row.wrong.sent++;
          if (r.status === 'failure' && r.kind === 'not_recognized') row.wrong.rejected++;
        }
      }
    }
    if (wrongTypes) {
      // Documents of no analysis type sent as this type.
      for (const bytes of [await makeTextPdf(statementPages()), await textPdf([invitationLines()])]) {
        const r = await run(type, bytes);
        row.wrong.sent++;
        if (r.status === 'failure' && r.kind === 'not_recognized') row.wrong.rejected++;
      }
    }
    rows.push(row);
  }
  printTable(`${label} (${((performance.now() - started) / 1000).toFixed(0)} s)`, rows);
}

const DATEV_LABELS: Record<string, string> = { 'Gesamt-Brutto': 'gesamtbrutto', Steuerklasse: 'steuerklasse', Auszahlungsbetrag: 'auszahlungsbetrag', 'Netto-Verdienst': 'nettoverdienst' };

async function realSamples(): Promise<void> {
  const lohnDir = path.join(REAL_DIR, 'lohnabrechnung');
  const bussDir = path.join(REAL_DIR, 'bussgeldbescheid');
  if (!existsSync(lohnDir) && !existsSync(bussDir)) {
    console.log('\nreal samples: ../shared/corpus/real not present — skipped');
    return;
  }
  if (existsSync(lohnDir)) {
    // OCR text files with annotations: compare the four annotated key numbers.
    let expected = 0;
    let found = 0;
    let accepted = 0;
    let files = 0;
    const per: Record<string, [number, number]> = {};
    for (const name of readdirSync(lohnDir).filter((f) => f.endsWith('.txt')).sort()) {
      const text = readFileSync(path.join(lohnDir, name), 'utf8');
      const truthFile = path.join(lohnDir, name.replace(/\.txt$/, '.expected.json'));
      if (!existsSync(truthFile)) continue;
      files++;
      const doc = textDocument(text);
      if (supports(classifyText(documentText(doc)), 'lohnabrechnung')) accepted++;
      const analysis = analyzeLetter(lohnabrechnungAnalyzer, 'lohnabrechnung', doc);
      const truth = JSON.parse(readFileSync(truthFile, 'utf8')) as { annotations: { label: string; value: string; is_correct: boolean }[] };
      const seen = new Set<string>();
      for (const a of truth.annotations) {
        const key = DATEV_LABELS[a.label];
        if (!key || !a.is_correct || seen.has(key)) continue;
        seen.add(key);
        expected++;
        const got = analysis.key_numbers[key]?.value;
        const ok = got !== undefined && (got === a.value || normalizeValue(got) === normalizeValue(a.value));
        if (ok) found++;
        per[key] = [(per[key]?.[0] ?? 0) + (ok ? 1 : 0), (per[key]?.[1] ?? 0) + 1];
      }
    }
    console.log(`\nreal lohnabrechnung OCR texts (konfuzio DATEV demo, ${files} files, positions synthesised from the text columns):`);
    console.log(`  accepted as lohnabrechnung: ${accepted}/${files}; annotated key numbers found: ${found}/${expected} (${pct(found, expected).trim()})`);
    console.log(`  per key: ${Object.entries(per).map(([k, [a, b]]) => `${k} ${a}/${b}`).join(', ')}`);
  }
  if (args['real-texts-only']) return;
  for (const [dir, type] of [[lohnDir, 'lohnabrechnung'], [bussDir, 'bussgeldbescheid']] as const) {
    if (!existsSync(dir)) continue;
    console.log(`\nreal ${type} uploads (PDF/images through the full pipeline):`);
    console.log('| file | status | subtype / reason | key numbers | flags |');
    console.log('|---|---|---|---|---|');
    for (const name of readdirSync(dir).filter((f) => /\.(pdf|jpe?g|png)$/i.test(f)).sort()) {
      const bytes = new Uint8Array(readFileSync(path.join(dir, name)));
      const kind = sniffFileKind(bytes);
      if (!kind) continue;
      const started = performance.now();
      const r = await run(type, bytes, kind);
      const ms = performance.now() - started;
      const short = name.replace(/^[^_]+__[^_]+__/, '').slice(0, 48);
      const a = analysisOf(r);
      if (!a) {
        console.log(`| ${short} | ${r.status === 'failure' ? (r.kind === 'not_recognized' ? 422 : r.kind === 'load' ? 400 : 500) : '?'} | ${r.status === 'failure' ? r.kind : ''} | – | – |`);
        continue;
      }
      const subtype = a.summary.split(/ (von|für|vom) /)[0];
      console.log(`| ${short} | 200 (${(ms / 1000).toFixed(1)} s) | ${subtype} | ${Object.entries(a.key_numbers).map(([k, v]) => `${k}=${v.value}@${v.page}`).join(', ') || '–'} | ${a.review_flags.map((f) => f.topic).join(', ') || '–'} |`);
    }
  }
}

async function httpP50(): Promise<void> {
  const server = await startServer({ pipelines: registry });
  try {
    const org = await createOrg(server, { tier: 'enterprise' });
    const fixture = GENERATORS.steuerbescheid(101);
    const pdf = await makeTextPdf(fixture.pages);
    const times: number[] = [];
    for (let i = 0; i < HTTP_N + 5; i++) {
      const t = performance.now();
      const res = await analyze(server.url, org.apiKey, { documentType: 'steuerbescheid', file: pdf });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
      if (i >= 5) times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(0);
    console.log(`\np50 4-page text-layer Steuerbescheid over HTTP: ${q(0.5)} ms (p90 ${q(0.9)} ms, n=${times.length}, sequential, loopback, after 5 warm-up calls)`);
  } finally {
    await server.close();
    await closeSharedReader();
  }
}

interface UnseenRow {
  type: string;
  variant: Variant;
  letters: number;
  failed: number;
  keysExpected: number;
  keysOk: number;
  flagsExpected: number;
  flagsRaised: number;
  unfoundedLetters: number;
  unfoundedFlags: number;
  sectionsValid: number;
  checkLetters: number;
  checksHold: number;
  checksFalselyFailing: number;
}

/**
 * The unseen-author letters per type and variant: key recall (value as printed on its page),
 * flag recall, flags raised without cause (letters with any / flags), letters whose sections
 * are all valid (text and page), and the share of letters with arithmetic truth whose every
 * identity was reported with the truth's verdict.
 */
async function evalUnseen(title: string, letters: readonly UnseenLetter[], variants: readonly Variant[]): Promise<void> {
  const chosen = letters.filter((l) => !args.letter || l.id.includes(args.letter));
  if (chosen.length === 0) return;
  const started = performance.now();
  const rows: UnseenRow[] = [];
  const problems: string[] = [];
  /** Per variant, over letters with summary truth: facts named / facts, letters naming all of theirs / letters. */
  const summaries = new Map<Variant, [number, number, number, number]>();
  /** Per variant, over letters with `amounts` truth: amounts found as a key number's value / amounts. */
  const amountTotals = new Map<Variant, [number, number]>();
  for (const variant of variants) {
    for (const type of ANALYSIS_TYPES) {
      const row: UnseenRow = { type, variant, letters: 0, failed: 0, keysExpected: 0, keysOk: 0, flagsExpected: 0, flagsRaised: 0, unfoundedLetters: 0, unfoundedFlags: 0, sectionsValid: 0, checkLetters: 0, checksHold: 0, checksFalselyFailing: 0 };
      for (const letter of chosen) {
        if (letter.type !== type) continue;
        const upload = await renderLetter(letter, variant, seedOf(letters, letter));
        const result = await run(type, upload.bytes, upload.kind);
        const analysis = analysisOf(result);
        const s = scoreLetter(letter, analysis, letter.pages.length);
        recordUnseen(title.replace(/,? by type and variant$/u, ''), variant, letter, analysis);
        row.letters++;
        if (!analysis) row.failed++;
        row.keysExpected += s.keysExpected;
        row.keysOk += s.keysOk;
        row.flagsExpected += s.flagsExpected;
        row.flagsRaised += s.flagsRaised;
        row.unfoundedFlags += s.unfounded.length;
        if (s.unfounded.length) row.unfoundedLetters++;
        if (s.sectionsValid) row.sectionsValid++;
        if (s.checksExpected > 0) {
          row.checkLetters++;
          if (s.checksMatched === s.checksExpected && s.checksFalselyFailing === 0) row.checksHold++;
        }
        row.checksFalselyFailing += s.checksFalselyFailing;
        if (s.summaryFacts > 0) {
          const [found, facts, full, n] = summaries.get(variant) ?? [0, 0, 0, 0];
          summaries.set(variant, [found + s.summaryFactsFound, facts + s.summaryFacts, full + (s.summaryFactsFound === s.summaryFacts ? 1 : 0), n + 1]);
        }
        if (s.amounts > 0) {
          const [found, all] = amountTotals.get(variant) ?? [0, 0];
          amountTotals.set(variant, [found + s.amountsFound, all + s.amounts]);
        }
        if (!analysis) s.problems.unshift(`run failed: ${result.status === 'failure' ? result.kind : '?'}`);
        if (s.problems.length) problems.push(`${variant} ${letter.id}: ${s.problems.join('; ')}`);
      }
      if (row.letters) rows.push(row);
    }
  }
  console.log(`\n${title} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  console.log('| type | variant | letters | key recall | flag recall | w/o cause (letters / flags) | sections valid | checks hold | failing wrongly | runs failed |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  const sum = (rs: UnseenRow[], type: string, variant: string): UnseenRow => rs.reduce((a, r) => {
    for (const k of Object.keys(a) as (keyof UnseenRow)[]) if (typeof a[k] === 'number') (a[k] as number) += r[k] as number;
    return a;
  }, { type, variant: variant as Variant, letters: 0, failed: 0, keysExpected: 0, keysOk: 0, flagsExpected: 0, flagsRaised: 0, unfoundedLetters: 0, unfoundedFlags: 0, sectionsValid: 0, checkLetters: 0, checksHold: 0, checksFalselyFailing: 0 });
  const totals = variants.map((v) => sum(rows.filter((r) => r.variant === v), 'all', v));
  for (const r of [...rows, ...totals]) {
    console.log(`| ${r.type} | ${r.variant} | ${r.letters} | ${pct(r.keysOk, r.keysExpected)} (${r.keysOk}/${r.keysExpected}) | ${pct(r.flagsRaised, r.flagsExpected)} (${r.flagsRaised}/${r.flagsExpected}) | ${r.unfoundedLetters} / ${r.unfoundedFlags} | ${r.sectionsValid}/${r.letters} | ${pct(r.checksHold, r.checkLetters)} (${r.checksHold}/${r.checkLetters}) | ${r.checksFalselyFailing} | ${r.failed} |`);
  }
  for (const [variant, [found, facts, full, n]] of summaries) {
    console.log(`  summaries naming their facts (sender, amount, deadline), ${variant}: ${pct(found, facts).trim()} (${found}/${facts} facts; ${full}/${n} letters with all)`);
  }
  for (const [variant, [found, all]] of amountTotals) {
    console.log(`  amounts the letters set or demand found among the key numbers, ${variant}: ${pct(found, all).trim()} (${found}/${all})`);
  }
  const shown = args.verbose ? problems : problems.slice(0, 25);
  if (shown.length) console.log(`  misses${args.verbose ? '' : ' (first 25; --verbose for all)'}:\n  ${shown.join('\n  ')}`);
}

const VARIANTS: Variant[] = args.variants === 'none' ? [] : (args.variants ?? LETTER_VARIANTS.join(',')).split(',').filter((v): v is Variant => (LETTER_VARIANTS as readonly string[]).includes(v));
/** A generated fixture's seed (its id ends in it), for the photo and low-resolution renderings. */
const fixtureSeed = (f: AnalysisFixture) => Number(f.id.split('-').pop());

try {
  if (VARIANTS.length && args.set !== undefined) {
    const [title, letters] = FIRST_CONTACT_SETS[args.set]!;
    await evalUnseen(title, letters, VARIANTS);
  } else if (VARIANTS.length) {
    await evalUnseen('unseen-author letters (issue 12), by type and variant', UNSEEN_LETTERS, VARIANTS);
    await evalUnseen('earlier blind letters (independent-2, no arithmetic truth), by type and variant', EARLIER_BLIND_LETTERS, VARIANTS);
  }
  await evalSet(`text-layer PDFs, ${TEXT_N} per type`, (f) => makeTextPdf(f.pages), TEXT_N, true);
  // Odd seeds clean office scans, even seeds degraded ones (noise, specks, blur, grey paper).
  await evalSet(`scanned PDFs (300 dpi, OCR; clean and degraded alternating), ${SCAN_N} per type`, (f) => scanPdf(f.pages, Number(f.id.split('-').pop()) % 2 ? CLEAN : DEGRADED, [0.4, -0.3], 7), SCAN_N, false, 'scan');
  await evalSet(`phone photos (12 MP JPEG, one page as the JPEG itself), ${PHOTO_N} per type`, (f) => photographedUpload(f.pages, fixtureSeed(f)), PHOTO_N, false, 'photo');
  await evalSet(`low-resolution images (~1000 px JPEG q60–70, show-through / pen marks by seed), ${LOWRES_N} per type`, (f) => lowResUpload(f.pages, fixtureSeed(f)), LOWRES_N, false, 'lowres');
  printVariantTables(args.verbose);
  if (!args['no-real']) {
    await realSamples();
    await realTruthEval(run);
  }
  if (!args['no-http']) await httpP50();
} finally {
  await reader.close();
}
