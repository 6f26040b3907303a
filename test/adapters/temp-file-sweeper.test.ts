/**
 * SPEC §7: a sweeper removes any leftover temp file older than 24 hours. Real files in a real
 * folder, with their real modification times; the sweeper's "now" comes from a clock the test
 * moves, so 24 hours pass in a moment.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { startTempFileSweeper, sweepTempFiles } from '../../src/adapters/temp-files/sweeper.js';
import { TEMP_FILE_MAX_AGE_MS } from '../../src/domain/temp-files.js';
import { ManualClock } from '../support/clock.js';

const HOUR = 60 * 60 * 1000;
const root = mkdtempSync(join(tmpdir(), 'klartext-sweeper-test-'));
after(() => rmSync(root, { recursive: true, force: true }));

let n = 0;
function freshDir(): string {
  const dir = join(root, `case-${++n}`);
  mkdirSync(dir);
  return dir;
}

/** A file written now whose modification time is then set `ageMs` into the past. */
function fileAged(dir: string, name: string, ageMs: number): string {
  const path = join(dir, name);
  writeFileSync(path, 'upload bytes');
  const at = new Date(Date.now() - ageMs);
  utimesSync(path, at, at);
  return path;
}

/** The sweeper's timer is unref'd (it never keeps a process alive); the tests hold the loop open. */
function holdEventLoop(): () => void {
  const t = setInterval(() => undefined, 1000);
  return () => clearInterval(t);
}

describe('temp-file sweeper', () => {
  it('the limit is 24 hours', () => {
    assert.equal(TEMP_FILE_MAX_AGE_MS, 24 * HOUR);
  });

  it('removes files and folders older than 24 hours and keeps younger ones', async () => {
    const dir = freshDir();
    const old = fileAged(dir, 'old.pdf', 25 * HOUR);
    const young = fileAged(dir, 'young.pdf', 23 * HOUR);
    const fresh = fileAged(dir, 'fresh.pdf', 0);
    const oldFolder = join(dir, 'req-1');
    mkdirSync(oldFolder);
    writeFileSync(join(oldFolder, 'page-1.png'), 'pixels');
    const at = new Date(Date.now() - 30 * HOUR);
    utimesSync(oldFolder, at, at);

    const removed = await sweepTempFiles(new ManualClock(new Date()).now(), dir);
    assert.equal(removed, 2);
    assert.equal(existsSync(old), false);
    assert.equal(existsSync(oldFolder), false, 'a leftover folder goes with its content');
    assert.equal(existsSync(young), true);
    assert.equal(existsSync(fresh), true);
  });

  it('a file written now goes once the clock is past 24 hours, not before', async () => {
    const dir = freshDir();
    const path = fileAged(dir, 'upload.jpg', 0);
    const mtime = statSync(path).mtimeMs;
    const clock = new ManualClock(new Date(mtime));

    clock.advance(24 * HOUR - 60_000);
    assert.equal(await sweepTempFiles(clock.now(), dir), 0);
    clock.set(new Date(mtime + 24 * HOUR));
    assert.equal(await sweepTempFiles(clock.now(), dir), 0, 'exactly 24 hours old stays until the next run');
    assert.equal(existsSync(path), true);

    clock.advance(60_000);
    assert.equal(await sweepTempFiles(clock.now(), dir), 1);
    assert.equal(existsSync(path), false);
  });

  it('creates a missing folder, private to the service', async () => {
    const dir = join(root, `missing-${++n}`, 'klartext');
    assert.equal(await sweepTempFiles(new Date(), dir), 0);
    assert.equal(statSync(dir).isDirectory(), true);
    assert.equal(statSync(dir).mode & 0o777, 0o700);
  });

  it('the periodic sweeper reads its clock on every run and stops when told', async () => {
    const dir = freshDir();
    const old = fileAged(dir, 'crash-leftover.pdf', 48 * HOUR);
    const fresh = fileAged(dir, 'in-flight.pdf', 0);
    const clock = new ManualClock(new Date());
    const runs: number[] = [];
    let notify: (() => void) | undefined;
    const nextRun = () => new Promise<void>((resolve) => (notify = resolve));

    const release = holdEventLoop();
    let first = nextRun();
    const stop = startTempFileSweeper((err) => assert.fail(err), {
      clock,
      dir,
      intervalMs: 20,
      onSweep: (removed) => {
        runs.push(removed);
        notify?.();
      },
    });
    try {
      await first; // the run at start
      assert.equal(runs[0], 1);
      assert.deepEqual(readdirSync(dir), ['in-flight.pdf']);

      first = nextRun();
      await first; // a later run with the clock unchanged keeps the fresh file
      assert.equal(existsSync(fresh), true);

      clock.advance(24 * HOUR + 1000);
      // Runs keep coming every 20 ms; wait for one that saw the new time.
      const deadline = Date.now() + 10_000;
      while (existsSync(fresh) && Date.now() < deadline) await nextRun();
      assert.equal(existsSync(fresh), false, 'a day later the file is swept');
      assert.equal(existsSync(old), false);
    } finally {
      stop();
    }
    // A run in flight when stop() came may still finish; none starts after it.
    await new Promise((r) => setTimeout(r, 300));
    const count = runs.length;
    await new Promise((r) => setTimeout(r, 300));
    release();
    assert.equal(runs.length, count, 'no run after stop');
  });

  it('a failed run goes to onError instead of throwing', async () => {
    const blocker = join(root, `file-${++n}`);
    writeFileSync(blocker, 'not a folder');
    const errors: Error[] = [];
    const release = holdEventLoop();
    const failed = new Promise<void>((resolve) => {
      const stop = startTempFileSweeper(
        (err) => {
          errors.push(err);
          stop();
          resolve();
        },
        { dir: join(blocker, 'klartext'), intervalMs: 60_000 },
      );
    });
    await failed;
    release();
    assert.equal(errors.length, 1);
    assert.match(String((errors[0] as NodeJS.ErrnoException).code), /ENOTDIR|EEXIST/);
  });
});
