import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * One folder per script run under the OS temp directory: the instances' TMPDIR, their logs,
 * the own redis-server's working folder and the outbox live in it, so a run touches nothing
 * shared and can be searched for planted markers afterwards. Removed at the end unless
 * `--keep` asks to keep it for reading.
 */
export interface RunDir {
  path: string;
  sub(name: string): string;
  remove(): void;
}

export function makeRunDir(prefix: string): RunDir {
  const path = mkdtempSync(join(tmpdir(), `klartext-${prefix}-`));
  return {
    path,
    sub: (name) => join(path, name),
    remove: () => rmSync(path, { recursive: true, force: true }),
  };
}
