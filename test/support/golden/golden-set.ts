import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { goldenDocuments, type GoldenSet } from './documents.js';
import { jsonDifferences, type JsonDifference } from './json-diff.js';
import type { GoldenRunner } from './run-golden.js';
import { stableJson } from './stable-json.js';

/** test/golden/<set>/<id>.expected.json */
export const GOLDEN_DIR = path.resolve(import.meta.dirname, '..', '..', 'golden');
const SUFFIX = '.expected.json';
const IN_FLIGHT = 2;

/** `fn` over `items` with at most `limit` calls pending; the results in the items' order. */
async function inFlight<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

export function goldenFile(set: GoldenSet, id: string): string {
  return path.join(GOLDEN_DIR, set, `${id}${SUFFIX}`);
}

function goldenIds(set: GoldenSet): string[] {
  const dir = path.join(GOLDEN_DIR, set);
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(SUFFIX)).map((f) => f.slice(0, -SUFFIX.length)).sort() : [];
}

export interface SetOutcome {
  set: GoldenSet;
  /** Documents of the set (after `only`). */
  documents: number;
  same: string[];
  /** Compare: answers that differ from their file. Update: files rewritten with a different answer. */
  changed: { id: string; differences: JsonDifference[] }[];
  /** Compare: documents without a golden file. Update: files written for the first time. */
  added: string[];
  /** Compare: golden files of no document. Update: such files deleted. */
  stale: string[];
  /** Text-layer-only documents read by OCR at update, or without a file at compare: not golden material. */
  skipped: string[];
}

/**
 * Runs the set's documents through `runner` and holds each answer against its golden file
 * (`update`: writes the files that differ, deletes stale ones and those of documents now read
 * by OCR). `only`: ids containing this; stale files are then neither reported nor deleted.
 * Null when the set's documents are not available (real corpus absent).
 */
export async function checkGoldenSet(
  set: GoldenSet,
  runner: GoldenRunner,
  options: { update?: boolean; only?: string; onDocument?: (id: string, verdict: string) => void } = {},
): Promise<SetOutcome | null> {
  const all = await goldenDocuments(set);
  if (all === null) return null;
  const docs = all.filter((d) => !options.only || d.id.includes(options.only));
  const ids = new Set(all.map((d) => d.id));
  if (ids.size !== all.length) throw new Error(`golden set ${set}: two documents share an id`);
  const out: SetOutcome = { set, documents: docs.length, same: [], changed: [], added: [], stale: [], skipped: [] };
  const note = (id: string, verdict: string) => options.onDocument?.(id, verdict);
  if (options.update) mkdirSync(path.join(GOLDEN_DIR, set), { recursive: true });
  // Two documents in flight: one thread reads a PDF (the reader's pool) while this one renders
  // the next fixture or runs the stages; results are taken in the documents' order.
  const records = await inFlight(docs, IN_FLIGHT, async (doc) => {
    if (!options.update && !existsSync(goldenFile(set, doc.id))) return null;
    return runner.run(doc);
  });
  for (const [i, doc] of docs.entries()) {
    const file = goldenFile(set, doc.id);
    const present = existsSync(file);
    const record = records[i];
    if (!record) {
      if (doc.onlyTextLayer) out.skipped.push(doc.id);
      else out.added.push(doc.id);
      note(doc.id, doc.onlyTextLayer ? 'skipped' : 'missing');
      continue;
    }
    const actual = stableJson(record);
    if (options.update && record.read.includes('ocr')) {
      // Not golden material: OCR output depends on the engine and its version.
      if (present) rmSync(file);
      out.skipped.push(doc.id);
      note(doc.id, 'skipped (read by OCR)');
      continue;
    }
    const expected = present ? readFileSync(file, 'utf8') : null;
    if (expected === actual) {
      out.same.push(doc.id);
      note(doc.id, 'same');
      continue;
    }
    if (expected === null) {
      out.added.push(doc.id);
    } else {
      out.changed.push({ id: doc.id, differences: jsonDifferences(JSON.parse(expected), JSON.parse(actual)) });
    }
    if (options.update) writeFileSync(file, actual);
    note(doc.id, expected === null ? 'added' : 'changed');
  }
  if (!options.only) {
    for (const id of goldenIds(set)) {
      if (ids.has(id)) continue;
      out.stale.push(id);
      if (options.update) rmSync(goldenFile(set, id));
    }
  }
  return out;
}
