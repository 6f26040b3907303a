/**
 * `npm run cli -- analyze …` as a self-hoster runs it: a real subprocess on real generated
 * statement PDFs (text layer, through the real reader and kontoauszug pipeline), no server and
 * no database. The camt.053 files validate against the ISO XSD and hold the statement's
 * postings and balances; MT940 and CSV read back with independent parsers; the JSON is the
 * API's body; a bad file is reported and the rest still written.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import mt940js from 'mt940js';
import { fixtureFor, textLayerPdf, type KontoauszugFixture } from '../scripts/fixtures/kontoauszug/generate.js';
import { LAYOUTS } from '../scripts/fixtures/kontoauszug/layouts.js';
import { amountToCents } from '../src/domain/money.js';
import { buildPipelineRegistry } from '../src/pipeline/pipelines.js';
import { createDocumentReader, defaultReaderConfig } from '../src/pipeline/reading/read-document.js';
import { analyzeDocument } from '../src/services/analyze-document.js';
import { camtSchemaErrors } from './support/camt-schema.js';
import { SAMPLE_TEXTS } from './support/sample-texts.js';

const repoRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function cli(...args: string[]): Promise<Run> {
  // No DATABASE_URL: analyze needs none. One reading worker: the machine is shared.
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', WORKER_POOL_SIZE: '1' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/cli/main.ts', 'analyze', ...args],
      { cwd: repoRoot, env, timeout: 300_000, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => done({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr }),
    );
  });
}

const cents = (german: unknown): number => amountToCents(String(german))!;
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false, isArray: (n) => ['Stmt', 'Ntry', 'Bal'].includes(n) });
type Node = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The fixture's postings (Betrag of each row) and printed balances, per account. */
function truth(f: KontoauszugFixture): { postings: number[]; opening: number; closing: number }[] {
  const statements = Array.isArray(f.expected.statement) ? f.expected.statement : [f.expected.statement];
  return f.expected.tables.map((t, i) => ({
    postings: t.rows.map((r) => cents(r[3])),
    opening: cents(statements[i]!['opening_balance']),
    closing: cents(statements[i]!['closing_balance']),
  }));
}

