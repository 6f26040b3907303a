import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { DOCUMENT_TYPES, isDocumentType, type DocumentType } from '../domain/document-types.js';
import { MAX_UPLOAD_BYTES } from '../domain/file-kind.js';
import { analyzeDocument, type AnalyzeBody, type AnalyzeDeps } from '../services/analyze-document.js';
import { EXPORT_FORMATS, exportStatement, isExportFormat, type ExportFormat } from '../services/export-statement.js';
import { validateAnalyzeForm } from '../services/run-metered-analysis.js';

/**
 * `analyze FILE… --type T [--format json|camt053|mt940|csv] [--out DIR]` (SPEC §8a, issue 18):
 * the API's analysis without a server — the same checks of the file, the same pipeline, the
 * same JSON body and the same export renderers, on files and folders (a folder: its
 * .pdf/.jpg/.jpeg/.png files, by name). One progress line per file on stderr; with --out one
 * result file per input (`name.json`, `name.camt053.xml`, `name.sta`, `name.csv`), without it
 * the result of the one input on stdout. A file that fails (unreadable, not of the type) is
 * reported and the batch goes on. Exit code: 0 all succeeded, 1 some failed, 2 usage.
 */
export interface AnalyzeCommandDeps extends AnalyzeDeps {
  now: () => Date;
  stdout: (data: string) => void;
  stderr: (line: string) => void;
}

export interface AnalyzeCommandOptions {
  inputs: string[];
  type: string | undefined;
  format: string | undefined;
  out: string | undefined;
}

export type AnalyzeCommandResult = { exitCode: 0 | 1 } | { exitCode: 2; usage: string };

const DOCUMENT_EXTENSIONS = new Set(['.pdf', '.jpg', '.jpeg', '.png']);

type Input = { path: string } | { path: string; problem: string };

async function expand(inputs: string[]): Promise<Input[]> {
  const files: Input[] = [];
  for (const input of inputs) {
    const info = await stat(input).catch((err: NodeJS.ErrnoException) => err);
    if (info instanceof Error) {
      files.push({ path: input, problem: info.code === 'ENOENT' ? 'no such file or folder' : `cannot read it (${info.code ?? info.message})` });
    } else if (info.isDirectory()) {
      const names = (await readdir(input)).filter((n) => DOCUMENT_EXTENSIONS.has(extname(n).toLowerCase())).sort();
      if (names.length === 0) files.push({ path: input, problem: 'the folder holds no .pdf, .jpg, .jpeg or .png file' });
      for (const n of names) files.push({ path: join(input, n) });
    } else files.push({ path: input });
  }
  return files;
}

/** What a person wants to know of a finished file, with no document content. */
function summary(body: AnalyzeBody): string {
  if (!('tables' in body)) return `${body.document_type}, ${Object.keys(body.analysis.key_numbers).length} key numbers, ${body.analysis.review_flags.length} review flags`;
  const accounts = body.accounts ?? [];
  const postings = accounts.reduce((n, a) => n + a.postings.length, 0);
  const unreconciled = accounts.filter((a) => !a.reconciled).length;
  const reconciled =
    accounts.length === 0 ? 'no account found' : unreconciled === 0 ? 'reconciled' : accounts.length === 1 ? 'not reconciled' : `${unreconciled} of ${accounts.length} accounts not reconciled`;
  return `${accounts.length > 1 ? `${accounts.length} accounts, ` : ''}${postings} postings, ${reconciled}`;
}

export interface CheckedAnalyzeOptions {
  inputs: string[];
  documentType: DocumentType;
  format: 'json' | ExportFormat;
  out: string | undefined;
}

/** The command line's usage errors (exit 2), found before anything is read or started. */
export function checkAnalyzeOptions(options: AnalyzeCommandOptions): { ok: true; value: CheckedAnalyzeOptions } | { ok: false; usage: string } {
  const format = options.format ?? 'json';
  if (options.inputs.length === 0) return { ok: false, usage: 'analyze needs at least one file or folder' };
  if (!options.type) return { ok: false, usage: '--type is required' };
  if (!isDocumentType(options.type)) return { ok: false, usage: `--type must be one of ${DOCUMENT_TYPES.join(', ')}` };
  if (format !== 'json' && !isExportFormat(format)) return { ok: false, usage: `--format must be one of json, ${EXPORT_FORMATS.join(', ')}` };
  if (format !== 'json' && options.type !== 'kontoauszug') return { ok: false, usage: `--format ${format} is only available for --type kontoauszug` };
  return { ok: true, value: { inputs: options.inputs, documentType: options.type, format, out: options.out } };
}

export async function runAnalyzeCommand(deps: AnalyzeCommandDeps, options: CheckedAnalyzeOptions): Promise<AnalyzeCommandResult> {
  const { documentType, format } = options;
  const files = await expand(options.inputs);
  if (files.length > 1 && options.out === undefined) return { exitCode: 2, usage: `${files.length} files to analyse: name a folder for the results with --out DIR` };
  if (options.out !== undefined) {
    const out = await stat(options.out).catch(() => null);
    if (!out?.isDirectory()) return { exitCode: 2, usage: `--out ${options.out} is not a folder` };
  }

  let failed = 0;
  const written = new Set<string>();
  for (const [i, file] of files.entries()) {
    const label = `[${i + 1}/${files.length}] ${basename(file.path)}`;
    const report = (problem: string): void => {
      failed += 1;
      deps.stderr(`${label}: failed: ${problem}`);
    };
    if ('problem' in file) {
      report(file.problem);
      continue;
    }
    let bytes: Uint8Array;
    try {
      const size = (await stat(file.path)).size;
      // The API's limit: a file the API would refuse is refused here too (same results).
      if (size > MAX_UPLOAD_BYTES) {
        report(`The file is larger than 10 MB (${MAX_UPLOAD_BYTES} bytes).`);
        continue;
      }
      bytes = await readFile(file.path);
    } catch (err) {
      report(`cannot read it (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
      continue;
    }
    const accepted = validateAnalyzeForm({ documentType, file: { bytes } });
    if (!accepted.ok) {
      report(`${accepted.error.code}: ${accepted.error.message}`);
      continue;
    }
    const outcome = await analyzeDocument(deps, { ...accepted.value, startedAt: performance.now() });
    if (!outcome.ok) {
      report(`${outcome.error.code}: ${outcome.error.message}`);
      continue;
    }
    let body: string;
    let extension: string;
    if (format === 'json') {
      body = `${JSON.stringify(outcome.body, null, 2)}\n`;
      extension = 'json';
    } else {
      const rendered = exportStatement(outcome.body, format, { createdAt: deps.now() });
      if (!rendered.ok) {
        report(`${rendered.error.code}: ${rendered.error.message}`);
        continue;
      }
      body = rendered.value.body;
      extension = rendered.value.filenameExtension;
    }
    if (options.out === undefined) {
      deps.stdout(body);
      deps.stderr(`${label}: ${summary(outcome.body)}`);
      continue;
    }
    // name.pdf → name.<ext>; a second input of the same name (name.png) → name-2.<ext>.
    const stem = basename(file.path, extname(file.path));
    let target = join(options.out, `${stem}.${extension}`);
    for (let n = 2; written.has(target); n += 1) target = join(options.out, `${stem}-${n}.${extension}`);
    written.add(target);
    try {
      await writeFile(target, body);
    } catch (err) {
      report(`cannot write ${target} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
      continue;
    }
    deps.stderr(`${label}: ${summary(outcome.body)} → ${target}`);
  }
  return { exitCode: failed === 0 ? 0 : 1 };
}
