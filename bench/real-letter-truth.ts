/**
 * Real letters with hand-written truth (issue 22): every file that has a truth in
 * test/fixtures/real-truth/<type>/ is read from ../shared/corpus/real at run time (never
 * copied) and run through the full pipeline as its type; the table prints per file key recall,
 * wrong values, SPEC keys the letter does not print, amounts found among the key numbers,
 * dates found, deadlines whose flag was raised, flag recall and flags without cause, then the
 * totals. Skipped, with one line, where ../shared is absent.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadRealTruths, type RealScore, type RealTruth, scoreReal } from '../scripts/fixtures/analysis/real-truth.js';
import { sniffFileKind } from '../src/domain/file-kind.js';
import type { DocumentType } from '../src/domain/document-types.js';
import type { PipelineRun } from '../src/pipeline/run-pipeline.js';
import { sharedCorpusDir } from '../test/support/corpus.js';

type Run = (type: DocumentType, bytes: Uint8Array, kind: 'pdf' | 'jpeg' | 'png') => Promise<PipelineRun>;

const TYPES: RealTruth['type'][] = ['bussgeldbescheid', 'steuerbescheid', 'lohnabrechnung', 'mahnung', 'kuendigung'];
const frac = (a: number, b: number) => (b === 0 ? '–' : `${a}/${b}`);

export async function realTruthEval(run: Run): Promise<void> {
  for (const type of TYPES) {
    const truths = loadRealTruths(type);
    if (truths.length === 0) continue;
    const dir = sharedCorpusDir(type);
    if (!dir) {
      console.log(`\nreal ${type} with truth (${truths.length} files): ../shared/corpus/real/${type} not present — skipped`);
      continue;
    }
    console.log(`\nreal ${type} letters with hand-written truth (test/fixtures/real-truth/${type}, issue 22):`);
    console.log('| file | origin | status | key recall | wrong values | keys not printed | amounts found | dates found | deadlines flagged | flag recall | flags w/o cause |');
    console.log('|---|---|---|---|---|---|---|---|---|---|---|');
    const total: RealScore = { keysExpected: 0, keysOk: 0, wrong: [], notPrinted: [], amountsExpected: 0, amountsFound: 0, datesExpected: 0, datesFound: 0, deadlinesExpected: 0, deadlinesFlagged: 0, flagsExpected: 0, flagsRaised: 0, withoutCause: [], missed: [] };
    const notes: string[] = [];
    let files = 0;
    for (const truth of truths) {
      const file = path.join(dir, truth.file);
      if (!existsSync(file)) {
        console.log(`| ${short(truth.file)} | ${truth.origin.split(/[,;(]/u)[0]} | file absent | – | – | – | – | – | – | – | – |`);
        continue;
      }
      const bytes = new Uint8Array(readFileSync(file));
      const kind = sniffFileKind(bytes);
      if (!kind) continue;
      const started = performance.now();
      const r = await run(type, bytes, kind);
      const secs = ((performance.now() - started) / 1000).toFixed(1);
      const analysis = r.status === 'success' && r.output.kind === 'analysis' ? r.output.analysis : null;
      const status = analysis ? `200 (${secs} s)` : r.status === 'failure' ? (r.kind === 'not_recognized' ? '422' : r.kind) : '?';
      const s = scoreReal(truth, analysis);
      files++;
      for (const k of Object.keys(total) as (keyof RealScore)[]) {
        const v = s[k];
        if (typeof v === 'number') (total[k] as number) += v;
        else (total[k] as string[]).push(...(v as string[]));
      }
      console.log(`| ${short(truth.file)} | ${truth.origin.split(/[,;(]/u)[0]} | ${status} | ${frac(s.keysOk, s.keysExpected)} | ${s.wrong.length} | ${s.notPrinted.length} | ${frac(s.amountsFound, s.amountsExpected)} | ${frac(s.datesFound, s.datesExpected)} | ${frac(s.deadlinesFlagged, s.deadlinesExpected)} | ${frac(s.flagsRaised, s.flagsExpected)} | ${s.withoutCause.length} |`);
      const what = [...s.wrong.map((w) => `wrong ${w}`), ...s.notPrinted.map((n) => `not printed ${n}`), ...s.missed.map((m) => `missed ${m}`), ...s.withoutCause.map((f) => `flag w/o cause ${f}`)];
      if (what.length) notes.push(`${short(truth.file)}: ${what.join('; ')}`);
    }
    const t = total;
    console.log(`| all (${files} files) | | | ${frac(t.keysOk, t.keysExpected)} | ${t.wrong.length} | ${t.notPrinted.length} | ${frac(t.amountsFound, t.amountsExpected)} | ${frac(t.datesFound, t.datesExpected)} | ${frac(t.deadlinesFlagged, t.deadlinesExpected)} | ${frac(t.flagsRaised, t.flagsExpected)} | ${t.withoutCause.length} |`);
    if (notes.length) console.log(`  per file:\n  ${notes.join('\n  ')}`);
  }
}

/** The corpus file name without its source prefix (owner__repo__). */
function short(name: string): string {
  return name.replace(/^[^_]+__[^_]+__/u, '').slice(0, 48);
}