describe('operator CLI: analyze', { concurrency: 2 }, () => {
  const layouts = LAYOUTS.filter((l) => !l.pending && !l.textLayer).slice(0, 2);
  let tmp: string;
  let inDir: string;
  const fixtures: KontoauszugFixture[] = [];

  before(async () => {
    tmp = await mkdtemp(join(tmpdir(), 'klartext-cli-analyze-'));
    inDir = join(tmp, 'statements');
    await mkdir(inDir);
    for (const [i, layout] of layouts.entries()) {
      const f = fixtureFor(layout, 1);
      fixtures.push(f);
      await writeFile(join(inDir, `auszug-${i + 1}.pdf`), await textLayerPdf(f));
    }
    // A file that is no document, and one the folder scan leaves alone (not .pdf/.jpg/.png).
    await writeFile(join(inDir, 'kaputt.pdf'), 'this is not a PDF');
    // An image extension in capitals is a document too (the file itself is no image).
    await writeFile(join(inDir, 'foto.PNG'), 'no image either');
    await writeFile(join(inDir, 'notizen.txt'), 'ignored');
  });
  after(() => rm(tmp, { recursive: true, force: true }));

  it('a folder to camt.053: one file per statement, valid against the XSD, with its postings and balances; the bad file reported, exit 1', async () => {
    const out = join(tmp, 'camt');
    await mkdir(out);
    const run = await cli(inDir, '--type', 'kontoauszug', '--format', 'camt053', '--out', out);
    assert.equal(run.code, 1, `exit ${run.code}\n${run.stderr}`);
    assert.equal(run.stdout, '');
    const lines = run.stderr.trim().split('\n');
    assert.deepEqual(
      lines.map((l) => l.replace(/:.*$/u, '')),
      ['[1/4] auszug-1.pdf', '[2/4] auszug-2.pdf', '[3/4] foto.PNG', '[4/4] kaputt.pdf'],
    );
    assert.match(lines[2]!, /failed: invalid_request: The file is not a PDF, JPG or PNG\./u);
    assert.match(lines[3]!, /failed: invalid_request: The file is not a PDF, JPG or PNG\./u);
    assert.match(lines[0]!, new RegExp(`: ${truth(fixtures[0]!)[0]!.postings.length} postings, reconciled → `, 'u'));
    assert.deepEqual((await readdir(out)).sort(), ['auszug-1.camt053.xml', 'auszug-2.camt053.xml']);
    for (const [i, f] of fixtures.entries()) {
      const doc = await readFile(join(out, `auszug-${i + 1}.camt053.xml`), 'utf8');
      assert.deepEqual(await camtSchemaErrors(doc), [], f.id);
      const statements = (xml.parse(doc) as Node).Document.BkToCstmrStmt.Stmt as Node[];
      const expected = truth(f);
      assert.equal(statements.length, expected.length, f.id);
      statements.forEach((s, j) => {
        const signed = (n: Node): number => Math.round(Number(n.Amt['#text']) * 100) * (n.CdtDbtInd === 'DBIT' ? -1 : 1);
        assert.deepEqual((s.Ntry as Node[]).map(signed), expected[j]!.postings, `${f.id}: postings`);
        assert.deepEqual((s.Bal as Node[]).map(signed), [expected[j]!.opening, expected[j]!.closing], `${f.id}: balances`);
        assert.equal(s.AddtlStmtInf, undefined, `${f.id}: reconciled, no note`);
      });
    }
  });

  it('one file to MT940 on stdout reads back with mt940js: same postings and balances; exit 0', async () => {
    const run = await cli(join(inDir, 'auszug-2.pdf'), '--type', 'kontoauszug', '--format', 'mt940');
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /^\[1\/1\] auszug-2\.pdf: \d+ postings, reconciled\n$/u);
    const statements = new mt940js.Parser().parse(run.stdout);
    const expected = truth(fixtures[1]!);
    assert.equal(statements.length, expected.length);
    statements.forEach((s, j) => {
      assert.deepEqual(s.transactions.map((t) => Math.round(t.amount * 100)), expected[j]!.postings);
      assert.equal(Math.round(s.openingBalance * 100), expected[j]!.opening);
      assert.equal(Math.round(s.closingBalance * 100), expected[j]!.closing);
    });
  });

  it('one file to CSV on stdout: a row per posting with the German amounts', async () => {
    const run = await cli(join(inDir, 'auszug-1.pdf'), '--type', 'kontoauszug', '--format', 'csv');
    assert.equal(run.code, 0, run.stderr);
    const rows = parseCsv(run.stdout, { delimiter: ';', bom: true, columns: true }) as Record<string, string>[];
    assert.deepEqual(rows.map((r) => cents(r['Betrag'])), truth(fixtures[0]!).flatMap((a) => a.postings));
    assert.ok(rows.every((r) => r['Abgestimmt'] === 'ja'));
  });

  it('--format json (the default) prints the body the API answers with', async () => {
    const file = join(inDir, 'auszug-1.pdf');
    const run = await cli(file, '--type', 'kontoauszug');
    assert.equal(run.code, 0, run.stderr);
    const reader = createDocumentReader({ ...defaultReaderConfig, workerPoolSize: 1, warmUp: false });
    try {
      const outcome = await analyzeDocument(
        { pipelines: buildPipelineRegistry({}), reader, maxPages: 100, processingTimeoutMs: 120_000 },
        { documentType: 'kontoauszug', bytes: await readFile(file), kind: 'pdf', startedAt: performance.now() },
      );
      assert.ok(outcome.ok);
      const withoutLatency = (b: object): object => ({ ...b, latency_ms: 0 });
      const body = JSON.parse(run.stdout) as object & { accounts?: unknown[] };
      assert.deepEqual(withoutLatency(body), withoutLatency(JSON.parse(JSON.stringify(outcome.body)) as object));
      assert.ok((body.accounts ?? []).length > 0, 'accounts are in the body');
    } finally {
      await reader.close();
    }
  });

  it('a folder in which every file is a statement: exit 0, one JSON file per statement', async () => {
    const dir = join(tmp, 'good');
    const out = join(tmp, 'json');
    await mkdir(dir);
    await mkdir(out);
    await writeFile(join(dir, 'a.pdf'), await readFile(join(inDir, 'auszug-1.pdf')));
    const run = await cli(dir, '--type', 'kontoauszug', '--out', out);
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(await readdir(out), ['a.json']);
    assert.equal((JSON.parse(await readFile(join(out, 'a.json'), 'utf8')) as { document_type: string }).document_type, 'kontoauszug');
  });

  describe('usage errors exit 2 before any document is read', { concurrency: 4 }, () => {
    const cases: [string, string[], RegExp][] = [
      ['no --type', ['x.pdf'], /--type is required/u],
      ['an unknown type', ['x.pdf', '--type', 'rechnung'], /--type must be one of/u],
      ['an unknown format', ['x.pdf', '--type', 'kontoauszug', '--format', 'qif'], /--format must be one of json, camt053, mt940, csv/u],
      ['an export of another document type', ['x.pdf', '--type', 'mahnung', '--format', 'camt053'], /only available for --type kontoauszug/u],
      ['no file', ['--type', 'kontoauszug'], /at least one file or folder/u],
    ];
    for (const [name, args, message] of cases) {
      it(name, async () => {
        const run = await cli(...args);
        assert.equal(run.code, 2, run.stderr);
        assert.match(run.stderr, message);
        assert.match(run.stderr, /Usage:/u);
      });
    }

    it('several files without --out, and an --out that is not a folder', async () => {
      const several = await cli(join(inDir, 'auszug-1.pdf'), join(inDir, 'auszug-2.pdf'), '--type', 'kontoauszug');
      assert.equal(several.code, 2);
      assert.match(several.stderr, /2 files to analyse: name a folder for the results with --out DIR/u);
      const notFolder = await cli(join(inDir, 'auszug-1.pdf'), '--type', 'kontoauszug', '--out', join(inDir, 'auszug-2.pdf'));
      assert.equal(notFolder.code, 2);
      assert.match(notFolder.stderr, /is not a folder/u);
    });
  });

  it('a missing file, an empty folder, a file over 10 MB and a result that cannot be written are per-file failures: exit 1, the rest is done', async () => {
    const empty = join(tmp, 'empty');
    const out = join(tmp, 'mixed');
    const big = join(tmp, 'riesig.pdf');
    await mkdir(empty);
    await mkdir(out);
    await writeFile(big, Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024)]));
    // A folder where the result of auszug-2.pdf would go: the write fails.
    await mkdir(join(out, 'auszug-2.csv'));
    const run = await cli(
      join(tmp, 'gibt-es-nicht.pdf'),
      empty,
      big,
      join(inDir, 'auszug-1.pdf'),
      join(inDir, 'auszug-2.pdf'),
      ...['--type', 'kontoauszug', '--format', 'csv', '--out', out],
    );
    assert.equal(run.code, 1, run.stderr);
    const lines = run.stderr.trim().split('\n');
    assert.match(lines[0]!, /^\[1\/5\] gibt-es-nicht\.pdf: failed: no such file or folder$/u);
    assert.match(lines[1]!, /^\[2\/5\] empty: failed: the folder holds no \.pdf, \.jpg, \.jpeg or \.png file$/u);
    assert.match(lines[2]!, /^\[3\/5\] riesig\.pdf: failed: The file is larger than 10 MB \(10485760 bytes\)\.$/u);
    assert.match(lines[3]!, /^\[4\/5\] auszug-1\.pdf: \d+ postings, reconciled → /u);
    assert.match(lines[4]!, /^\[5\/5\] auszug-2\.pdf: failed: cannot write .*auszug-2\.csv \(EISDIR\)$/u);
    assert.deepEqual((await readdir(out)).sort(), ['auszug-1.csv', 'auszug-2.csv']);
  });

  it('another document type with the default JSON prints its analysis', async () => {
    const dir = join(tmp, 'mahnung');
    await mkdir(dir);
    const { textToPdf } = await import('../scripts/fixtures/kontoauszug/text-to-pdf.js');
    await writeFile(join(dir, 'mahnung.pdf'), await textToPdf(SAMPLE_TEXTS.mahnung));
    const run = await cli(join(dir, 'mahnung.pdf'), '--type', 'mahnung');
    assert.equal(run.code, 0, run.stderr);
    const body = JSON.parse(run.stdout) as { document_type: string; analysis: { key_numbers: Record<string, unknown> } };
    assert.equal(body.document_type, 'mahnung');
    assert.ok(Object.keys(body.analysis.key_numbers).length > 0, 'key numbers read');
    assert.match(run.stderr, /^\[1\/1\] mahnung\.pdf: mahnung, \d+ key numbers, \d+ review flags\n$/u);
  });

  it('a document that is no statement is reported per file, and nothing is exported', async () => {
    const dir = join(tmp, 'letter');
    await mkdir(dir);
    // A one-line PDF that reads as text but holds no statement: not recognised as a kontoauszug.
    const { textToPdf } = await import('../scripts/fixtures/kontoauszug/text-to-pdf.js');
    await writeFile(join(dir, 'brief.pdf'), await textToPdf('Sehr geehrte Damen und Herren,\nvielen Dank für Ihren Einkauf.\nMit freundlichen Grüßen'));
    const run = await cli(join(dir, 'brief.pdf'), '--type', 'kontoauszug', '--format', 'camt053');
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr, /^\[1\/1\] brief\.pdf: failed: document_not_recognized: /u);
    assert.equal(run.stdout, '');
  });
});
