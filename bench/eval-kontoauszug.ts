/**
 * Kontoauszug evaluation (issue 4). Prints, per layout and variant, posting precision/recall on
 * (date, amount), recipient accuracy and posting-text token F1 on matched postings, and the
 * share of documents whose statement reconciles, the share of statements FULLY right (every
 * posting's date and amount, none missing, none extra, and both printed balances, opening and
 * closing, as printed) and how many statements came back with zero postings although the truth
 * has some (issue 21); `recip.` is the counterparty (Empfänger) accuracy on the matched postings.
 * Then, per variant, the SPEC §8a fields (issue
 * 18: value date, counterparty IBAN and reference fill rates against what the fixture prints, and
 * the share of postings whose evidence box holds the printed amount on the text layer, read with
 * poppler's `pdftotext -bbox`); then the real-corpus figure; then speed.
 *
 *   npm run eval:kontoauszug                       # 4 text docs per layout, 1 scan and 1 mixed per layout
 *   npm run eval:kontoauszug -- --per 8 --scans 0 --no-real --no-speed
 *   npm run eval:kontoauszug -- --per 1 --scans 0 --photos 1 --no-real --no-speed
 *
 * Variants: `text` (text layer), `scan` (every page scanned) and `mixed` (page 2 scanned, the
 * others text layer; seeds 1…--scans of the layouts whose statement has two or more pages) and
 * `photo` (--photos N, default 0: seeds 1…N of the statements the scan rows use, photographed
 * with a phone on a table as scripts/fixtures/photos.ts makes them — uploaded as the JPEG itself
 * when the statement has one page, as a PDF of the page photos when it has several).
 * Generated fixtures run through the real reading layer and the real kontoauszug pipeline
 * (classify + engine) in-process; speed goes through HTTP (startServer, real registry). The real
 * corpus is read from ../shared at run time only (never copied) and skipped when absent: each
 * text is rendered page by page into a monospace PDF and the asserted (date, amount, direction)
 * transactions are looked up in the result. Numbers are printed, never asserted.
 *
 * OCR_ENGINE=native|tesseract-js picks the OCR engine for the scans (default: auto).
 * `--layouts a,b,c` evaluates only those families, `--set blind-1` only the families of one
 * blind batch (Layout.set), e.g. first contact on a new batch:
 *   npm run eval:kontoauszug -- --set blind-1 --per 4 --scans 2 --photos 2 --no-real --no-speed
 * `--set random --per N [--from S]`: N combinatorial layouts of seeds S… (random-layouts.ts, one
 * statement each; not in the golden set), with a table of failures by dimension value
 * (docs/random-layouts.md):
 *   npm run eval:kontoauszug -- --set random --per 80 --from 101 --scans 0 --no-real --no-speed
 *
 * `--mixed N` sets the mixed variant's count apart from --scans (`--mixed 0`: scans and photos only).
 * `--bands on|off|remainder` reads every scanned page in two bands on the two threads, none, or
 * only the pages left over after the threads' share (default: the reader's `ocrBands`).
 *
 * KA_READ_CACHE=<dir> keeps each upload's read document in <dir> (see readCached): for engine work,
 * to measure a change on the same OCR output without reading every scan and photo again.
 *
 * KA_DEBUG=1 lists, per generated document that misses a posting, returns one too many or does
 * not reconcile, the expected rows not returned (-), the rows returned but not expected (+) and
 * the statement's balances. KA_DEBUG_CP=1 lists each matched posting whose Empfänger is wrong: the
 * returned one, the expected one in brackets, and the returned text; KA_DEBUG_TEXT=1 each matched
 * posting whose Buchungstext differs from the expected one (both printed).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { KontoauszugFixture } from '../scripts/fixtures/kontoauszug/generate.js';
import type { Layout } from '../scripts/fixtures/kontoauszug/layouts.js';
import { textToPdf } from '../scripts/fixtures/kontoauszug/text-to-pdf.js';
import { createDocumentReader, defaultReaderConfig } from '../src/pipeline/reading/read-document.js';
import { documentLayout } from '../src/pipeline/layout/document-layout.js';
import type { LoadedDocument } from '../src/pipeline/model/document.js';
import type { AccountRecord, StatementInfo, Table } from '../src/pipeline/model/result.js';
import type { PipelineSlots, StageContext } from '../src/pipeline/model/stage.js';
import { buildPipelineRegistry } from '../src/pipeline/pipelines.js';
import { extractAccounts } from '../src/pipeline/stages/kontoauszug/engine.js';
import { analyze, closeSharedReader, createOrg, startServer } from '../test/support/server.js';
import { boxHoldsWord, pdfWordBoxes, printsCents } from '../test/support/pdf-word-boxes.js';

const { values: args } = parseArgs({
  options: {
    per: { type: 'string' },
    scans: { type: 'string' },
    photos: { type: 'string' },
    mixed: { type: 'string' },
    'no-real': { type: 'boolean' },
    'no-speed': { type: 'boolean' },
    'no-text': { type: 'boolean' },
    corpus: { type: 'string' },
    'page-lines': { type: 'string' },
    layouts: { type: 'string' },
    set: { type: 'string' },
    from: { type: 'string' },
    bands: { type: 'string' },
  },
});
const PER = Number(args.per ?? 4);
const SCANS = Number(args.scans ?? 1);
/** --mixed N: the mixed variant's statements (default --scans); `--mixed 0` spends the OCR on scans and photos only. */
const MIXED = Number(args.mixed ?? SCANS);
const PHOTOS = Number(args.photos ?? 0);
/** Real texts carry no page breaks: by default each is drawn on one tall page (see text-to-pdf.ts). */
const PAGE_LINES = args['page-lines'] ? Number(args['page-lines']) : Infinity;
const CORPUS = args.corpus ?? path.resolve(import.meta.dirname, '../../shared/corpus/real/kontoauszug');

