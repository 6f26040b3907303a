import { createDocumentReader, defaultReaderConfig, type ReaderConfig, type ReaderWithStats } from '../../src/pipeline/reading/read-document.js';
import type { LoadedDocument } from '../../src/pipeline/model/document.js';
import type { FixtureKind, FixtureName } from '../../scripts/fixtures/generate.js';
import { fixtures, readingFixture } from '../../scripts/fixtures/generate.js';

/** A real reader (real pool, real engines) with settings for tests; close it in `after`. */
export function testReader(overrides: Partial<ReaderConfig> = {}): ReaderWithStats {
  return createDocumentReader({ ...defaultReaderConfig, workerPoolSize: 2, warmUp: false, ...overrides });
}

export function openSignal(): AbortSignal {
  return new AbortController().signal;
}

export async function readFixture(
  reader: ReaderWithStats,
  name: FixtureName,
  options: { maxPages?: number; signal?: AbortSignal } = {},
): Promise<LoadedDocument> {
  const bytes = await readingFixture(name);
  const kind: FixtureKind = fixtures[name].kind;
  return reader.read(bytes, kind, { maxPages: options.maxPages ?? 100, signal: options.signal ?? openSignal() });
}

/** Whitespace-collapsed, NFKC (ligatures and the like spelled out) for comparing text. */
export function flat(text: string): string {
  return text.normalize('NFKC').replace(/\s+/gu, ' ').trim();
}
