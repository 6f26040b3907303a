import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The shared evaluation corpus (`../shared/corpus/real` beside the repository, as CI lays it
 * out; `KLARTEXT_SHARED_DIR` points elsewhere). Evaluation data is read from there at run
 * time and never copied into the repository; callers skip when this returns null.
 */
export function sharedCorpusDir(kind?: string): string | null {
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const shared = process.env.KLARTEXT_SHARED_DIR ?? join(repoRoot, '..', 'shared');
  const dir = kind ? join(shared, 'corpus', 'real', kind) : join(shared, 'corpus', 'real');
  return existsSync(dir) ? dir : null;
}
