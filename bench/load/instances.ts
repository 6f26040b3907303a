import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../test/support/throwaway-redis.js';
import { rssOf, treeRssOf } from './rss.js';

/** The repository root (this file is bench/load/instances.ts). */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * How an instance is started: `tsx` runs src/main.ts through the tsx loader in one node
 * process (what `npm run dev` runs, no build needed); `dist` runs the compiled
 * dist/src/main.js (what `npm start` runs; the script builds it first).
 */
export type Runner = 'tsx' | 'dist';

export interface InstanceOptions {
  name: string;
  runner: Runner;
  /** Settings of this instance (README "Running it"); PORT and HOST are set here. */
  env: Record<string, string>;
  /** Folder for the instance's log file and TMPDIR. */
  dir: string;
  /** How long start-up may take until /readyz answers 200. */
  readyTimeoutMs?: number;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * One instance of the real service as a separate process, on its own loopback port. Its
 * stdout and stderr (pino JSON lines) are kept in memory and in `<dir>/<name>.log`; its
 * resident memory (the process, and the process with its children) is sampled every 250 ms.
 */
export class ServiceInstance {
  readonly logs: string[] = [];
  peakRss = 0;
  peakTreeRss = 0;
  readonly exited: Promise<Exit>;
  #sampler: NodeJS.Timeout;
  #logFile: WriteStream;
  #exit: Exit | null = null;

  private constructor(
    readonly name: string,
    readonly url: string,
    readonly port: number,
    readonly child: ChildProcess,
    logFile: WriteStream,
  ) {
    this.#logFile = logFile;
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        this.#exit = { code, signal };
        resolve(this.#exit);
      }),
    );
    let partial = '';
    const onData = (d: Buffer) => {
      logFile.write(d);
      const text = partial + d.toString('utf8');
      const lines = text.split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) if (line.length > 0) this.logs.push(line);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    this.#sampler = setInterval(() => this.sample(), 250);
    this.#sampler.unref();
  }

  static async start(options: InstanceOptions): Promise<ServiceInstance> {
    mkdirSync(options.dir, { recursive: true });
    const port = await freePort();
    const tmp = `${options.dir}/tmp`;
    mkdirSync(tmp, { recursive: true });
    const args = options.runner === 'tsx' ? ['--import', 'tsx', 'src/main.ts'] : ['dist/src/main.js'];
    const child = spawn(process.execPath, args, {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: process.env.HOME ?? '/tmp',
        MALLOC_ARENA_MAX: '2',
        TMPDIR: tmp,
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const logFile = createWriteStream(`${options.dir}/${options.name}.log`);
    const instance = new ServiceInstance(options.name, `http://127.0.0.1:${port}`, port, child, logFile);
    await instance.waitReady(options.readyTimeoutMs ?? 90_000);
    return instance;
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  get running(): boolean {
    return this.#exit === null;
  }

  sample(): { rss: number; treeRss: number } {
    if (!this.running) return { rss: 0, treeRss: 0 };
    const rss = rssOf(this.pid);
    const treeRss = treeRssOf(this.pid);
    if (rss > this.peakRss) this.peakRss = rss;
    if (treeRss > this.peakTreeRss) this.peakTreeRss = treeRss;
    return { rss, treeRss };
  }

  /** Resets the peaks (after a warm-up). */
  resetPeaks(): void {
    this.peakRss = 0;
    this.peakTreeRss = 0;
  }

  async waitReady(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!this.running) {
        throw new Error(`${this.name} exited during start (${JSON.stringify(this.#exit)}): ${this.logs.slice(-5).join(' | ')}`);
      }
      try {
        const res = await fetch(`${this.url}/readyz`, { signal: AbortSignal.timeout(2_000) });
        await res.arrayBuffer();
        if (res.status === 200) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`${this.name} not ready after ${timeoutMs} ms: ${this.logs.slice(-5).join(' | ')}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  /** Sends `signal` and waits up to `timeoutMs` for the exit; then SIGKILL. */
  async stop(signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 30_000): Promise<Exit & { killed: boolean }> {
    if (this.running) this.child.kill(signal);
    const timer = new Promise<null>((r) => setTimeout(() => r(null), timeoutMs).unref());
    let exit = await Promise.race([this.exited, timer]);
    let killed = false;
    if (!exit) {
      killed = true;
      this.child.kill('SIGKILL');
      exit = await this.exited;
    }
    clearInterval(this.#sampler);
    await new Promise<void>((r) => this.#logFile.end(() => r()));
    return { ...exit, killed };
  }
}
