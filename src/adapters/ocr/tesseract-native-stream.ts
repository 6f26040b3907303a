import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type { GreyImage, OcrEngine, OcrRequest, OcrResult } from '../../ports/ocr-engine.js';
import { encodeGreyTiff } from './grey-tiff.js';
import { encodePgm, parseTesseractTsv } from './tesseract-tsv.js';

/**
 * Native tesseract as one long-lived process per engine (per pool thread), fed page after page:
 * each CLI start costs 0.2–0.3 CPU s before it reads (model and the legacy engine's ambiguity
 * table, docs/reading.md "Native tesseract's CPU per call"), which this pays once per process.
 *
 * How pages get in (measured on Debian's tesseract 5.3.0, docs/reading.md session 13):
 * `-c stream_filelist=1` reads image names from stdin, one per line, as they come. Leptonica
 * cannot read a named pipe (pixRead seeks to the end to size the file: "fnbytesInFile: seek
 * position must be > 0"), so the page goes into an unnamed RAM file instead: `O_TMPFILE` on
 * /dev/shm (tmpfs) — it never has a name in any directory, never reaches a disk, and the kernel
 * frees it when the last descriptor closes, crash or not. The child inherits it as fd 3 and
 * opens `/dev/fd/3` for every page (a fresh open: offset 0, the current contents); the file is
 * rewritten only between pages. A page goes in as an uncompressed TIFF (grey-tiff.ts: the same
 * pixels as PGM, read with less CPU; `KLARTEXT_OCR_PAGE_FORMAT=pgm` feeds PGM, the bench's A/B
 * switch). The dpi is the process's `--dpi` (the file carries none): a
 * page of another dpi or language set restarts the process.
 *
 * How pages come out: the TSV renderer writes and flushes each page's rows when the page is
 * done, starting with a level-1 row carrying its page number, but nothing marks a page's end.
 * So every page is followed by a 1 × 1 white sentinel image (fd 4): when the sentinel's level-1
 * row arrives, the page before it is complete. Real pages are the odd page numbers.
 *
 * Bounded: a page that takes longer than `pageTimeoutMs`, an abort, or an exit mid-page kill
 * the process (SIGKILL) and reject; the next page starts a new one. A process that died while
 * idle is replaced before it is given a page, so a kill costs at most the page in flight.
 * Where the RAM file cannot be made (no /dev/shm, no O_TMPFILE) or the process never reads a
 * first page, every call goes to `fallback` (one process per call, tesseract-native.ts); a page
 * that does not fit into the RAM file (a full /dev/shm) goes to it alone.
 */
export interface StreamingTesseractOptions {
  binary?: string;
  psm?: number;
  /** Where the unnamed page file lives; must be a RAM file system. */
  ramDir?: string;
  /** Longest one page may take before the process is killed. */
  pageTimeoutMs?: number;
  fallback: OcrEngine;
}

/** __O_TMPFILE (same value on x86-64 and arm64) together with O_DIRECTORY, as glibc's O_TMPFILE. */
const O_TMPFILE = 0o20000000 | fs.constants.O_DIRECTORY;
const SENTINEL = encodePgm(new Uint8Array([255]), 1, 1);

interface Pending {
  resolve: (r: OcrResult) => void;
  reject: (e: unknown) => void;
}

interface StreamProcess {
  key: string;
  child: ChildProcess;
  imageFd: number;
  sentinelFd: number;
  pending: Pending | null;
  /** Rows of the real page being received; null while inside a sentinel page. */
  rows: string[] | null;
  partial: string;
  dead: boolean;
}

/** One engine's state: its process (if any) and what it learnt about this host. */
interface EngineState {
  binary: string;
  ramDir: string;
  psm: string;
  pageTimeoutMs: number;
  proc: StreamProcess | null;
  /** A page was read through a process once: a later exit is a crash, not a build that cannot stream. */
  everRead: boolean;
  /** Streaming cannot work here: every page goes to the fallback for the engine's life. */
  useFallback: boolean;
}