const ENGINE = (process.env.OCR_ENGINE ?? 'auto') as typeof defaultReaderConfig.ocrEngine;
if (!['auto', 'native', 'tesseract-js'].includes(ENGINE)) throw new Error(`OCR_ENGINE must be auto, native or tesseract-js, got ${ENGINE}`);
// `--bands on|off|remainder` reads scanned pages in bands, whole, or bands only the leftover pages (default: the reader's default).
if (args.bands !== undefined && !['on', 'off', 'remainder'].includes(args.bands)) throw new Error(`--bands must be on, off or remainder, got ${args.bands}`);
const BANDS = args.bands === undefined ? defaultReaderConfig.ocrBands : args.bands === 'on' ? 'all' : (args.bands as 'off' | 'remainder');
const reader = createDocumentReader({ ...defaultReaderConfig, workerPoolSize: 2, warmUp: false, ocrEngine: ENGINE, ocrBands: BANDS });
const registry = buildPipelineRegistry();

interface Outcome {
  tables: Table[];
  statements: StatementInfo[];
  /** Per row of `tables` (same order): the posting's other printed date (value date), or ''. */
  otherDates: string[];
  /** SPEC §8a: the accounts as accounting data (postings in the order of the rows). */
  accounts: AccountRecord[];
  error: string | null;
}

/**
 * Reading-layer wall time, CPU time and pages read, per variant (for scans: the OCR cost per
 * page). CPU counts this process's threads and its reaped child processes (native tesseract),
 * so it holds still on a machine shared with other work where wall time does not.
 */
const readTime = { ms: 0, cpuMs: 0, pages: 0 };

/** CPU milliseconds used so far by this process and its waited-for children (Linux /proc). */
function cpuMs(): number {
  const own = process.cpuUsage();
  let children = 0;
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // fields[0] is field 3 (state)
    children = (Number(fields[13]) + Number(fields[14])) * 10; // cutime + cstime, at 100 ticks/s
  } catch {
    // not Linux: own CPU only
  }
  return (own.user + own.system) / 1000 + children;
}

/**
 * KA_READ_CACHE=<dir> (engine work only): the reading layer's document for each upload is kept in
 * <dir> under the hash of its bytes and read back on the next run, so a change to the statement
 * engine is measured on exactly the OCR output it was measured on before, without OCR'ing every
 * scan and photo again. Reading times are then not measured (cached reads count 0 ms). Generated
 * fixtures only; the dir holds no user document.
 */
