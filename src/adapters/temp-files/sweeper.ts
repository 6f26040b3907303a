import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEMP_DIR_NAME, TEMP_FILE_MAX_AGE_MS } from '../../domain/temp-files.js';

export function serviceTempDir(): string {
  return join(tmpdir(), TEMP_DIR_NAME);
}

/** Removes entries of the service's temp folder older than the retention limit; returns how many. */
export async function sweepTempFiles(now: Date, dir = serviceTempDir(), maxAgeMs = TEMP_FILE_MAX_AGE_MS): Promise<number> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  let removed = 0;
  for (const name of await readdir(dir)) {
    const path = join(dir, name);
    try {
      const info = await stat(path);
      if (now.getTime() - info.mtimeMs > maxAgeMs) {
        await rm(path, { recursive: true, force: true });
        removed += 1;
      }
    } catch {
      // Removed by its owner meanwhile: nothing to sweep.
    }
  }
  return removed;
}

/** Sweeps at start and then hourly; the timer never keeps the process alive. */
export function startTempFileSweeper(onError: (err: Error) => void): () => void {
  const run = () => void sweepTempFiles(new Date()).catch(onError);
  run();
  const timer = setInterval(run, 60 * 60 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