export function createStreamingTesseractEngine(options: StreamingTesseractOptions): OcrEngine {
  const state: EngineState = {
    binary: options.binary ?? 'tesseract',
    ramDir: options.ramDir ?? '/dev/shm',
    psm: String(options.psm ?? 6),
    pageTimeoutMs: options.pageTimeoutMs ?? 120_000,
    proc: null,
    everRead: false,
    useFallback: false,
  };
  let queue: Promise<unknown> = Promise.resolve();
  return {
    name: 'native',
    recognize(image: GreyImage, request: OcrRequest): Promise<OcrResult> {
      // One page at a time per process: calls queue behind each other.
      const result = queue.then(() => recognizeOne(state, options.fallback, image, request));
      queue = result.catch(() => undefined);
      return result;
    },
    async close() {
      if (state.proc) stop(state, state.proc, new Error('engine closed'));
      await options.fallback.close();
    },
  };
}

async function recognizeOne(state: EngineState, fallback: OcrEngine, image: GreyImage, request: OcrRequest): Promise<OcrResult> {
  request.signal?.throwIfAborted();
  if (state.useFallback) return fallback.recognize(image, request);
  try {
    return await readPage(state, image, request);
  } catch (err) {
    if (request.signal?.aborted) throw request.signal.reason;
    // The page did not fit into the RAM file: this page goes to one process of its own.
    if (err instanceof PageNotWritten) return fallback.recognize(image, request);
    // No RAM file system, no O_TMPFILE, no binary, or a build that cannot stream: fall back
    // for good. A process killed or timed out mid-page is restarted on the next call.
    if (!(err instanceof StreamUnusable) && !isSetupError(err)) throw err;
    state.useFallback = true;
    return fallback.recognize(image, request);
  }
}

/** Hands the page to a living process of the request's settings and waits for its rows. */
function readPage(state: EngineState, image: GreyImage, request: OcrRequest): Promise<OcrResult> {
  const p = processFor(state, request);
  const file = process.env.KLARTEXT_OCR_PAGE_FORMAT === 'pgm' ? encodePgm(image.data, image.width, image.height) : encodeGreyTiff(image.data, image.width, image.height);
  try {
    fs.ftruncateSync(p.imageFd, 0);
    fs.writeSync(p.imageFd, file, 0, file.length, 0);
  } catch (err) {
    // A full RAM file system (Docker's /dev/shm is 64 MB; a page is 6–10 MB per pool thread).
    fs.ftruncateSync(p.imageFd, 0);
    throw new PageNotWritten(err instanceof Error ? err.message : String(err));
  }
  const result = awaitPage(state, p, request);
  p.child.stdin!.write('/dev/fd/3\n/dev/fd/4\n');
  return result;
}

/** The process for this request's languages and dpi: the current one, or a new one. */
function processFor(state: EngineState, request: OcrRequest): StreamProcess {
  const dpi = String(Math.round(request.dpi));
  const langs = request.languages.join('+');
  const key = `${langs}|${dpi}|${state.psm}`;
  if (state.proc && state.proc.key !== key) stop(state, state.proc, new Error('restarted'));
  // A process that died while idle (killed between pages) is replaced before the page is
  // handed over: Node reports its end only on a later turn of the event loop, and a page
  // written to it meanwhile would be lost with it.
  if (state.proc && hasEnded(state.proc.child)) stop(state, state.proc, new Error('tesseract ended while idle'));
  state.proc ??= start(state, key, ['-', '-', '-l', langs, '--psm', state.psm, '--dpi', dpi, '-c', 'stream_filelist=1', '-c', 'debug_file=/dev/null', 'tsv']);
  return state.proc;
}

/** Settles with the page's rows, or rejects when the page times out, the caller aborts or the process dies. */
function awaitPage(state: EngineState, p: StreamProcess, request: OcrRequest): Promise<OcrResult> {
  return new Promise<OcrResult>((resolve, reject) => {
    const timer = setTimeout(() => stop(state, p, new Error(`tesseract took longer than ${state.pageTimeoutMs} ms for a page`)), state.pageTimeoutMs);
    const onAbort = () => stop(state, p, request.signal!.reason);
    request.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
      // The page's bytes do not outlive its reading.
      if (!p.dead) fs.ftruncateSync(p.imageFd, 0);
    };
    p.pending = {
      resolve: (r) => {
        done();
        resolve(r);
      },
      reject: (e) => {
        done();
        reject(e);
      },
    };
  });
}

