import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEMP_DIR_NAME, TEMP_FILE_MAX_AGE_MS } from '../../domain/temp-files.js';
import { systemClock, type Clock } from '../../ports/clock.js';

export function serviceTempDir(): string {
  return join(tmpdir(), TEMP_DIR_NAME);
}

/**
 * Removes entries of the service's temp folder whose last modification is more than `maxAgeMs`
 * before `now` (a file or folder left by a crashed request); returns how many. An entry exactly
 * `maxAgeMs` old stays until the next run. An entry its owner removes meanwhile is skipped.
 */
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

export interface TempFileSweeperOptions {
  /** Source of "now" for every run; tests pass one they move by hand. */
  clock?: Clock;
  dir?: string;
  maxAgeMs?: number;
  /** Time between runs, ms; default hourly. */
  intervalMs?: number;
  /** Called after each successful run with the number of entries removed. */
  onSweep?: (removed: number) => void;
}

/**
 * Sweeps at start and then every `intervalMs` (SPEC §7: nothing older than 24 hours survives a
 * crash for longer than 24 hours plus one interval); the timer never keeps the process alive.
 * Runs never overlap. Returns the stop function: no run starts after it (one in flight ends).
 */
export function startTempFileSweeper(onError: (err: Error) => void, options: TempFileSweeperOptions = {}): () => void {
  const clock = options.clock ?? systemClock;
  // A run still going when the next is due (a slow disk) is not joined by a second one.
  let running = false;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = true;
    void sweepTempFiles(clock.now(), options.dir, options.maxAgeMs)
      .then((removed) => options.onSweep?.(removed))
      .catch(onError)
      .finally(() => {
        running = false;
      });
  };
  run();
  const timer = setInterval(run, options.intervalMs ?? 60 * 60 * 1000);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