const READ_CACHE = process.env.KA_READ_CACHE;
async function readCached(bytes: Uint8Array, kind: 'pdf' | 'jpeg'): Promise<LoadedDocument> {
  const file = READ_CACHE ? path.join(READ_CACHE, `${createHash('sha256').update(bytes).update(kind).digest('hex')}.json`) : null;
  if (file && existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as LoadedDocument;
  const document = await reader.read(bytes, kind, { maxPages: 100, signal: new AbortController().signal });
  if (file) {
    mkdirSync(READ_CACHE!, { recursive: true });
    writeFileSync(file, JSON.stringify({ ...document, pages: document.pages.map(({ preview: _, ...p }) => p) }));
  }
  return document;
}

async function run(bytes: Uint8Array, kind: 'pdf' | 'jpeg' = 'pdf'): Promise<Outcome> {
  try {
    const t0 = performance.now();
    const c0 = cpuMs();
    const document = await readCached(bytes, kind);
    readTime.ms += performance.now() - t0;
    readTime.cpuMs += cpuMs() - c0;
    readTime.pages += document.pages.length;
    const slots: PipelineSlots = {};
    const ctx: StageContext = { documentType: 'kontoauszug', document, layout: documentLayout(document), signal: new AbortController().signal, slots };
    for (const stage of registry.kontoauszug.stages) await stage.run(ctx);
    const st = slots.statement;
    const otherDates = extractAccounts(document, ctx.layout).flatMap((a) => a.rows.map((r) => r.otherDate));
    return { tables: slots.tables ?? [], statements: st === undefined ? [] : Array.isArray(st) ? st : [st], otherDates, accounts: slots.accounts ?? [], error: null };
  } catch (e) {
    return { tables: [], statements: [], otherDates: [], accounts: [], error: e instanceof Error ? e.name : String(e) };
  }
}

function tokens(s: string): string[] {
  return s.toLowerCase().split(/\s+/u).filter((t) => t !== '');
}

function tokenF1(a: string, b: string): number {
  const x = tokens(a);
  const y = tokens(b);
  if (x.length === 0 && y.length === 0) return 1;
  const pool = new Map<string, number>();
  for (const t of y) pool.set(t, (pool.get(t) ?? 0) + 1);
  let common = 0;
  for (const t of x) {
    const n = pool.get(t) ?? 0;
    if (n > 0) {
      common++;
      pool.set(t, n - 1);
    }
  }
  if (common === 0) return 0;
  const p = common / x.length;
  const r = common / y.length;
  return (2 * p * r) / (p + r);
}

/**
 * SPEC §8a figures on the matched postings: each field filled correctly where the fixture prints
 * it (/ printed) and filled where it prints none (spurious); the evidence box holding the printed
 * amount (text variant: poppler's word boxes, an independent reader).
 */
interface FieldScore {
  valuePrinted: number;
  valueOk: number;
  valueSpurious: number;
  ibanPrinted: number;
  ibanOk: number;
  ibanInvalidPrinted: number;
  ibanSpurious: number;
  refPrinted: number;
  refOk: number;
  refSpurious: number;
  boxChecked: number;
  boxHolds: number;
  /** Returned postings by `evidence.verified`. */
  running: number;
  reconciledOnly: number;
  unverified: number;
}

const fieldScore: Record<string, FieldScore> = {};
const emptyFields = (): FieldScore => ({ valuePrinted: 0, valueOk: 0, valueSpurious: 0, ibanPrinted: 0, ibanOk: 0, ibanInvalidPrinted: 0, ibanSpurious: 0, refPrinted: 0, refOk: 0, refSpurious: 0, boxChecked: 0, boxHolds: 0, running: 0, reconciledOnly: 0, unverified: 0 });

async function scoreFields(f: KontoauszugFixture, out: Outcome, pairs: readonly [number, number][], s: FieldScore, pdf: Uint8Array | null): Promise<void> {
  const truth = f.postings.flat();
  const got = out.accounts.flatMap((a) => a.postings);
  if (got.length !== out.tables.flatMap((t) => t.rows).length) return; // accounts must mirror the rows
  for (const [e, g] of pairs) {
    const t = truth[e]!;
    const p = got[g]!;
    if (t.valueDate !== null) {
      s.valuePrinted++;
      if (p.value_date === t.valueDate) s.valueOk++;
    } else if (p.value_date !== null) s.valueSpurious++;
    if (t.counterpartyIban !== null) {
      s.ibanPrinted++;
      if (p.counterparty.iban === t.counterpartyIban) s.ibanOk++;
    } else if (p.counterparty.iban !== null) s.ibanSpurious++;
    if (t.printedIban !== null && t.counterpartyIban === null) s.ibanInvalidPrinted++;
    for (const k of ['end_to_end_id', 'mandate_id', 'creditor_id', 'customer_reference'] as const) {
      if (t.references[k] !== null) {
        s.refPrinted++;
        if (p.references[k] === t.references[k]) s.refOk++;
      } else if (p.references[k] !== null) s.refSpurious++;
    }
  }
  for (const p of got) {
    if (p.evidence.verified === 'running_balance') s.running++;
    else if (p.evidence.verified === 'reconciled') s.reconciledOnly++;
    else s.unverified++;
  }
  if (!pdf) return;
  const pages = await pdfWordBoxes(pdf);
  for (const p of got) {
    // A text layer judged garbage is OCR'd (garbled-font-layer): poppler reads the garbage, so
    // only postings read from a text layer are checked.
    if (p.evidence.source !== 'text_layer') continue;
    const page = pages[p.evidence.page - 1];
    s.boxChecked++;
    if (page && boxHoldsWord(page, p.evidence.box, printsCents(Math.round(Number(p.amount) * 100)))) s.boxHolds++;
  }
}

function fieldRows(variant: string): void {
  const rows = Object.entries(fieldScore);
  if (rows.length === 0) return;
  console.log(`\n${variant}: SPEC §8a fields on matched postings (filled correctly / printed; "+n": filled where none is printed)`);
  console.log(`${'layout'.padEnd(26)}  value date        cp IBAN (invalid printed)     references        box holds amount`);
  const total = emptyFields();
  const fmt = (ok: number, printed: number, spurious: number): string => `${pct(ok, printed)} ${String(ok).padStart(4)}/${String(printed).padEnd(4)}${spurious ? `+${spurious}` : ''}`.padEnd(18);
  const line = (name: string, x: FieldScore): string =>
    `${name.padEnd(26)}  ${fmt(x.valueOk, x.valuePrinted, x.valueSpurious)}${fmt(x.ibanOk, x.ibanPrinted, x.ibanSpurious)}(${x.ibanInvalidPrinted})`.padEnd(76) +
    `${fmt(x.refOk, x.refPrinted, x.refSpurious)}${x.boxChecked ? `${pct(x.boxHolds, x.boxChecked)} ${x.boxHolds}/${x.boxChecked}` : '   -'}`;
  for (const [name, x] of rows) {
    console.log(line(name, x));
    for (const k of Object.keys(total) as (keyof FieldScore)[]) total[k] += x[k];
  }
  console.log(line('ALL', total));
  const n = total.running + total.reconciledOnly + total.unverified;
  console.log(`verified: running_balance ${pct(total.running, n)}, reconciled ${pct(total.reconciledOnly, n)}, none ${pct(total.unverified, n)} of ${n} returned postings`);
  for (const k of Object.keys(fieldScore)) delete fieldScore[k];
}

interface Score {
  docs: number;
  expected: number;
  got: number;
  matched: number;
  recipientOk: number;
  textF1: number;
  reconciled: number;
  /** Statements with every posting's (date, amount) right, none missing or extra, and both balances as printed. */
  full: number;
  /** Statements answered with no postings although the truth has some. */
  zero: number;
}

const empty = (): Score => ({ docs: 0, expected: 0, got: 0, matched: 0, recipientOk: 0, textF1: 0, reconciled: 0, full: 0, zero: 0 });

/** Scores the rows; returns the matched (expected row, returned row) index pairs. */
function score(f: KontoauszugFixture, out: Outcome, s: Score): [number, number][] {
  const exp = f.expected.tables.flatMap((t) => t.rows);
  const got = out.tables.flatMap((t) => t.rows);
  s.docs++;
  s.expected += exp.length;
  s.got += got.length;
  const used = new Set<number>();
  const missed: string[][] = [];
  const pairs: [number, number][] = [];
  for (const [ei, e] of exp.entries()) {
    const i = got.findIndex((g, k) => !used.has(k) && g[0] === e[0] && g[3] === e[3]);
    if (i < 0) {
      missed.push(e);
      continue;
    }
    used.add(i);
    pairs.push([ei, i]);
    const g = got[i]!;
    s.matched++;
    if (g[2]!.replace(/\s+/gu, ' ').trim() === e[2]!.replace(/\s+/gu, ' ').trim()) s.recipientOk++;
    else if (process.env.KA_DEBUG_CP) console.log(`  ${f.id} ${e[0]} ${e[3]!.padStart(10)}  Empfänger ${JSON.stringify(g[2])} (${JSON.stringify(e[2])})  text ${JSON.stringify(g[1]!.slice(0, 90))}`);
    s.textF1 += tokenF1(g[1]!, e[1]!);
    if (process.env.KA_DEBUG_TEXT && tokenF1(g[1]!, e[1]!) < 1) console.log(`  ${f.id} ${e[0]} ${e[3]}\n     got ${JSON.stringify(g[1])}\n     exp ${JSON.stringify(e[1])}`);
  }
  const expStatements = Array.isArray(f.expected.statement) ? f.expected.statement.length : 1;
  const reconciled = out.statements.length === expStatements && out.statements.every((x) => x.reconciled);
  if (reconciled) s.reconciled++;
  const expBalances = Array.isArray(f.expected.statement) ? f.expected.statement : [f.expected.statement];
  const balancesRight = out.statements.length === expBalances.length && out.statements.every((x, i) => x.opening_balance === expBalances[i]!['opening_balance'] && x.closing_balance === expBalances[i]!['closing_balance']);
  if (used.size === exp.length && got.length === exp.length && balancesRight) s.full++;
  if (exp.length > 0 && got.length === 0) s.zero++;
  if (process.env.KA_DEBUG && (used.size < exp.length || got.length > used.size || !reconciled)) {
    console.log(`  ${f.id}: ${used.size}/${exp.length} found, ${got.length - used.size} extra, reconciled ${reconciled}${out.error ? ` ${out.error}` : ''}`);
    for (const e of missed) console.log(`    - ${e[0]} ${e[3]!.padStart(10)}  ${e[1]!.slice(0, 60)}`);
    got.forEach((g, i) => {
      if (!used.has(i)) console.log(`    + ${g[0]} ${g[3]!.padStart(10)}  ${g[1]!.slice(0, 60)}`);
    });
    const expSt = Array.isArray(f.expected.statement) ? f.expected.statement : [f.expected.statement];
    out.statements.forEach((st, i) => {
      const e = expSt[i];
      console.log(`    balances ${i}: opening ${st.opening_balance} (${e?.['opening_balance']}), closing ${st.closing_balance} (${e?.['closing_balance']}), reconciled ${st.reconciled}`);
    });
  }
  return pairs;
}

const pct = (a: number, b: number): string => (b === 0 ? '   -  ' : (a / b).toFixed(3).padStart(6));

function row(name: string, variant: string, s: Score): string {
  const p = s.matched / Math.max(1, s.got);
  const r = s.matched / Math.max(1, s.expected);
  const f1 = p + r === 0 ? 0 : (2 * p * r) / (p + r);
  return [
    name.padEnd(26),
    variant.padEnd(6),
    String(s.docs).padStart(4),
    String(s.expected).padStart(6),
    pct(s.matched, s.got),
    pct(s.matched, s.expected),
    f1.toFixed(3).padStart(6),
    pct(s.recipientOk, s.matched),
    pct(s.textF1, s.matched),
    pct(s.reconciled, s.docs),
    pct(s.full, s.docs),
    String(s.zero).padStart(4),
  ].join('  ');
}

const HEAD = `${'layout'.padEnd(26)}  ${'var'.padEnd(6)}  docs  posts   prec.  recall      F1  recip.  textF1  reconc    full  zero`;

/** The generator is loaded only when generated fixtures are evaluated (real-corpus runs need none of it). */
const generator = async () => ({ ...(await import('../scripts/fixtures/kontoauszug/generate.js')), ...(await import('../scripts/fixtures/kontoauszug/layouts.js')) });

/**
 * `--set random --per N [--from S]`: N combinatorial layouts (scripts/fixtures/kontoauszug/
 * random-layouts.ts) of layout seeds S…S+N−1 (default S = 1), one statement each; not part of the
 * golden set or the exactness tests. Per dimension value, the statements drawn with it, how many
 * of them are fully right, and the counterparty share on their matched postings.
 */
interface DimTally {
  docs: number;
  full: number;
  matched: number;
  cpOk: number;
}
const dimTally = new Map<string, Map<string, DimTally>>();

function tallyDims(dims: Record<string, string>, before: Score, after: Score): void {
  for (const [k, v] of Object.entries(dims)) {
    const byValue = dimTally.get(k) ?? new Map<string, DimTally>();
    dimTally.set(k, byValue);
    const t = byValue.get(v) ?? { docs: 0, full: 0, matched: 0, cpOk: 0 };
    t.docs++;
    t.full += after.full - before.full;
    t.matched += after.matched - before.matched;
    t.cpOk += after.recipientOk - before.recipientOk;
    byValue.set(v, t);
  }
}

function dimTable(variant: string): void {
  if (dimTally.size === 0) return;
  console.log(`\n${variant}: failures by dimension value (docs drawn with it; not fully right; fully right share; counterparty right on matched postings)`);
  console.log(`${'dimension'.padEnd(14)} ${'value'.padEnd(14)} docs  !full   full  cp ok`);
  for (const [k, byValue] of dimTally) {
    for (const [v, t] of [...byValue].sort((x, y) => x[1].full / x[1].docs - y[1].full / y[1].docs)) {
      console.log(`${k.padEnd(14)} ${v.padEnd(14)} ${String(t.docs).padStart(4)}  ${String(t.docs - t.full).padStart(5)}  ${pct(t.full, t.docs)} ${pct(t.cpOk, t.matched)}`);
    }
  }
  dimTally.clear();
}

async function generated(): Promise<void> {
  if (args['no-text'] && SCANS === 0 && MIXED === 0 && PHOTOS === 0) return;
  const { fixtureFor, mixedPdf, photographedStatement, scannedPdf, textLayerPdf, LAYOUTS } = await generator();
  // --layouts a,b,c / --set blind-1: only those families (default: all).
  const names = args.layouts?.split(',').map((n) => n.trim()).filter((n) => n !== '');
  const unknown = names?.filter((n) => !LAYOUTS.some((l) => l.name === n)) ?? [];
  if (unknown.length > 0) throw new Error(`unknown layouts ${unknown.join(', ')}; known: ${LAYOUTS.map((l) => l.name).join(', ')}`);
  const random = args.set === 'random' ? (await import('../scripts/fixtures/kontoauszug/random-layouts.js')).randomLayouts(Number(args.from ?? 1), PER) : null;
  const selected: readonly (Layout & { dims?: Record<string, string> })[] = random ?? LAYOUTS.filter((l) => (names === undefined || names.includes(l.name)) && (args.set === undefined || l.set === args.set));
  if (selected.length === 0) throw new Error(`no layouts in set ${args.set}`);
  // A random layout is one statement, made with its own seed; `per` then counts the first layouts.
  const kontoauszugFixtures = (per: number): KontoauszugFixture[] =>
    random ? random.slice(0, per).map((l) => fixtureFor(l, l.seed)) : selected.flatMap((l) => Array.from({ length: per }, (_, i) => fixtureFor(l, i + 1)));
  const variants: {
    name: string;
    fixtures: KontoauszugFixture[];
    pdf?: (f: KontoauszugFixture) => Promise<Uint8Array>;
    upload?: (f: KontoauszugFixture) => Promise<{ bytes: Uint8Array; kind: 'pdf' | 'jpeg' }>;
  }[] = [];
  if (!args['no-text']) variants.push({ name: 'text', fixtures: kontoauszugFixtures(PER), pdf: textLayerPdf });
  if (SCANS > 0) variants.push({ name: 'scan', fixtures: kontoauszugFixtures(SCANS).filter((f) => f.pages.length <= 2 || f.layout === 'multipage-carry'), pdf: scannedPdf });
  // Page 2 scanned, the other pages text layer (statements of two or more pages only).
  if (MIXED > 0) variants.push({ name: 'mixed', fixtures: kontoauszugFixtures(MIXED).filter((f) => f.pages.length >= 2), pdf: (f) => mixedPdf(f, [2]) });
  if (PHOTOS > 0) variants.push({ name: 'photo', fixtures: kontoauszugFixtures(PHOTOS).filter((f) => f.pages.length <= 2 || f.layout === 'multipage-carry'), upload: photographedStatement });
  console.log(HEAD);
  for (const v of variants) {
    const total = empty();
    let failed = 0;
    readTime.ms = 0;
    readTime.cpuMs = 0;
    readTime.pages = 0;
    for (const layout of selected) {
      const s = empty();
      let fixtures = v.fixtures.filter((f) => f.layout === layout.name);
      // Scans of the long layout: a shorter statement (still 2 pages with an Übertrag).
      // Photos: the same statements as the scans.
      const scanLike = v.name === 'scan' || v.name === 'photo';
      if (scanLike && layout.name === 'multipage-carry') fixtures = [fixtureFor(layout, 1, 24)];
      // Scans of the consecutive statements: two monthly statements, one page each.
      if (scanLike && layout.name === 'consecutive-statements') fixtures = [fixtureFor(layout, 2, 12)];
      const fields = (fieldScore[layout.name] = emptyFields());
      for (const f of fixtures) {
        const file = v.upload ? await v.upload(f) : { bytes: await v.pdf!(f), kind: 'pdf' as const };
        const out = await run(file.bytes, file.kind);
        if (out.error) failed++;
        const before = { ...s };
        const pairs = score(f, out, s);
        if (layout.dims) tallyDims(layout.dims, before, s);
        // The box check reads the text layer with poppler: text variant only.
        await scoreFields(f, out, pairs, fields, v.name === 'text' && file.kind === 'pdf' ? file.bytes : null);
      }
      for (const k of Object.keys(s) as (keyof Score)[]) total[k] += s[k];
      // Random layouts: only the statements not fully right get a row (the table below sums them up).
      if (s.docs > 0 && (!layout.dims || s.full < s.docs || s.recipientOk < s.matched)) console.log(row(layout.name, v.name, s));
    }
    console.log(row('ALL', v.name, total));
    console.log(`${v.name}: statements fully right ${total.full} of ${total.docs} (${pct(total.full, total.docs).trim()}); answered with zero postings: ${total.zero}; counterparty right on ${total.recipientOk} of ${total.matched} matched postings`);
    const per = (ms: number): string => (ms / Math.max(1, readTime.pages)).toFixed(0);
    console.log(`${v.name}: ${readTime.pages} pages read; reading layer per page: ${per(readTime.ms)} ms wall, ${per(readTime.cpuMs)} ms CPU${v.name === 'scan' || v.name === 'photo' ? ' (OCR included)' : ''}`);
    fieldRows(v.name);
    dimTable(v.name);
    if (v.name === 'photo') {
      const p = total.matched / Math.max(1, total.got);
      const r = total.matched / Math.max(1, total.expected);
      console.log(`photo total: posting F1 ${(p + r === 0 ? 0 : (2 * p * r) / (p + r)).toFixed(3)} over ${total.docs} photographed statements (${total.matched}/${total.expected} postings found, ${failed} answered an error)`);
    }
  }
}

interface Asserted {
  type: string;
  date: string;
  amount: number | null;
}

const CREDIT_TYPES = new Set(['DEPOSIT', 'INTEREST', 'TAX_REFUND', 'FEES_REFUND', 'DIVIDENDS', 'TRANSFER_IN']);

async function realCorpus(): Promise<void> {
  if (args['no-real']) return;
  if (!existsSync(CORPUS)) {
    console.log(`\nreal corpus: skipped (${CORPUS} not present)`);
    return;
  }
  const files = readdirSync(CORPUS).filter((f) => f.endsWith('.txt') && f.includes(process.env.KA_ONLY ?? '') && existsSync(path.join(CORPUS, f.replace(/\.txt$/u, '.expected.json'))));
  const perBank = new Map<string, { asserted: number; found: number; foundValue: number; printed: number; foundPrinted: number; docs: number; failed: number }>();
  /** SPEC §8a: returned postings by evidence.verified, and those with a value date, an IBAN, a reference. */
  const real = { running: 0, reconciled: 0, none: 0, value: 0, iban: 0, ref: 0 };
  for (const file of files) {
    const expected = JSON.parse(readFileSync(path.join(CORPUS, file.replace(/\.txt$/u, '.expected.json')), 'utf8')) as { expected_transactions?: Asserted[] };
    const asserted = expected.expected_transactions ?? [];
    if (asserted.length === 0) continue;
    const raw = readFileSync(path.join(CORPUS, file), 'utf8');
    // Drop the extractor's preamble ("PDF Autor", "PDFBox Version", dashes).
    const body = raw.replace(/^[\s\S]*?\n-{10,}\n/u, '');
    const out = await run(await textToPdf(body, PAGE_LINES));
    const iso = (d: string): string => d.split('.').reverse().join('-');
    const rows = out.tables.flatMap((t) => t.rows).map((r, k) => ({ iso: iso(r[0]!), other: iso(out.otherDates[k] ?? ''), cents: Number(r[3]!.replace(/\./gu, '').replace(',', '.')) * 100 }));
    // Each asserted transaction takes the first unused row with its date, direction and amount;
    // `byValueDate` also lets the posting's value date match (sources that date by value date).
    const match = (byValueDate: boolean): Asserted[] => {
      const used = new Set<number>();
      const missed: Asserted[] = [];
      for (const a of asserted) {
        const dir = CREDIT_TYPES.has(a.type) ? 1 : -1;
        const day = a.date.slice(0, 10);
        const i = rows.findIndex((r, k) => !used.has(k) && (r.iso === day || (byValueDate && r.other === day)) && Math.sign(r.cents) === dir && (a.amount === null || Math.round(Math.abs(r.cents)) === Math.round(a.amount * 100)));
        if (i >= 0) used.add(i);
        else missed.push(a);
      }
      return missed;
    };
    for (const p of out.accounts.flatMap((a) => a.postings)) {
      if (p.evidence.verified === 'running_balance') real.running++;
      else if (p.evidence.verified === 'reconciled') real.reconciled++;
      else real.none++;
      if (p.value_date !== null) real.value++;
      if (p.counterparty.iban !== null) real.iban++;
      if (Object.values(p.references).some((r) => r !== null)) real.ref++;
    }
    const missed = match(false);
    const found = asserted.length - missed.length;
    // The source derives some amounts (interest net of tax, fee totals) that the document never
    // prints as one number; no reader can return those, so they are counted apart.
    const amounts = printedAmounts(body);
    const printed = asserted.filter((a) => a.amount === null || amounts.has(Math.round(a.amount * 100)));
    const bank = file.replace(/^portfolio-performance__portfolio__/u, '').replace(/_.*$/u, '');
    const b = perBank.get(bank) ?? { asserted: 0, found: 0, foundValue: 0, printed: 0, foundPrinted: 0, docs: 0, failed: 0 };
    b.asserted += asserted.length;
    b.found += found;
    b.printed += printed.length;
    b.foundPrinted += printed.filter((a) => !missed.includes(a)).length;
    b.foundValue += asserted.length - match(true).length;
    b.docs++;
    if (out.error) b.failed++;
    if (process.env.KA_DEBUG) console.log(`  ${file}: ${found}/${asserted.length}${out.error ? ` ${out.error}` : ''}`);
    // KA_DEBUG=2: each missed transaction, with the rows of the same amount that came back.
    if (process.env.KA_DEBUG === '2') {
      const all = out.tables.flatMap((t) => t.rows);
      const missedByValue = new Set(match(true));
      for (const a of missed) {
        if (process.env.KA_VALUE && !missedByValue.has(a)) continue; // KA_VALUE=1: only misses the value date does not explain
        if (process.env.KA_PRINTED && !printed.includes(a)) continue; // KA_PRINTED=1: only amounts the document prints
        const near = all.filter((_, k) => a.amount !== null && Math.round(Math.abs(rows[k]!.cents)) === Math.round(a.amount * 100));
        console.log(`    missed ${a.date.slice(0, 10)} ${CREDIT_TYPES.has(a.type) ? '+' : '-'}${a.amount} ${a.type}; same amount: ${near.map((r) => `${r[0]} ${r[3]} ${r[1]!.slice(0, 40)}`).join(' || ') || 'none'}`);
      }
    }
    perBank.set(bank, b);
  }
  console.log(`\nreal corpus (${CORPUS}): asserted (date, amount, direction) transactions found`);
  console.log('  date = the booking date (SPEC §8); "or value date" also accepts the value date printed with the posting;');
  console.log('  "printed": only asserted amounts the document prints (the source derives some, e.g. interest net of tax)');
  console.log(`  ${'bank'.padEnd(28)} docs   found/asserted  share   or value date   found/printed   share`);
  const total = { asserted: 0, found: 0, foundValue: 0, printed: 0, foundPrinted: 0, docs: 0, failed: 0 };
  const line = (name: string, b: typeof total): string =>
    `  ${name.padEnd(28)} ${String(b.docs).padStart(4)}  ${String(b.found).padStart(6)}/${String(b.asserted).padEnd(8)} ${pct(b.found, b.asserted)}  ${pct(b.foundValue, b.asserted)}          ${String(b.foundPrinted).padStart(6)}/${String(b.printed).padEnd(8)} ${pct(b.foundPrinted, b.printed)}${b.failed ? `  (${b.failed} not recognised)` : ''}`;
  for (const [bank, b] of [...perBank].sort()) {
    console.log(line(bank, b));
    for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += b[k];
  }
  console.log(line('ALL', total));
  const n = real.running + real.reconciled + real.none;
  console.log(`  SPEC §8a on the ${n} returned postings: verified running_balance ${pct(real.running, n)}, reconciled ${pct(real.reconciled, n)}, none ${pct(real.none, n)}; with a value date ${pct(real.value, n)}, a counterparty IBAN ${pct(real.iban, n)}, a reference ${pct(real.ref, n)} (no ground truth: shares, not accuracy)`);
}

/** Cents of every amount the text prints, read as written and with letter-spacing closed up. */
function printedAmounts(text: string): Set<number> {
  const cents = new Set<number>();
  for (const variant of [text, text.replace(/(?<=[\d.,]) (?=[\d.,])/gu, '')]) {
    for (const m of variant.matchAll(/\d{1,3}(?:\.\d{3})+,\d{2}|\d+,\d{2}|\d+\.\d{2}(?!\d)/gu)) {
      const s = m[0].includes(',') ? m[0].replace(/\./gu, '').replace(',', '.') : m[0];
      cents.add(Math.round(Number(s) * 100));
    }
  }
  return cents;
}

async function speed(): Promise<void> {
  if (args['no-speed']) return;
  const { fixtureFor, textLayerPdf, LAYOUTS } = await generator();
  const server = await startServer();
  try {
    const org = await createOrg(server, { tier: 'enterprise', rateLimit: 100_000, included: 100_000, overageCents: 0 });
    const layout = LAYOUTS.find((l) => l.name === 'multipage-carry')!;
    for (const [label, postings, n] of [
      ['3-page', 38, 21],
      ['50-page', 698, 7],
    ] as const) {
      const f = fixtureFor(layout, 7, postings);
      const pdf = await textLayerPdf(f);
      const times: number[] = [];
      let pages = 0;
      let status = 0;
      let rowsOut = 0;
      let reconciled = false;
      for (let i = 0; i < n + 2; i++) {
        const t0 = performance.now();
        const res = await analyze(server.url, org.apiKey, { documentType: 'kontoauszug', file: pdf });
        const body = (await res.json()) as { pages?: number; tables?: { rows: unknown[] }[]; statement?: { reconciled?: boolean } };
        const ms = performance.now() - t0;
        status = res.status;
        pages = body.pages ?? 0;
        rowsOut = body.tables?.[0]?.rows.length ?? 0;
        reconciled = body.statement?.reconciled === true;
        if (i >= 2) times.push(ms); // two warm-up calls
      }
      times.sort((p, q) => p - q);
      console.log(`speed ${label.padEnd(8)} (${pages} pages, ${rowsOut}/${postings} postings, reconciled ${reconciled}, HTTP ${status}): p50 ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms over ${times.length} calls`);
    }
  } finally {
    await server.close();
    await closeSharedReader();
  }
}

try {
  await generated();
  await realCorpus();
  console.log('');
  await speed();
} finally {
  await reader.close();
}