/** Kills the process (once) and rejects its page, if any, with `reason`. */
function stop(state: EngineState, p: StreamProcess, reason: unknown): void {
  if (!p.dead) {
    p.dead = true;
    p.child.kill('SIGKILL');
    closeFd(p.imageFd);
    closeFd(p.sentinelFd);
  }
  if (state.proc === p) state.proc = null;
  const pending = p.pending;
  p.pending = null;
  pending?.reject(reason);
}

/** The page file and the sentinel file, unnamed in RAM (see above); the sentinel written once. */
function openRamFiles(ramDir: string): { imageFd: number; sentinelFd: number } {
  const imageFd = fs.openSync(ramDir, O_TMPFILE | fs.constants.O_RDWR, 0o600);
  try {
    const sentinelFd = fs.openSync(ramDir, O_TMPFILE | fs.constants.O_RDWR, 0o600);
    fs.writeSync(sentinelFd, SENTINEL, 0, SENTINEL.length, 0);
    return { imageFd, sentinelFd };
  } catch (err) {
    closeFd(imageFd);
    throw err;
  }
}

function start(state: EngineState, key: string, args: string[]): StreamProcess {
  const { imageFd, sentinelFd } = openRamFiles(state.ramDir);
  const child = spawn(state.binary, args, {
    env: { ...process.env, OMP_THREAD_LIMIT: '1' },
    stdio: ['pipe', 'pipe', 'ignore', imageFd, sentinelFd],
  });
  const p: StreamProcess = { key, child, imageFd, sentinelFd, pending: null, rows: null, partial: '', dead: false };
  child.stdin!.on('error', () => undefined);
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => onOutput(state, p, chunk));
  // Could not run, or exited by itself (not killed) before reading any page: this build or
  // system cannot stream pages, and the caller falls back to one process per call.
  child.on('error', (err) => stop(state, p, new StreamUnusable(err.message)));
  child.on('close', (code, sig) => {
    const msg = `tesseract exited mid-stream (${sig ?? code})`;
    stop(state, p, sig === null && !state.everRead ? new StreamUnusable(msg) : new Error(msg));
  });
  return p;
}

/** Splits the stream into rows; a sentinel's level-1 row completes the page before it. */
function onOutput(state: EngineState, p: StreamProcess, chunk: string): void {
  const lines = (p.partial + chunk).split('\n');
  p.partial = lines.pop()!;
  for (const line of lines) {
    const cols = line.split('\t');
    if (cols[0] !== '1' || cols.length < 12) {
      p.rows?.push(line);
      continue;
    }
    // A page's level-1 row: odd page numbers are real pages, even ones sentinels.
    if (Number(cols[1]) % 2 === 1) {
      p.rows = [];
      continue;
    }
    const rows = p.rows;
    p.rows = null;
    const pending = p.pending;
    p.pending = null;
    if (pending && rows) {
      state.everRead = true;
      pending.resolve({ words: parseTesseractTsv(rows.join('\n')) });
    }
  }
}

/** The streaming process cannot work here (see recognizeOne). */
class StreamUnusable extends Error {}

/** The page could not be written into the RAM file (ENOSPC…): read by the fallback, this page only. */
class PageNotWritten extends Error {}

/** Errors of making the RAM file (start() before the spawn): EINVAL/EOPNOTSUPP/ENOENT/EISDIR… */
function isSetupError(err: unknown): boolean {
  return err instanceof Error && 'syscall' in err && (err as NodeJS.ErrnoException).syscall === 'open';
}

/**
 * True when the child has ended, even if Node has not noticed yet: its exit was seen, or the
 * kernel lists it as a zombie (state Z in /proc/<pid>/stat; Node reaps it on SIGCHLD, later).
 * Without /proc (not Linux) only the first.
 */
function hasEnded(child: ChildProcess): boolean {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return true;
  try {
    const stat = fs.readFileSync(`/proc/${child.pid}/stat`, 'latin1');
    // "pid (comm) S …": comm may hold spaces and parentheses, the state follows the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
  } catch (err) {
    // Gone from /proc: reaped already. Any other failure (no /proc): assume it lives.
    return (err as NodeJS.ErrnoException).code === 'ENOENT' && fs.existsSync('/proc/self/stat');
  }
}

function closeFd(fd: number): void {
  if (fd < 0) return;
  try {
    fs.closeSync(fd);
  } catch {
    // already closed
  }
}
